// The debug deep link: opens the probe page in this app's own react-native-webview, so a tester
// brings a run into the app (a WebView has no address bar to type it in):
//   adb shell "am start -a android.intent.action.VIEW -d 'myapp-debug://probe?url=…'"
//   xcrun simctl openurl booted 'myapp-debug://probe?url=…'
//
// Where it goes:
// 1. The scheme, natively, in debug builds: on iOS CFBundleURLTypes in the debug Info.plist
//    (Apple, "Defining a custom URL scheme for your app",
//    https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app) with
//    RCTLinkingManager called from the AppDelegate; on Android an intent filter in
//    src/debug/AndroidManifest.xml (Android, "Create deep links to app content",
//    https://developer.android.com/training/app-links/deep-linking). React Native, "Linking":
//    https://reactnative.dev/docs/linking (getInitialURL, the 'url' event, the native set-up).
// 2. In the screen that shows the WebView: const probeUrl = useProbeDeepLink(), and
//    <WebView source={{ uri: probeUrl ?? yourStartUrl }} … />.
//
// Only the probe server's origin is opened, and only under __DEV__
// (https://reactnative.dev/docs/javascript-environment#javascript-syntax-transformers). A debug hook
// that loads any URL it is given is a security hole: any page or app on the device could load
// an attacker's page into a WebView with the app's cookies and its message bridge.
import { useEffect, useState } from 'react';
import { Linking } from 'react-native';

export const PROBE_SCHEME = 'myapp-debug';
/** The probe server's origin (scheme, host and port), as `probe-server serve` prints it. */
export const PROBE_ORIGIN = 'https://probe-server.invalid:8443';

/** myapp-debug://probe?url=<percent-encoded probe URL> → the probe URL, when it is on the probe origin. */
export function probeUrlFrom(link: string | null): string | null {
  if (!__DEV__ || !link) return null;
  const prefix = PROBE_SCHEME + '://probe?';
  if (!link.toLowerCase().startsWith(prefix)) return null;
  const url = link.slice(prefix.length).split('&')
    .map((pair) => pair.split('='))
    .filter(([name]) => name === 'url')
    .map(([, value]) => decodeURIComponent(value || ''))[0];
  if (!url) return null;
  try {
    // URL.origin compares scheme, host and port (RFC 6454 §5).
    return new URL(url).origin === new URL(PROBE_ORIGIN).origin ? url : null;
  } catch {
    return null;
  }
}

/** The probe URL of the link that opened the app, then of each link that arrives while it runs. */
export function useProbeDeepLink(): string | null {
  const [probeUrl, setProbeUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!__DEV__) return undefined;
    Linking.getInitialURL().then((link) => { const url = probeUrlFrom(link); if (url) setProbeUrl(url); });
    const subscription = Linking.addEventListener('url', ({ url: link }) => { const url = probeUrlFrom(link); if (url) setProbeUrl(url); });
    return () => subscription.remove();
  }, []);
  return probeUrl;
}

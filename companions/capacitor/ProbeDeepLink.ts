// The debug deep link: opens the probe page in this Capacitor app's own WebView, so a tester
// brings a run into the app (a WebView has no address bar to type it in):
//   adb shell "am start -a android.intent.action.VIEW -d 'myapp-debug://probe?url=…'"
//   xcrun simctl openurl booted 'myapp-debug://probe?url=…'
//
// Where it goes:
// 1. The scheme, natively, in debug builds: CFBundleURLTypes in the debug Info.plist (Apple,
//    "Defining a custom URL scheme for your app",
//    https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app) and an
//    intent filter in android/app/src/debug/AndroidManifest.xml (Android, "Create deep links to
//    app content", https://developer.android.com/training/app-links/deep-linking). Capacitor,
//    "Deep Linking": https://capacitorjs.com/docs/guides/deep-links
// 2. The probe origin in server.allowNavigation of capacitor.config, or Capacitor opens it in the
//    system browser instead of its WebView (https://capacitorjs.com/docs/config, server.allowNavigation).
// 3. At the app's start, in debug builds only: if (import.meta.env.DEV) listenForProbeDeepLink();
//    (or your bundler's own flag). @capacitor/app's appUrlOpen event:
//    https://capacitorjs.com/docs/apis/app#addlistenerappurlopen-
//
// Only the probe server's origin is opened. A debug hook that loads any URL it is given is a
// security hole: any page or app on the device could load an attacker's page into the WebView
// that holds the app's storage and every Capacitor plugin.
import { App, URLOpenListenerEvent } from '@capacitor/app';

export const PROBE_SCHEME = 'myapp-debug';
/** The probe server's origin (scheme, host and port), as `probe-server serve` prints it. */
export const PROBE_ORIGIN = 'https://probe-server.invalid:8443';

/** myapp-debug://probe?url=<percent-encoded probe URL> → the probe URL, when it is on the probe origin. */
export function probeUrlFrom(link: string): string | null {
  const prefix = PROBE_SCHEME + '://probe?';
  if (!link.toLowerCase().startsWith(prefix)) return null;
  const url = new URLSearchParams(link.slice(prefix.length)).get('url');
  if (!url) return null;
  try {
    // URL.origin compares scheme, host and port (RFC 6454 §5).
    return new URL(url).origin === new URL(PROBE_ORIGIN).origin ? url : null;
  } catch {
    return null;
  }
}

export function listenForProbeDeepLink(): void {
  App.addListener('appUrlOpen', (event: URLOpenListenerEvent) => {
    const url = probeUrlFrom(event.url);
    if (url) window.location.assign(url);
  });
}

// probe-server host report for react-native-webview — docs/host-report.md.
//
// Where it goes: in a debug build, in the screen that renders the <WebView> opening the
// probe page. Keep the props in one object, give the same object to the WebView and to the
// report (the report says what the element was given), and answer in onMessage:
//
//   const PROBE_ORIGIN = 'https://192.168.1.23:8443';
//   const props = { javaScriptEnabled: true, domStorageEnabled: true, allowsInlineMediaPlayback: true,
//                   mediaPlaybackRequiresUserAction: false, mediaCapturePermissionGrantType: 'grantIfSameHostElsePrompt',
//                   sharedCookiesEnabled: true, thirdPartyCookiesEnabled: true, allowFileAccess: true };
//   const ref = useRef(null);
//   <WebView ref={ref} source={{ uri: PROBE_ORIGIN + '/' }} {...props}
//            onMessage={(event) => answerProbeHostReport(event, ref, props, PROBE_ORIGIN)} />
//
// react-native-webview cannot tell frames apart: onMessage's event says the WebView's URL
// (nativeEvent.url, the top page's), not the frame that posted (RNCWebViewImpl.m builds it
// from webView.URL; on Android, RNCWebView.java's ReactNativeWebView is an
// addJavascriptInterface object in every frame). So the answer never goes back to the sender:
// injectJavaScript runs in the main frame only, and it runs only when the top page is on the
// probe server's origin; any other page gets no answer. A frame can at most make the app
// answer the probe page.
//
// APIs:
//   react-native-webview props, onMessage, injectJavaScript
//     https://github.com/react-native-webview/react-native-webview/blob/master/docs/Reference.md
//     https://github.com/react-native-webview/react-native-webview/blob/master/docs/Guide.md#communicating-between-js-and-native
//   react-native-permissions check() https://github.com/zoontek/react-native-permissions#check
//   onMessage's event (no frame)
//     https://github.com/react-native-webview/react-native-webview/blob/master/apple/RNCWebViewImpl.m
//     https://github.com/react-native-webview/react-native-webview/blob/master/android/src/main/java/com/reactnativecommunity/webview/RNCWebView.java

import { Platform } from 'react-native';
import { check, PERMISSIONS, RESULTS } from 'react-native-permissions';

const AUTHORIZATION = {
  [RESULTS.GRANTED]: 'authorized', [RESULTS.LIMITED]: 'limited', [RESULTS.DENIED]: 'not-determined',
  [RESULTS.BLOCKED]: 'denied', [RESULTS.UNAVAILABLE]: 'restricted',
};

/** @param {string | undefined} url */
const originOf = (url) => { const m = /^([a-z]+:\/\/[^/?#]+)/i.exec(url || ''); return m ? m[1].toLowerCase() : null; };

/**
 * @param {{ nativeEvent: { data: string, url: string } }} event  the WebView's onMessage event
 * @param {{ current: { injectJavaScript(script: string): void } }} webViewRef  the WebView's ref
 * @param {Record<string, unknown>} props  the props given to the WebView
 * @param {string} probeOrigin  the probe server's origin
 */
export async function answerProbeHostReport(event, webViewRef, props, probeOrigin) {
  let request;
  try { request = JSON.parse(event.nativeEvent.data); } catch (e) { return; }
  if (!request || request.type !== 'host-report-request') return;
  // Only the probe server's page.
  if (originOf(event.nativeEvent.url) !== originOf(probeOrigin)) return;

  const ios = Platform.OS === 'ios';
  /** @type {(value: unknown, how: string) => { value: unknown, how: string }} */
  const fact = (value, how) => ({ value: value === undefined ? null : value, how });
  /** @type {(name: string, fallback: unknown) => unknown} */
  const prop = (name, fallback) => (props[name] === undefined ? fallback : props[name]);
  const camera = await check(ios ? PERMISSIONS.IOS.CAMERA : PERMISSIONS.ANDROID.CAMERA);
  const photos = await check(ios ? PERMISSIONS.IOS.PHOTO_LIBRARY : PERMISSIONS.ANDROID.READ_MEDIA_IMAGES);
  /** @type {Record<string, { value: unknown, how: string }>} */
  const facts = {
    cameraAuthorization: fact(AUTHORIZATION[camera], ios ? 'react-native-permissions check(PERMISSIONS.IOS.CAMERA)' : 'react-native-permissions check(PERMISSIONS.ANDROID.CAMERA)'),
    photosAuthorization: fact(AUTHORIZATION[photos], ios ? 'react-native-permissions check(PERMISSIONS.IOS.PHOTO_LIBRARY)' : 'react-native-permissions check(PERMISSIONS.ANDROID.READ_MEDIA_IMAGES)'),
    // The defaults are react-native-webview's own (docs/Reference.md).
    javaScriptEnabled: fact(prop('javaScriptEnabled', true), 'the javaScriptEnabled prop'),
    domStorageEnabled: fact(prop('domStorageEnabled', true), 'the domStorageEnabled prop'),
    mediaPlaybackRequiresUserGesture: fact(prop('mediaPlaybackRequiresUserAction', true), 'the mediaPlaybackRequiresUserAction prop'),
    allowFileAccess: fact(prop('allowFileAccess', false), 'the allowFileAccess prop'),
    acceptThirdPartyCookies: fact(prop('thirdPartyCookiesEnabled', true), 'the thirdPartyCookiesEnabled prop'),
  };
  if (ios) {
    facts.allowsInlineMediaPlayback = fact(prop('allowsInlineMediaPlayback', false), 'the allowsInlineMediaPlayback prop');
    facts.mediaCapturePermissionGrantType = fact(prop('mediaCapturePermissionGrantType', 'prompt'), 'the mediaCapturePermissionGrantType prop');
    facts.acceptCookies = fact(prop('sharedCookiesEnabled', false), 'the sharedCookiesEnabled prop (iOS)');
  }
  const report = { schema: 'probe-server.host-report/1', host: { platform: ios ? 'ios' : 'android', wrapper: 'react-native-webview' }, facts };
  // JSON is a JavaScript expression; the page defines window.probeHostReport.
  webViewRef.current.injectJavaScript(`window.probeHostReport(${JSON.stringify(report)}); true;`);
}

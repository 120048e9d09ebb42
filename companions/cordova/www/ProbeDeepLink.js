// The debug deep link: opens the probe page in this Cordova app's own WebView, so a tester
// brings a run into the app (a WebView has no address bar to type it in):
//   adb shell "am start -a android.intent.action.VIEW -d 'myapp-debug://probe?url=…'"
//   xcrun simctl openurl booted 'myapp-debug://probe?url=…'
//
// Where it goes:
// 1. The scheme: cordova plugin add cordova-plugin-customurlscheme --variable URL_SCHEME=myapp-debug,
//    which registers it (CFBundleURLTypes on iOS, an intent filter on Android) and calls
//    window.handleOpenURL(url) with each link (https://github.com/EddyVerbruggen/Custom-URL-scheme).
//    The platform facts behind it: Apple, "Defining a custom URL scheme for your app"
//    (https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app);
//    Android, "Create deep links to app content" (https://developer.android.com/training/app-links/deep-linking).
// 2. cordova plugin add cordova-plugin-buildinfo, whose BuildInfo.debug tells a debug build
//    (https://github.com/lynrin/cordova-plugin-buildinfo): the link does nothing in a release.
// 3. <allow-navigation href="https://PROBE-HOST:PORT/*" /> in config.xml, or the WebView does not
//    navigate to the probe origin (https://cordova.apache.org/docs/en/latest/reference/cordova-plugin-whitelist/ ,
//    built into cordova-android 10+ and cordova-ios 6+); then <script src="ProbeDeepLink.js"></script>
//    in www/index.html.
//
// Only the probe server's origin is opened. A debug hook that loads any URL it is given is a
// security hole: any page or app on the device could load an attacker's page into the WebView
// that holds the app's storage and every Cordova plugin.
'use strict';

var PROBE_SCHEME = 'myapp-debug';
/** The probe server's origin (scheme, host and port), as `probe-server serve` prints it. */
var PROBE_ORIGIN = 'https://probe-server.invalid:8443';

/**
 * myapp-debug://probe?url=<percent-encoded probe URL> → the probe URL, when it is on the probe origin.
 * @param {string} link
 * @returns {string | null}
 */
function probeUrlFrom(link) {
  var prefix = PROBE_SCHEME + '://probe?';
  if (link.toLowerCase().indexOf(prefix) !== 0) return null;
  var url = new URLSearchParams(link.slice(prefix.length)).get('url');
  if (!url) return null;
  try {
    // URL.origin compares scheme, host and port (RFC 6454 §5).
    return new URL(url).origin === new URL(PROBE_ORIGIN).origin ? url : null;
  } catch (error) {
    return null;
  }
}

document.addEventListener('deviceready', function () {
  if (typeof BuildInfo === 'undefined' || !BuildInfo || !BuildInfo.debug) return;
  window.handleOpenURL = function (link) {
    var url = probeUrlFrom(link);
    // The plugin calls this before the page is ready to navigate: the next turn of the loop.
    if (url) setTimeout(function () { window.location.assign(/** @type {string} */ (url)); }, 0);
  };
}, false);

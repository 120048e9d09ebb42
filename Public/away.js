/* A page away from the test page. ?back=PATH returns at once (storage.navigation: a full
   navigation away and back); ?close=1 is the window that nav.windowOpen opened. */
(function () {
  'use strict';
  var q = new URLSearchParams(location.search), back = q.get('back');
  var text = document.getElementById('away-text'), link = document.getElementById('away-back');
  /* Same-origin targets only: an open redirect would load any page inside the WebView
     under test, with the app's bridges. Checked on the browser's own parse of the URL (the
     WHATWG URL parser strips tab, CR and LF and reads backslashes as slashes, so
     "/\t/evil.example" is "//evil.example"), never on the text: https://url.spec.whatwg.org/#concept-basic-url-parser */
  var target = null;
  if (back) {
    try {
      var parsed = new URL(back, location.href);
      if (parsed.origin === location.origin) target = parsed.href;
    } catch (e) { target = null; }
  }
  /* "Back to the test page" returns to the same run, never to / (which starts a new one):
     this tab's run (sessionStorage), else the device's open run (localStorage). */
  var run = null;
  try { run = JSON.parse(sessionStorage.getItem('probe.current') || 'null') || JSON.parse(localStorage.getItem('probe.openRun') || 'null'); } catch (e) { run = null; }
  if (run && typeof run.url === 'string' && run.url.charAt(0) === '/' && run.url.charAt(1) !== '/' && run.url.indexOf('\\') < 0) link.href = run.url;
  if (target) {
    link.href = target;
    /* This script runs once the document is parsed (defer): the navigation away has
       committed, which is all storage.navigation needs. Waiting for its stylesheet (the load
       event) proves nothing more, and the unattended flow waits for it. */
    location.replace(target);
  } else if (q.get('close')) {
    text.textContent = 'The test page opened this window. Close it, or go back to the test page.';
    /* Tell the test page this window loaded (nav.windowOpen tells a lost window from one shown). */
    try { if (window.opener) window.opener.postMessage('probe.windowOpen.loaded', location.origin); } catch (e) { /* no opener */ }
    try { localStorage.setItem('probe.windowOpen.loaded', String(Date.now())); } catch (e) { /* storage off */ }
    try { window.close(); } catch (e) { /* only script-opened windows close */ }
  } else if (q.get('return')) {
    text.textContent = 'This is the return URL. If you see it, it opened in the WebView rather than in your app.';
  }
})();

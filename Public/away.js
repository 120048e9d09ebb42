/* A page away from the test page: ?close=1 is the window that nav.windowOpen opened, ?return=1
   the return URL nav.returnUrl offers. It sends nobody anywhere by itself: only its link,
   to this device's own run, leaves it. */
(function () {
  'use strict';
  var q = new URLSearchParams(location.search);
  var text = document.getElementById('away-text'), link = document.getElementById('away-back');
  /* "Back to the test page" returns to the same run, never to / (which starts a new one):
     this tab's run (sessionStorage), else the device's open run (localStorage). */
  var run = null;
  try { run = JSON.parse(sessionStorage.getItem('probe.current') || 'null') || JSON.parse(localStorage.getItem('probe.openRun') || 'null'); } catch (e) { run = null; }
  if (run && typeof run.url === 'string' && run.url.charAt(0) === '/' && run.url.charAt(1) !== '/' && run.url.indexOf('\\') < 0) link.href = run.url;
  if (q.get('close')) {
    text.textContent = 'The test page opened this window. Close it, or go back to the test page.';
    /* Tell the test page this window loaded (nav.windowOpen tells a lost window from one shown). */
    try { if (window.opener) window.opener.postMessage('probe.windowOpen.loaded', location.origin); } catch (e) { /* no opener */ }
    try { localStorage.setItem('probe.windowOpen.loaded', String(Date.now())); } catch (e) { /* storage off */ }
    try { window.close(); } catch (e) { /* only script-opened windows close */ }
  } else if (q.get('return')) {
    text.textContent = 'This is the return URL. If you see it, it opened in the WebView rather than in your app.';
  }
})();

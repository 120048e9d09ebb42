/* A page away from the test page. ?back=PATH returns at once (storage.navigation: a full
   navigation away and back); ?close=1 is the window that nav.windowOpen opened. */
(function () {
  'use strict';
  var q = new URLSearchParams(location.search), back = q.get('back');
  var text = document.getElementById('away-text'), link = document.getElementById('away-back');
  /* Same-origin paths only: an open redirect would let any link bounce through us. */
  if (back && back.charAt(0) === '/' && back.charAt(1) !== '/' && back.charAt(1) !== '\\') {
    link.href = back;
    setTimeout(function () { location.replace(back); }, 300);
  } else if (q.get('close')) {
    text.textContent = 'The test page opened this window. Close it, or go back to the test page.';
    try { window.close(); } catch (e) { /* only script-opened windows close */ }
  } else if (q.get('return')) {
    text.textContent = 'This is the return URL. If you see it, it opened in the WebView rather than in your app.';
  }
})();

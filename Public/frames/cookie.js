/* Runs on the second origin inside a frame of the test page: sets a SameSite=None; Secure
   cookie through the server, then asks the server whether the next credentialed request
   carried it, and tells the parent. */
(function () {
  'use strict';
  var q = new URLSearchParams(location.search), v = q.get('v') || '1', parent = q.get('parent'), back = q.get('back');
  /* Loaded as the page, not in a frame: the host took the frame's navigation over and loaded
     it in the main frame. Back to the test page, which records it (only to the parent's origin). */
  if (window.top === window && parent && back) {
    try { if (new URL(back).origin === parent) { location.replace(back); return; } } catch (e) { /* not a URL */ }
  }
  var o = { type: 'probe-cookie', set: false, readBack: false, storageAccessApi: typeof document.hasStorageAccess === 'function' };
  var get = function (url) { return fetch(url, { credentials: 'include', cache: 'no-store' }).then(function (r) { return r.json(); }); };
  get('/probe/cookie/third-party/set?v=' + encodeURIComponent(v)).then(function (j) {
    o.set = j.setCookie === true;
    return get('/probe/cookie/echo');
  }).then(function (j) {
    o.readBack = j.cookies.probe_3p === v;
  }).catch(function (e) {
    o.errorName = e.name;
  }).then(function () {
    if (parent) window.parent.postMessage(o, parent);
  });
})();

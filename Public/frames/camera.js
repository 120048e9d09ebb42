/* Runs on a second origin inside a frame of the test page: asks for the camera and tells
   the parent how it went. A well-configured host denies it: the origin is not the page's. */
(function () {
  'use strict';
  var parent = new URLSearchParams(location.search).get('parent');
  var t0 = performance.now();
  var send = function (o) {
    o.type = 'probe-camera';
    o.elapsedMs = Math.round(performance.now() - t0);
    if (parent) window.parent.postMessage(o, parent);
  };
  var md = navigator.mediaDevices;
  if (!md || !md.getUserMedia) return send({ outcome: 'error', errorName: 'TypeError', errorMessage: 'no getUserMedia on this origin' });
  /* A host that never answers leaves the promise pending: report it as an error. */
  var timer = setTimeout(function () { send({ outcome: 'error', errorName: 'TimeoutError', errorMessage: 'no answer within 10 s' }); send = function () {}; }, 10000);
  md.getUserMedia({ video: true }).then(function (stream) {
    clearTimeout(timer);
    stream.getTracks().forEach(function (t) { t.stop(); });
    send({ outcome: 'granted', errorName: null });
  }, function (e) {
    clearTimeout(timer);
    send({ outcome: 'error', errorName: e.name, errorMessage: e.message });
  });
})();

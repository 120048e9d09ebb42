/* The app framework's signals (env.platform's wrapperSignals) and the end screen's fixes per
   wrapper; the server decides (docs/wrappers.md). The names come from the catalog
   (/api/config wrapperSignals, each wrapper's data file): WKWebView's handlers are not
   enumerable, so they are tried by name. Before the config is in (the first screen) only
   what needs no name is read. */
(function () {
  function signals(names) {
    var G = (names && names.globals) || [], H = (names && names.messageHandlers) || [];
    var o = { globals: G.filter(function (n) { return window[n] != null; }), messageHandlers: [] }, m, C = window.Capacitor, c = window.cordova;
    try { m = webkit.messageHandlers; o.messageHandlers = H.filter(function (n) { return !!m[n]; }); } catch (e) { /* none */ }
    try { o.capacitorPlatform = C.getPlatform(); o.capacitorNative = !!C.isNativePlatform(); } catch (e) { /* none */ }
    if (c) { o.cordovaPlatform = c.platformId || null; o.cordovaVersion = c.version || null; }
    m = /[?&]wrapper=([^&#]*)/.exec(location.search);
    if (m) o.override = decodeURIComponent(m[1]);
    return o;
  }
  /* The detected wrapper's fix open, the others folded; false when the remedy has only the
     declared native and React Native lines (the end screen shows the platform's one). */
  var LINES = ['native-ios', 'native-android', 'react-native-webview'];
  function renderFixes(remedy, li) {
    var f = remedy && remedy.fixes, d = li.ownerDocument, box = li;
    if (!f || !f.some(function (x) { return LINES.indexOf(x.wrapper) < 0; })) return false;
    f.forEach(function (x, i) {
      if (i === 1) {
        box = li.appendChild(d.createElement('details'));
        box.appendChild(d.createElement('summary')).textContent = 'The fix in the other wrappers (' + (f.length - 1) + ')';
      }
      var label = box.appendChild(d.createElement('p'));
      label.textContent = x.wrapper + ' (' + x.language + (x.family ? ', ' + x.family : '') + ') ';
      if (/^https:\/\//.test(x.docs || '')) {
        var doc = label.appendChild(d.createElement('a'));
        doc.href = x.docs;
        doc.textContent = 'Documentation';
      }
      var pre = box.appendChild(d.createElement('pre'));
      pre.className = 'remedy';
      pre.textContent = x.code;
    });
    return true;
  }
  window.ProbeWrapper = { signals: signals, renderFixes: renderFixes };
})();

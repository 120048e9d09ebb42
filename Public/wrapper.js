/* The app framework's signals (env.platform's wrapperSignals); the server decides
   (docs/wrappers.md). The names come from the catalog
   (/api/config wrapperSignals, each wrapper's data file): WKWebView's handlers are not
   enumerable, so they are tried by name. Before the config is in (the first screen) only
   what needs no name is read. */
(function () {
  function signals(names) {
    var G = (names && names.globals) || [], H = (names && names.messageHandlers) || [];
    var o = { globals: G.filter(function (n) { return window[n] != null; }), messageHandlers: [] }, m, C = window.Capacitor, c = window.cordova;
    try { m = webkit.messageHandlers; o.messageHandlers = H.filter(function (n) { return !!m[n]; }); } catch (e) { /* none */ }
    /* Release markers: a bridge member one release added (docs/wrapper-data.md), by dotted path. */
    o.markers = ((names && names.markers) || []).filter(function (p) {
      try { return p.split('.').reduce(function (v, k) { return v[k]; }, window) != null; } catch (e) { return false; }
    });
    try { o.capacitorPlatform = C.getPlatform(); o.capacitorNative = !!C.isNativePlatform(); } catch (e) { /* none */ }
    if (c) { o.cordovaPlatform = c.platformId || null; o.cordovaVersion = c.version || null; }
    m = /[?&]wrapper=([^&#]*)/.exec(location.search);
    if (m) o.override = decodeURIComponent(m[1]);
    return o;
  }
  window.ProbeWrapper = { signals: signals };
})();

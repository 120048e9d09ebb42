/* Phase environment: JavaScript, the platform and its versions, the secure context, the
   layout, and what the host injected. */
(() => {
'use strict';
const I = window.ProbeImpl, P = I.probes, result = I.result, info = I.info;

/* Posting at all proves JavaScript runs; with it off, the <noscript> image in index.html
   tells the server (noscriptBeacon). */
P['env.script'] = async () => result(true, { javascript: true });

/* What the platform detector reads (PlatformDetector.swift): the user agent, the client
   hints where Chromium offers them, and the bridges a wrapper installs. The first screen
   sends the same to POST /api/platform, to say at once whether a browser opened the page. */
I.platformSignals = () => {
  const o = {
    userAgent: navigator.userAgent, reactNativeWebView: !!window.ReactNativeWebView,
    webkitMessageHandlers: !!(window.webkit && window.webkit.messageHandlers), maxTouchPoints: navigator.maxTouchPoints | 0
  };
  /* wrapper.js: the app framework's own signals, by the names the catalog gives once the
     config is in (/api/config wrapperSignals; docs/wrappers.md). */
  if (window.ProbeWrapper) o.wrapperSignals = ProbeWrapper.signals(I.wrapperNames);
  const uad = navigator.userAgentData;
  if (uad) Object.assign(o, { uaBrands: uad.brands.map((b) => `${b.brand}/${b.version}`), uaPlatform: uad.platform, uaMobile: !!uad.mobile });
  return o;
};
/* Asked at load, while the config is out, not on the step's time. */
const uad0 = navigator.userAgentData, asked = uad0 && uad0.getHighEntropyValues && uad0.getHighEntropyValues(['platformVersion']);
if (asked) asked.catch(() => {});
P['env.platform'] = async (ctx) => {
  const signals = I.platformSignals();
  /* The handler names found (WKWebView's messageHandlers object is not enumerable: the
     catalog's names are tried, wrapper.js), also under their older field. */
  const o = Object.assign(signals, {
    messageHandlerNames: signals.wrapperSignals ? signals.wrapperSignals.messageHandlers : [], screenWidth: screen.width | 0, screenHeight: screen.height | 0, devicePixelRatio: devicePixelRatio || 1,
    standalone: typeof navigator.standalone === 'boolean' ? navigator.standalone : null,
    /* What a site may read besides the agent to tell a phone or tablet from a desktop. */
    navigatorPlatform: typeof navigator.platform === 'string' ? navigator.platform : null
  });
  const uad = navigator.userAgentData;
  if (uad) {
    /* A reduced user agent says "Android 10" whatever the version
       (https://www.chromium.org/updates/ua-reduction/): the client hint has the real one. */
    try {
      const high = await I.within(asked || uad.getHighEntropyValues(['platformVersion']), ctx.limit('highEntropyMs'), 'getHighEntropyValues');
      o.uaPlatformVersion = high.platformVersion || null;
    } catch (e) { /* the user agent string stands */ }
  }
  return result(true, o);
};

P['env.secureContext'] = async () => {
  const secure = window.isSecureContext === true;
  return result(secure, { isSecureContext: secure, protocol: location.protocol, origin: location.origin });
};

/* The viewport tag's content, as much as a report shows of it (the catalog's field says 160). */
const VIEWPORT_CONTENT_CHARS = 160;
P['env.viewport'] = async () => {
  /* Android reports screen.width and height as oriented, iOS always as portrait: take the
     screen's height in the page's current orientation. */
  const sw = screen.width, sh = screen.height;
  const screenH = innerWidth > innerHeight ? Math.min(sw, sh) : Math.max(sw, sh);
  /* app.css pads .safe-area-probe with env(safe-area-inset-*): its computed padding is the inset. */
  const probe = document.body.appendChild(document.createElement('div'));
  probe.className = 'safe-area-probe';
  const cs = getComputedStyle(probe), top = parseFloat(cs.paddingTop) || 0, bottom = parseFloat(cs.paddingBottom) || 0;
  probe.remove();
  /* index.html's one tag has viewport-fit=cover; one a host adds wins over it
     (https://github.com/flutter/flutter/issues/96094). */
  const tags = document.querySelectorAll('meta[name="viewport"]');
  const inEffect = tags.length ? (tags[tags.length - 1].getAttribute('content') || '') : '';
  return info({
    innerWidth, innerHeight, screenWidth: sw, screenHeight: sh, safeAreaTop: top, safeAreaBottom: bottom,
    heightRatio: screenH ? Math.round(innerHeight / screenH * 1000) / 1000 : null,
    viewportTags: tags.length, viewportFitCover: /viewport-fit\s*=\s*cover/i.test(inEffect), viewportContent: inEffect.slice(0, VIEWPORT_CONTENT_CHARS),
    orientation: (screen.orientation && screen.orientation.type) || (matchMedia('(orientation: landscape)').matches ? 'landscape' : 'portrait')
  });
};

/* The page's own globals (each of its files' window.Probe…, and host-report.js's answer
   callback, docs/host-report.md) and frame indexes are not the host's. */
const PAGE_GLOBALS = /^(Probe(Results|Impl|App|Wrapper|End|Welcome|HostReport)|probeHostReport|\d+)$/;
P['env.injected'] = async (ctx) => {
  /* It runs beside the steps after it (its declaration): after the tasks queued, so they start
     their requests first. */
  await I.sleep();
  /* A built-in the host replaced no longer prints as "[native code]"; the camera results
     then describe the host's shim, not the engine. A cookie shim may sit on the document
     itself (Capacitor's CapacitorCookies), so that is read before the prototype. */
  const toString = Function.prototype.toString, md = navigator.mediaDevices || {},
    cookie = Object.getOwnPropertyDescriptor(document, 'cookie') || Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  const natives = { fetch, 'XMLHttpRequest.open': XMLHttpRequest.prototype.open, 'navigator.mediaDevices.getUserMedia': md.getUserMedia,
    'navigator.mediaDevices.enumerateDevices': md.enumerateDevices, 'window.open': open, 'window.postMessage': postMessage,
    'document.cookie': cookie && cookie.get, 'Function.prototype.toString': toString };
  const patched = Object.keys(natives).filter((k) => {
    try { return typeof natives[k] === 'function' && !/\[native code\]\s*\}\s*$/.test(toString.call(natives[k])); } catch (e) { return true; }
  });
  /* Hosts inject into the main frame only (WKUserScript forMainFrameOnly, Android's
     evaluateJavascript): a fresh same-origin frame's globals are the baseline. */
  const frame = ctx.stage.appendChild(document.createElement('iframe')), baseline = {};
  try { Object.getOwnPropertyNames(frame.contentWindow).forEach((n) => { baseline[n] = 1; }); } catch (e) { /* none */ }
  I.removeWhenIdle(frame);
  const globals = Object.getOwnPropertyNames(window).filter((n) => !baseline[n] && !PAGE_GLOBALS.test(n));
  /* addJavascriptInterface objects are in every frame, so they are looked for by name. */
  /* The wrappers' bridges by the catalog's names (/api/config wrapperSignals); "Android" is the
     name Android's guide gives an app's own interface
     (https://developer.android.com/develop/ui/views/layout/webapps/webview#BindingJavaScript);
     ProbeHost and qt are the host report's Android and Qt bridges (host-report.js): the diff
     weighs a report's bridge against this list (docs/host-report.md). */
  const names = I.wrapperNames || { globals: [], messageHandlers: [] };
  const bridges = names.globals.concat(['Android', 'ProbeHost', 'qt']).filter((n) => window[n])
    .concat(globals.filter((n) => /bridge|android|native|jsinterface/i.test(n)));
  try { Object.keys(webkit.messageHandlers).concat(names.messageHandlers).forEach((n) => { if (webkit.messageHandlers[n] && bridges.indexOf('webkit.messageHandlers.' + n) < 0) bridges.push('webkit.messageHandlers.' + n); }); } catch (e) { /* none */ }
  return info({ patchedNatives: patched, unexpectedGlobals: globals.slice(0, 50), bridgeObjects: bridges });
};
})();

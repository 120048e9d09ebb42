/* The probes of SPEC §3. Each takes the run context and resolves with
   {status, observed, reason?}; observed field names are the catalog's contract
   (Sources/ProbeCatalog/StandardProbes.swift). A probe never throws on a missing API:
   it records the error's name and message and the flow moves on. */
(function () {
  'use strict';

  var now = function () { return window.performance ? performance.now() : Date.now(); };
  var ms = function (t0) { return Math.round((now() - t0) * 10) / 10; };
  var sleep = function (t) { return new Promise(function (r) { setTimeout(r, t); }); };
  var hex = function (buf) {
    return Array.prototype.map.call(new Uint8Array(buf), function (b) { return (b < 16 ? '0' : '') + b.toString(16); }).join('');
  };
  var nonce = function () { return hex(crypto.getRandomValues(new Uint8Array(8))); };
  function named(name, message) { var e = new Error(message); e.name = name; return e; }
  /* Our own TimeoutError when an API never settles: QtWebEngine with no permission
     handler leaves getUserMedia pending forever (ENGINES.md). */
  function within(promise, t, what) {
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () { reject(named('TimeoutError', what + ' did not settle within ' + t + ' ms')); }, t);
      promise.then(function (v) { clearTimeout(timer); resolve(v); }, function (e) { clearTimeout(timer); reject(e); });
    });
  }
  var errName = function (e) { return (e && e.name) || 'Error'; };
  var errMessage = function (e) { return (e && e.message) || String(e); };
  var result = function (ok, observed) { return { status: ok ? 'pass' : 'fail', observed: observed }; };
  var info = function (observed) { return { status: 'info', observed: observed }; };
  var skipped = function (reason, observed) { return { status: 'skipped', reason: reason, observed: observed || {} }; };
  async function getJSON(url, init) {
    var r = await fetch(url, init || { credentials: 'same-origin', cache: 'no-store' });
    return { status: r.status, ok: r.ok, json: await r.json() };
  }

  /* SHA-256: crypto.subtle exists only in secure contexts (a LAN address over http is
     not one), so a small FIPS 180-4 implementation stands in. */
  var K = [], H0 = [];
  (function () {
    var frac = function (x) { return ((x - Math.floor(x)) * 4294967296) | 0; };
    for (var n = 2, c = 0; c < 64; n++) {
      for (var d = 2; d * d <= n && n % d; d++);
      if (d * d <= n) continue;
      if (c < 8) H0[c] = frac(Math.pow(n, 1 / 2));
      K[c++] = frac(Math.pow(n, 1 / 3));
    }
  })();
  function sha256js(buffer) {
    var len = buffer.byteLength, p = new Uint8Array(((len + 72) >> 6) << 6);
    p.set(new Uint8Array(buffer));
    p[len] = 0x80;
    var v = new DataView(p.buffer), h = H0.slice(), w = new Int32Array(64);
    v.setUint32(p.length - 8, Math.floor(len / 536870912));
    v.setUint32(p.length - 4, (len << 3) >>> 0);
    var rot = function (x, n) { return (x >>> n) | (x << (32 - n)); };
    for (var off = 0; off < p.length; off += 64) {
      for (var i = 0; i < 64; i++) {
        w[i] = i < 16 ? v.getInt32(off + i * 4)
          : (w[i - 16] + (rot(w[i - 15], 7) ^ rot(w[i - 15], 18) ^ (w[i - 15] >>> 3)) + w[i - 7] +
             (rot(w[i - 2], 17) ^ rot(w[i - 2], 19) ^ (w[i - 2] >>> 10))) | 0;
      }
      var s = h.slice();
      for (i = 0; i < 64; i++) {
        var t1 = (s[7] + (rot(s[4], 6) ^ rot(s[4], 11) ^ rot(s[4], 25)) + ((s[4] & s[5]) ^ (~s[4] & s[6])) + K[i] + w[i]) | 0;
        var t2 = ((rot(s[0], 2) ^ rot(s[0], 13) ^ rot(s[0], 22)) + ((s[0] & s[1]) ^ (s[0] & s[2]) ^ (s[1] & s[2]))) | 0;
        s = [(t1 + t2) | 0, s[0], s[1], s[2], (s[3] + t1) | 0, s[4], s[5], s[6]];
      }
      h = h.map(function (x, j) { return (x + s[j]) | 0; });
    }
    return h.map(function (x) { return ('0000000' + (x >>> 0).toString(16)).slice(-8); }).join('');
  }
  async function sha256(buffer) {
    try { return hex(await crypto.subtle.digest('SHA-256', buffer)); } catch (e) { return sha256js(buffer); }
  }

  /* The format from the first bytes, as the server sniffs it (ImageFormat.swift); HEIF
     brands count as heic, the catalog knows jpeg, png, heic, gif, webp, other. */
  function sniff(buffer) {
    var b = new Uint8Array(buffer, 0, Math.min(64, buffer.byteLength));
    var at = function (from, to) { return String.fromCharCode.apply(null, Array.prototype.slice.call(b, from, to)); };
    if (b[0] === 0xFF && b[1] === 0xD8 && b[2] === 0xFF) return 'jpeg';
    if (b[0] === 0x89 && at(1, 4) === 'PNG') return 'png';
    if (at(0, 4) === 'GIF8') return 'gif';
    if (at(0, 4) === 'RIFF' && at(8, 12) === 'WEBP') return 'webp';
    if (at(4, 8) === 'ftyp' && /heic|heix|hevc|hevx|heim|heis|mif1|msf1/.test(at(8, 64))) return 'heic';
    return 'other';
  }
  function readBytes(blob) {
    if (blob.arrayBuffer) return blob.arrayBuffer();
    return new Promise(function (resolve, reject) {
      var r = new FileReader();
      r.onload = function () { resolve(r.result); };
      r.onerror = function () { reject(r.error); };
      r.readAsArrayBuffer(blob);
    });
  }

  async function permissionState() {
    /* Firefox and older Safari throw TypeError for 'camera': a value, not a failure. */
    try { return (await within(navigator.permissions.query({ name: 'camera' }), 2000, 'permissions.query')).state; } catch (e) { return 'unsupported'; }
  }
  function stopStream(stream) { if (stream) stream.getTracks().forEach(function (t) { t.stop(); }); }
  /* One getUserMedia call, timed to the promise settling: a denial under ~100 ms had no
     person in it (the WebView layer refused, seed 001). */
  async function gum(constraints, limit) {
    var t0 = now();
    try {
      var stream = await within(navigator.mediaDevices.getUserMedia(constraints), limit, 'getUserMedia');
      return { outcome: 'granted', stream: stream, elapsedMs: ms(t0) };
    } catch (e) {
      return { outcome: 'error', errorName: errName(e), errorMessage: errMessage(e), elapsedMs: ms(t0) };
    }
  }
  async function videoInputs() {
    try {
      var list = (await within(navigator.mediaDevices.enumerateDevices(), 3000, 'enumerateDevices')).filter(function (d) { return d.kind === 'videoinput'; });
      return { count: list.length, labels: list.some(function (d) { return !!d.label; }) };
    } catch (e) { return { count: null, labels: null }; }
  }
  function settings(stream) {
    var t = stream && stream.getVideoTracks()[0];
    var s = t && t.getSettings ? t.getSettings() : null;
    return s && { width: s.width || null, height: s.height || null, frameRate: s.frameRate || null, facingMode: s.facingMode || null };
  }

  /* A message of `type` from a frame on `origin`, or null after `limit` ms. */
  function frameMessage(ctx, src, origin, type, limit, allow) {
    return new Promise(function (resolve) {
      var frame = document.createElement('iframe');
      if (allow) frame.allow = allow;
      frame.title = type;
      frame.className = 'probe-frame';
      var done = function (data) {
        clearTimeout(timer);
        window.removeEventListener('message', onMessage);
        frame.remove();
        resolve(data);
      };
      var onMessage = function (ev) { if (ev.origin === origin && ev.data && ev.data.type === type) done(ev.data); };
      var timer = setTimeout(done, limit, null);
      window.addEventListener('message', onMessage);
      frame.src = src;
      ctx.stage.appendChild(frame);
    });
  }

  var cookieHas = function (name, value) { return document.cookie.split(/;\s*/).indexOf(name + '=' + value) >= 0; };
  function setCookie(name, value, extra) {
    document.cookie = name + '=' + value + '; path=/; SameSite=Lax' + (location.protocol === 'https:' ? '; Secure' : '') + (extra || '');
  }
  function storageGet(area, key) { try { return window[area].getItem(key); } catch (e) { return null; } }
  function storageSet(area, key, value) { try { window[area].setItem(key, value); } catch (e) { /* storage off */ } }

  /* The committed fixture: MP4 (H.264/AAC) for WebKit, WebM for builds without
     proprietary codecs. It has an audio track on purpose: WebKit lets a video without
     audio autoplay, so an unmuted test needs sound to be a test. */
  function fixtureVideo(ctx, muted) {
    var v = document.createElement('video');
    v.muted = muted;
    /* iOS plays a video fullscreen unless it has playsinline (webkit- before iOS 10). */
    v.setAttribute('playsinline', '');
    v.setAttribute('webkit-playsinline', '');
    v.className = 'probe-video';
    v.innerHTML = '<source src="media/clip.mp4" type="video/mp4"><source src="media/clip.webm" type="video/webm">';
    ctx.stage.appendChild(v);
    return v;
  }
  /* play() returns a promise in current engines and undefined in old ones: also wait for
     'playing', and give up after `limit`. */
  function play(v, limit) {
    return new Promise(function (resolve) {
      var end = function (played, e) {
        resolve({ played: played, errorName: e ? errName(e) : null, errorMessage: e ? errMessage(e) : null });
        end = function () {};
      };
      v.addEventListener('playing', function () { end(true); });
      setTimeout(function () { end(false, named('TimeoutError', 'the video did not start within ' + limit + ' ms')); }, limit);
      try {
        var p = v.play();
        if (p) p.then(function () { end(true); }, function (e) { end(false, e); });
      } catch (e) { end(false, e); }
    });
  }
  var isFullscreen = function (v) { return !!(document.fullscreenElement || document.webkitFullscreenElement || v.webkitDisplayingFullscreen); };
  function watchFullscreen(v) {
    var seen = { entered: false };
    var mark = function () { if (isFullscreen(v)) seen.entered = true; };
    v.addEventListener('webkitbeginfullscreen', function () { seen.entered = true; });
    document.addEventListener('fullscreenchange', mark);
    document.addEventListener('webkitfullscreenchange', mark);
    return seen;
  }

  /* Samples the preview on a 32×24 canvas every ~100 ms for `span` ms. Black: every
     sample's mean luminance under 10/255. Frozen: every sample identical. Frames come
     from requestVideoFrameCallback, else the decoder's counter, else distinct samples. */
  async function sampleFrames(v, span) {
    var canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 24;
    var g = canvas.getContext('2d'), samples = [], callbacks = 0, counting = true;
    if (v.requestVideoFrameCallback) {
      var onFrame = function () { if (counting) { callbacks++; v.requestVideoFrameCallback(onFrame); } };
      v.requestVideoFrameCallback(onFrame);
    }
    var decoded = function () {
      return v.getVideoPlaybackQuality ? v.getVideoPlaybackQuality().totalVideoFrames
        : typeof v.webkitDecodedFrameCount === 'number' ? v.webkitDecodedFrameCount : null;
    };
    var before = decoded(), error = null;
    for (var round = 0; round <= 10; round++) {
      try {
        g.drawImage(v, 0, 0, 32, 24);
        var d = g.getImageData(0, 0, 32, 24).data, sum = 0, hash = 0;
        for (var i = 0; i < d.length; i += 4) {
          sum += 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
          hash = (hash * 31 + d[i] + d[i + 1] * 7 + d[i + 2] * 13) | 0;
        }
        samples.push({ luma: sum / 768, hash: hash });
      } catch (e) { error = errName(e); }
      if (round < 10) await sleep(span / 10);
    }
    counting = false;
    var distinct = {};
    samples.forEach(function (s) { distinct[s.hash] = 1; });
    var after = decoded(), frames, source;
    if (v.requestVideoFrameCallback) { frames = callbacks; source = 'requestVideoFrameCallback'; }
    else if (after !== null && before !== null) { frames = after - before; source = 'decodedFrames'; }
    else { frames = Object.keys(distinct).length; source = 'distinctSamples'; }
    return {
      frames: frames, frameSource: source, samples: samples.length, sampleError: error,
      black: samples.length > 0 && samples.every(function (s) { return s.luma < 10; }),
      frozen: samples.length > 1 && Object.keys(distinct).length === 1,
      meanLuma: samples.length ? Math.round(samples.reduce(function (a, s) { return a + s.luma; }, 0) / samples.length) : null
    };
  }

  /* --- files ---------------------------------------------------------------------- */

  function fileInput(id, accept, capture) {
    var input = document.getElementById(id);
    if (!input) {
      input = document.createElement('input');
      input.type = 'file';
      input.id = id;
      input.className = 'visually-hidden';
      input.tabIndex = -1;
      document.body.appendChild(input);
    }
    input.accept = accept;
    if (capture) input.setAttribute('capture', capture);
    input.value = '';
    return input;
  }
  /* What the page can say about a picked file, then the server's view of its upload. */
  async function describeFile(file, ctx) {
    var f = { name: file.name, type: file.type, size: file.size, lastModified: file.lastModified || null,
      lastModifiedAgeMs: file.lastModified ? Date.now() - file.lastModified : null, hashMatch: false, serverAccepted: false };
    var buffer = await readBytes(file);
    f.sniffedFormat = sniff(buffer);
    f.sha256 = await sha256(buffer);
    var form = new FormData();
    form.append('run', ctx.run);
    form.append('probe', ctx.probe.id);
    form.append('file', file, file.name || 'upload');
    try {
      var r = await fetch('/probe/upload', { method: 'POST', body: form, credentials: 'same-origin' });
      f.uploadStatus = r.status;
      var up = ((await r.json()).files || [])[0];
      if (up) {
        f.serverSha256 = up.sha256;
        f.serverFormat = up.format;
        f.serverAccepted = !!up.accepted;
        f.hashMatch = up.sha256 === f.sha256;
      }
    } catch (e) { f.uploadError = errName(e); }
    return f;
  }
  /* Opens a chooser from a tap and waits for change, cancel, or the person's "nothing
     happened". input.click() must run inside the click handler: browsers open a chooser
     only during a user gesture. */
  function chooseFile(ctx, label, text) {
    return new Promise(function (resolve) {
      var input = fileInput('input-' + ctx.slug, 'image/*');
      var tappedAt = null;
      var facts = { accept: input.accept, captureAttribute: input.getAttribute('capture'), changeFired: false, cancelFired: false, input: input };
      var end = function () { facts.waitedMs = tappedAt ? ms(tappedAt) : null; resolve(facts); };
      input.onchange = function () { facts.changeFired = true; facts.fileCount = input.files.length; end(); };
      /* The cancel event is recent (Chrome 113, Safari 16.4): elsewhere only the person
         can say the chooser closed. */
      input.oncancel = function () { facts.cancelFired = true; end(); };
      ctx.ui.panel(text, [
        { id: 'tap-' + ctx.slug, label: label, onClick: function () { tappedAt = now(); input.click(); ctx.ui.note('Waiting for the chooser…'); } },
        { id: 'none-' + ctx.slug, label: 'Nothing happened', secondary: true, onClick: end }
      ]);
    });
  }
  var pick = function (f, keys, o) { keys.forEach(function (k) { o[k] = f[k] === undefined ? null : f[k]; }); return o; };

  /* --- the probes ------------------------------------------------------------------- */

  var P = {};

  /* If this runs, JavaScript is on; the <noscript> beacon is the server's half. */
  P['env.script'] = async function () { return result(true, { javascript: true }); };

  P['env.platform'] = async function (ctx) {
    var handlers = window.webkit && window.webkit.messageHandlers, names = [];
    if (handlers) {
      /* WKWebView's handler object is not enumerable: look up the names hosts use. */
      names = Object.keys(handlers).concat(['probe', 'ReactNativeWebView', 'bridge', 'native', 'jsBridge'].filter(function (n) {
        try { return !!handlers[n]; } catch (e) { return false; }
      }));
    }
    var o = {
      userAgent: navigator.userAgent, reactNativeWebView: !!window.ReactNativeWebView, webkitMessageHandlers: !!handlers,
      messageHandlerNames: names, maxTouchPoints: navigator.maxTouchPoints | 0, screenWidth: screen.width | 0,
      screenHeight: screen.height | 0, devicePixelRatio: window.devicePixelRatio || 1,
      standalone: typeof navigator.standalone === 'boolean' ? navigator.standalone : null,
      platformOverride: ctx.params.platform || null, language: navigator.language || null
    };
    var uad = navigator.userAgentData;
    if (uad) {
      o.uaBrands = uad.brands.map(function (b) { return b.brand + '/' + b.version; });
      o.uaPlatform = uad.platform;
      o.uaMobile = !!uad.mobile;
      /* Chrome's reduced user agent says "Android 10; K" whatever the version: only the
         high-entropy platformVersion tells the real one. */
      try {
        var high = await within(uad.getHighEntropyValues(['platformVersion', 'model']), 2000, 'getHighEntropyValues');
        o.uaPlatformVersion = high.platformVersion || null;
        o.uaModel = high.model || null;
      } catch (e) { o.highEntropyError = errName(e); }
    }
    return result(true, o);
  };

  P['env.secureContext'] = async function () {
    var secure = window.isSecureContext === true;
    return result(secure, { isSecureContext: secure, protocol: location.protocol, origin: location.origin });
  };

  P['env.viewport'] = async function () {
    /* Android gives the screen size in the current orientation, iOS always in portrait:
       compare with the screen side that matches the viewport's orientation. */
    var landscape = innerWidth > innerHeight, sw = screen.width, sh = screen.height;
    var screenH = landscape ? Math.min(sw, sh) : Math.max(sw, sh);
    var probe = document.createElement('div');
    probe.className = 'safe-area-probe';
    document.body.appendChild(probe);
    var cs = getComputedStyle(probe), top = parseFloat(cs.paddingTop) || 0, bottom = parseFloat(cs.paddingBottom) || 0;
    probe.remove();
    return info({
      innerWidth: innerWidth, innerHeight: innerHeight, screenWidth: sw, screenHeight: sh,
      heightRatio: screenH ? Math.round(innerHeight / screenH * 1000) / 1000 : null, safeAreaTop: top, safeAreaBottom: bottom,
      orientation: (screen.orientation && screen.orientation.type) || (matchMedia('(orientation: landscape)').matches ? 'landscape' : 'portrait')
    });
  };

  P['env.injected'] = async function (ctx) {
    var md = navigator.mediaDevices || {};
    var cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    var checks = {
      'fetch': window.fetch, 'XMLHttpRequest.prototype.open': XMLHttpRequest.prototype.open,
      'XMLHttpRequest.prototype.send': XMLHttpRequest.prototype.send, 'navigator.mediaDevices.getUserMedia': md.getUserMedia,
      'navigator.mediaDevices.enumerateDevices': md.enumerateDevices, 'window.open': window.open, 'window.postMessage': window.postMessage,
      'history.pushState': history.pushState, 'EventTarget.prototype.addEventListener': EventTarget.prototype.addEventListener,
      'Storage.prototype.setItem': window.Storage && Storage.prototype.setItem, 'Function.prototype.toString': Function.prototype.toString,
      'HTMLInputElement.prototype.click': HTMLInputElement.prototype.click, 'document.cookie': cookie && cookie.get
    };
    var toString = Function.prototype.toString;
    var patched = Object.keys(checks).filter(function (name) {
      try { return typeof checks[name] === 'function' && !/\[native code\]\s*\}\s*$/.test(toString.call(checks[name])); } catch (e) { return true; }
    });
    /* The baseline is an empty same-origin frame: hosts inject into the main frame
       (WKUserScript forMainFrameOnly defaults to true), so what the top window has and the
       frame lacks came from the host (or this page's own three globals). */
    var frame = document.createElement('iframe'), baseline = {};
    frame.className = 'probe-frame';
    ctx.stage.appendChild(frame);
    try { Object.getOwnPropertyNames(frame.contentWindow).forEach(function (n) { baseline[n] = 1; }); } catch (e) { /* none */ }
    frame.remove();
    var own = { ProbeResults: 1, ProbeImpl: 1, ProbeApp: 1 };
    var globals = Object.getOwnPropertyNames(window).filter(function (n) { return !baseline[n] && !own[n] && !/^\d+$/.test(n); });
    var bridges = [];
    if (window.ReactNativeWebView) bridges.push('ReactNativeWebView');
    ['probe', 'bridge', 'native'].forEach(function (n) {
      try { if (window.webkit.messageHandlers[n]) bridges.push('webkit.messageHandlers.' + n); } catch (e) { /* none */ }
    });
    /* Android's addJavascriptInterface objects are plain globals. */
    globals.forEach(function (n) {
      if (/bridge|android|native|jsinterface|flutter|cordova|capacitor/i.test(n) && n !== 'ReactNativeWebView') bridges.push(n);
    });
    return info({ patchedNatives: patched, unexpectedGlobals: globals.slice(0, 50), bridgeObjects: bridges });
  };

  function webStorage(name) {
    var o = { available: false, writeReadRemove: false, errorName: null };
    try {
      /* Android without domStorageEnabled: null; some hosts throw SecurityError. */
      var s = window[name], key = 'probe.check.' + nonce();
      o.available = !!s;
      s.setItem(key, 'v');
      var read = s.getItem(key) === 'v';
      s.removeItem(key);
      o.writeReadRemove = read && s.getItem(key) === null;
    } catch (e) { o.errorName = errName(e); o.errorMessage = errMessage(e); }
    return result(o.available && o.writeReadRemove, o);
  }
  P['storage.local'] = async function () { return webStorage('localStorage'); };
  P['storage.session'] = async function () { return webStorage('sessionStorage'); };

  function idb(req) {
    return new Promise(function (resolve, reject) {
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }
  function openDB(name) {
    var req = indexedDB.open(name, 1);
    req.onupgradeneeded = function () { req.result.createObjectStore('kv'); };
    /* A blocked or private-mode store can leave open() pending: bound it. */
    return within(idb(req), 3000, 'indexedDB.open');
  }
  var kv = function (db) { return db.transaction('kv', 'readwrite').objectStore('kv'); };
  P['storage.indexedDB'] = async function () {
    var o = { available: !!window.indexedDB, opened: false, putGetDelete: false, errorName: null }, db, value = nonce();
    try {
      db = await openDB('probe-check');
      o.opened = true;
      await idb(kv(db).put(value, 'k'));
      var got = await idb(kv(db).get('k'));
      await idb(kv(db)['delete']('k'));
      o.putGetDelete = got === value && (await idb(kv(db).get('k'))) === undefined;
    } catch (e) { o.errorName = errName(e); o.errorMessage = errMessage(e); }
    if (db) db.close();
    try { indexedDB.deleteDatabase('probe-check'); } catch (e) { /* ignore */ }
    return result(o.putGetDelete, o);
  };

  P['cookie.document'] = async function () {
    var value = nonce(), o = { cookieEnabled: navigator.cookieEnabled === true, writeRead: false };
    setCookie('probe_doc', value);
    o.writeRead = cookieHas('probe_doc', value);
    setCookie('probe_doc', '', '; max-age=0');
    return result(o.cookieEnabled && o.writeRead, o);
  };

  P['cookie.server'] = async function () {
    var value = nonce(), o = { setCookieSent: false, echoed: false, visibleToScript: false };
    try {
      var set = await getJSON('/probe/cookie/set?v=' + value);
      o.setCookieSent = set.ok && set.json.setCookie === true;
      o.secureAttribute = set.json.secure === true;
      var echo = await getJSON('/probe/cookie/echo');
      o.echoed = echo.json.cookies.probe_http === value;
    } catch (e) { o.errorName = errName(e); }
    /* HttpOnly: a host that copies cookies into the page through a bridge shows it here. */
    o.visibleToScript = document.cookie.indexOf('probe_http=') >= 0;
    return result(o.echoed && !o.visibleToScript, o);
  };

  /* A third-party cookie needs another *site*: the same host on another port is the same
     site (RFC 6265bis §5.2), so the other host is preferred. */
  P['cookie.thirdParty'] = async function (ctx) {
    var origin = ctx.origins.secondHost || ctx.origins.secondPort;
    if (!origin) return skipped('no-second-origin');
    var src = origin + '/frames/cookie.html?v=' + nonce() + '&parent=' + encodeURIComponent(location.origin);
    var m = await frameMessage(ctx, src, origin, 'probe-cookie', 8000) || {};
    var o = { frameLoaded: m.type === 'probe-cookie', set: !!m.set, readBack: !!m.readBack, storageAccessApi: !!m.storageAccessApi,
      origin: origin, crossSite: origin === ctx.origins.secondHost, errorName: m.errorName || null };
    return result(o.readBack, o);
  };

  /* Markers survive a full navigation away and back: the page leaves for away.html, which
     comes straight back with ?navcheck=, and the flow resumes at this probe. */
  P['storage.navigation'] = async function (ctx) {
    var check = ctx.params.navcheck;
    if (check) {
      ctx.clearParam('navcheck');
      var o = { cookieSurvived: cookieHas('probe_nav', check), localStorageSurvived: storageGet('localStorage', 'probe.nav') === check };
      return result(o.cookieSurvived && o.localStorageSurvived, o);
    }
    var value = nonce();
    setCookie('probe_nav', value);
    storageSet('localStorage', 'probe.nav', value);
    await ctx.flush();
    location.assign('/away.html?back=' + encodeURIComponent(ctx.urlWith('navcheck', value)));
    await sleep(10000);
    return { status: 'error', reason: 'the navigation to /away.html did not happen', observed: {} };
  };

  P['storage.relaunch'] = async function (ctx) {
    if (!ctx.resumed) {
      /* First visit of this run: nothing to compare yet. No result is posted, so the
         reopened page comes back to this step. */
      return new Promise(function (resolve) {
        ctx.ui.panel('Close the app completely now (swipe it away), open it again and open this link again. The test continues here.', [
          { id: 'skip-' + ctx.slug + '-now', label: 'Skip this step', secondary: true, onClick: function () { resolve(skipped('skipped-by-operator')); } }
        ]);
      });
    }
    var answer = await ctx.ask('Before this visit, did you close the app completely and open this link again?', [['yes', 'Yes, I relaunched'], ['no', 'No']]);
    var o = pick(ctx.state.earlierVisit, ['sessionCookie', 'persistentCookie', 'localStorage', 'indexedDB'], { relaunched: answer === 'yes' });
    return answer === 'yes' ? result(o.persistentCookie && o.localStorage && o.indexedDB, o) : skipped('not-relaunched', o);
  };

  /* Relaunch markers: read what an earlier visit of this run left, then write them for
     the next: session cookie (no Max-Age), persistent cookie, localStorage, IndexedDB. */
  async function relaunchMarkers(run) {
    var seen = { sessionCookie: cookieHas('probe_rs', run), persistentCookie: cookieHas('probe_rp', run),
      localStorage: storageGet('localStorage', 'probe.relaunch') === run, indexedDB: false };
    storageSet('localStorage', 'probe.relaunch', run);
    setCookie('probe_rs', run);
    setCookie('probe_rp', run, '; max-age=2592000');
    try {
      var db = await openDB('probe-relaunch');
      seen.indexedDB = (await idb(kv(db).get('run'))) === run;
      await idb(kv(db).put(run, 'run'));
      db.close();
    } catch (e) { /* recorded as not surviving */ }
    return seen;
  }

  P['fetch.sameOrigin'] = async function () {
    var o = { getOk: false, postEchoExact: false, status: null, errorName: null };
    /* Non-ASCII on purpose: a proxy that re-encodes bodies changes these bytes. */
    var body = JSON.stringify({ probe: 'fetch.sameOrigin', text: 'h\u00e9llo \u2713 \ud83d\ude00', id: nonce() });
    try {
      var get = await getJSON('/probe/json');
      o.getOk = get.status === 200 && get.json.ok === true;
      var r = await fetch('/probe/echo', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: body });
      o.status = r.status;
      o.postEchoExact = (await r.text()) === body;
    } catch (e) { o.errorName = errName(e); o.errorMessage = errMessage(e); }
    return result(o.getOk && o.postEchoExact, o);
  };

  P['fetch.credentials'] = async function () {
    var value = nonce(), o = { cookieSent: false };
    setCookie('probe_cred', value);
    try { o.cookieSent = (await getJSON('/probe/cookie/echo')).json.cookies.probe_cred === value; } catch (e) { o.errorName = errName(e); }
    setCookie('probe_cred', '', '; max-age=0');
    return result(o.cookieSent, o);
  };

  P['fetch.cors'] = async function (ctx) {
    var origin = ctx.origins.secondPort || ctx.origins.secondHost;
    if (!origin) return skipped('no-second-origin');
    var o = { getOk: false, preflightOk: false, errorName: null, origin: origin };
    try {
      o.getOk = (await getJSON(origin + '/probe/cors/ping', { mode: 'cors', cache: 'no-store' })).json.ok === true;
    } catch (e) { o.errorName = errName(e); }
    try {
      /* application/json and a custom header make it non-simple: the browser must send an
         OPTIONS preflight first (Fetch §4.8). */
      var post = await getJSON(origin + '/probe/cors/echo', { method: 'POST', mode: 'cors', credentials: 'include', cache: 'no-store',
        headers: { 'Content-Type': 'application/json', 'X-Probe-Run': ctx.run }, body: '{"probe":"fetch.cors"}' });
      o.preflightOk = post.ok && post.json.ok === true;
      o.cookiesAtSecondOrigin = post.json.cookies;
    } catch (e) { o.errorName = o.errorName || errName(e); }
    return result(o.getOk && o.preflightOk, o);
  };

  P['fetch.integrity'] = async function () {
    var size = 1048576, up = new Uint8Array(size), o = { bytes: size, uploadHashMatch: false, downloadHashMatch: false };
    /* getRandomValues fills at most 65536 bytes a call (WebCrypto). */
    for (var i = 0; i < size; i += 65536) crypto.getRandomValues(up.subarray(i, i + 65536));
    try {
      var mine = await sha256(up.buffer);
      var server = (await getJSON('/probe/sha256', { method: 'POST', credentials: 'same-origin', body: up })).json;
      o.uploadHashMatch = server.sha256 === mine && server.bytes === size;
      var r = await fetch('/probe/bytes?size=' + size + '&seed=' + (1 + Math.floor(Math.random() * 1e9)), { cache: 'no-store' });
      var expected = r.headers.get('X-Probe-SHA256'), down = await r.arrayBuffer();
      o.downloadBytes = down.byteLength;
      o.downloadHashMatch = !!expected && (await sha256(down)) === expected;
    } catch (e) { o.errorName = errName(e); o.errorMessage = errMessage(e); }
    return result(o.uploadHashMatch && o.downloadHashMatch, o);
  };

  function xhr(method, url, body) {
    return new Promise(function (resolve) {
      var x = new XMLHttpRequest();
      x.open(method, url);
      x.timeout = 10000;
      x.onload = function () { resolve({ status: x.status, text: x.responseText }); };
      x.onerror = x.ontimeout = function () { resolve({ status: 0 }); };
      x.send(body || null);
    });
  }
  P['xhr.sameOrigin'] = async function () {
    var body = 'xhr \u00e9 ' + nonce();
    var get = await xhr('GET', '/probe/json'), post = await xhr('POST', '/probe/echo', body);
    var o = { getOk: get.status === 200, postOk: post.status === 200 && post.text === body };
    return result(o.getOk && o.postOk, o);
  };

  P['net.mixedContent'] = async function (ctx) {
    /* Mixed content exists only on an https page: on http://localhost nothing is mixed. */
    if (location.protocol !== 'https:') return skipped('page-not-https');
    var insecure = ctx.origins.insecure;
    if (!insecure) return skipped('no-insecure-origin');
    /* http://localhost is potentially trustworthy (Secure Contexts §3.1): never mixed. */
    if (/^http:\/\/(localhost|127\.|\[::1\])/.test(insecure)) return skipped('insecure-origin-is-loopback');
    var o = { imageLoaded: false, fetchBlocked: true, cspBlocked: [] };
    /* A CSP refusal is not the WebView's mixed-content policy: record it apart. */
    var onViolation = function (e) { if (String(e.blockedURI).indexOf(insecure) === 0) o.cspBlocked.push(e.effectiveDirective); };
    document.addEventListener('securitypolicyviolation', onViolation);
    o.imageLoaded = await new Promise(function (resolve) {
      var img = new Image();
      img.onload = function () { resolve(true); };
      img.onerror = function () { resolve(false); };
      setTimeout(resolve, 5000, false);
      img.src = insecure + '/probe/mixed/pixel.png?' + nonce();
    });
    try {
      /* no-cors: an opaque answer still proves the request went out. */
      await within(fetch(insecure + '/probe/mixed/ping', { mode: 'no-cors', cache: 'no-store' }), 5000, 'http: fetch');
      o.fetchBlocked = false;
    } catch (e) { o.fetchErrorName = errName(e); }
    document.removeEventListener('securitypolicyviolation', onViolation);
    return info(o);
  };

  P['media.autoplay'] = async function (ctx) {
    var v = fixtureVideo(ctx, false), r = await play(v, 4000);
    v.pause();
    v.remove();
    return result(r.played, r);
  };

  P['media.inline'] = async function (ctx) {
    /* Muted, so autoplay policy cannot stop it: this probe is only about inline playback. */
    var v = fixtureVideo(ctx, true), fs = watchFullscreen(v), r = await play(v, 4000);
    await sleep(500);
    var o = { played: r.played, enteredFullscreen: fs.entered || isFullscreen(v), errorName: r.errorName };
    o.inline = r.played && !o.enteredFullscreen;
    v.pause();
    if (v.webkitExitFullscreen && isFullscreen(v)) v.webkitExitFullscreen();
    v.remove();
    return result(o.inline, o);
  };

  P['camera.api'] = async function () {
    var md = navigator.mediaDevices;
    var o = { mediaDevices: !!md, getUserMedia: !!md && typeof md.getUserMedia === 'function', isSecureContext: window.isSecureContext === true };
    return result(o.getUserMedia, o);
  };

  /* Measured now and after the grant: the flow finishes these after camera.getUserMedia. */
  P['camera.devices'] = async function (ctx) {
    var before = await videoInputs();
    var o = { videoInputsBefore: before.count, labelsBefore: before.labels, videoInputsAfter: null, labelsAfter: null };
    return { finishAfter: 'camera.getUserMedia', observed: o, finish: async function () {
      if (ctx.state.granted) {
        var after = await videoInputs();
        o.videoInputsAfter = after.count;
        o.labelsAfter = after.labels;
      }
      return result(Math.max(o.videoInputsBefore || 0, o.videoInputsAfter || 0) > 0, o);
    } };
  };

  P['camera.permission'] = async function () {
    var o = { stateBefore: await permissionState(), stateAfter: null };
    return { finishAfter: 'camera.getUserMedia', observed: o, finish: async function () {
      o.stateAfter = await permissionState();
      return info(o);
    } };
  };

  P['camera.getUserMedia'] = async function (ctx) {
    if (!ctx.unattended) {
      /* Attended: a tap first, so the request carries a user gesture as a real flow does. */
      await new Promise(function (resolve) {
        ctx.ui.panel('Tap "Start camera". If a prompt appears, allow it.', [{ id: 'tap-' + ctx.slug, label: 'Start camera', onClick: resolve }]);
      });
      ctx.ui.note('Asking for the camera…');
    }
    var before = await permissionState(), g = await gum({ video: true }, ctx.unattended ? 20000 : 60000);
    var s = g.stream;
    var o = { outcome: g.outcome, errorName: g.errorName || null, errorMessage: g.errorMessage || null, elapsedMs: g.elapsedMs,
      permissionStateBefore: before, permissionStateAfter: await permissionState(), promptShown: null,
      videoTracks: s ? s.getVideoTracks().length : 0, audioTracks: s ? s.getAudioTracks().length : 0, settings: settings(s) };
    ctx.state.stream = s;
    ctx.state.granted = !!s;
    if (s && !ctx.unattended) {
      var a = await ctx.ask('Did a permission prompt appear?', [['yes', 'Yes'], ['no', 'No'], ['unknown', 'Not sure']]);
      o.promptShown = a === 'unknown' ? null : a === 'yes';
    }
    return result(!!s, o);
  };

  P['camera.frames'] = async function (ctx) {
    var stream = ctx.state.stream;
    if (!stream) return skipped('camera-not-granted');
    var v = document.createElement('video');
    /* iOS: without playsinline the preview goes fullscreen; muted + autoplay let it
       start without a gesture on every engine. */
    v.muted = v.autoplay = true;
    ['playsinline', 'webkit-playsinline', 'muted', 'autoplay'].forEach(function (a) { v.setAttribute(a, ''); });
    v.className = 'probe-video preview';
    v.srcObject = stream;
    ctx.stage.appendChild(v);
    var fs = watchFullscreen(v), r = await play(v, 5000);
    await sleep(300);
    var s = await sampleFrames(v, 1000);
    var o = pick(s, ['frames', 'black', 'frozen', 'frameSource', 'meanLuma', 'samples', 'sampleError'], {
      playing: r.played, width: v.videoWidth | 0, height: v.videoHeight | 0, fullscreen: fs.entered || isFullscreen(v),
      settings: settings(stream), errorName: r.errorName });
    v.srcObject = null;
    v.remove();
    return result(o.playing && !o.black && !o.frozen && !o.fullscreen && o.frames > 0, o);
  };

  P['camera.facing'] = async function (ctx) {
    if (!ctx.state.granted) return skipped('camera-not-granted');
    /* Phones often cannot open a second camera while one is open (NotReadableError). */
    stopStream(ctx.state.stream);
    ctx.state.stream = null;
    var o = {};
    for (var mode of ['environment', 'user']) {
      var g = await gum({ video: { facingMode: { ideal: mode } } }, 10000);
      o[mode + 'Ok'] = !!g.stream;
      o[mode + 'Facing'] = g.stream ? (settings(g.stream) || {}).facingMode || '' : null;
      o[mode + 'ErrorName'] = g.errorName || null;
      stopStream(g.stream);
    }
    return info(o);
  };

  P['camera.reacquire'] = async function (ctx) {
    if (!ctx.state.granted) return skipped('camera-not-granted');
    stopStream(ctx.state.stream);
    ctx.state.stream = null;
    var g = await gum({ video: true }, ctx.unattended ? 20000 : 60000);
    stopStream(g.stream);
    var o = { outcome: g.outcome, errorName: g.errorName || null, errorMessage: g.errorMessage || null, elapsedMs: g.elapsedMs, promptShown: null };
    if (g.stream && !ctx.unattended) o.promptShown = (await ctx.ask('Did a prompt appear again?', [['yes', 'Yes'], ['no', 'No']])) === 'yes';
    return result(!!g.stream, o);
  };

  /* Security: the app should grant the camera and nothing else (seed 001: never grant
     request.resources wholesale). Every request here should be refused. */
  P['camera.scope'] = async function (ctx) {
    var limit = ctx.unattended ? 10000 : 30000, o = { audioTracks: 0 };
    var audio = await gum({ audio: true }, limit);
    stopStream(audio.stream);
    var both = await gum({ video: true, audio: true }, limit);
    stopStream(both.stream);
    o.audioOutcome = audio.outcome;
    o.audioErrorName = audio.errorName || null;
    o.elapsedMs = audio.elapsedMs;
    o.videoAudioOutcome = both.outcome;
    o.videoAudioErrorName = both.errorName || null;
    [audio, both].forEach(function (g) { if (g.stream) o.audioTracks += g.stream.getAudioTracks().length; });
    var md = navigator.mediaDevices;
    if (!md || typeof md.getDisplayMedia !== 'function') o.displayOutcome = 'unsupported';
    else {
      /* Without a user gesture engines refuse at once (InvalidStateError); a picker that
         stays open is cut short. */
      try {
        stopStream(await within(md.getDisplayMedia({ video: true }), 3000, 'getDisplayMedia'));
        o.displayOutcome = 'granted';
      } catch (e) { o.displayOutcome = 'error'; o.displayErrorName = errName(e); }
    }
    return result(audio.outcome !== 'granted' && both.outcome !== 'granted' && !o.audioTracks && o.displayOutcome !== 'granted', o);
  };

  /* Security: the camera asked from another origin in a frame. allow="camera" makes the
     browser delegate, so the host's origin check answers: it must compare scheme, host
     and port (seed 001). */
  P['camera.foreignOrigin'] = async function (ctx) {
    var targets = { otherPort: ctx.origins.secondPort, otherHost: ctx.origins.secondHost };
    if (!targets.otherPort && !targets.otherHost) return skipped('no-second-origin');
    var o = { via: 'frame' };
    for (var key of ['otherPort', 'otherHost']) {
      var origin = targets[key], m = null;
      if (origin) m = await frameMessage(ctx, origin + '/frames/camera.html?parent=' + encodeURIComponent(location.origin), origin, 'probe-camera', 15000, 'camera ' + origin);
      o[key + 'Outcome'] = m ? m.outcome : 'not-run';
      o[key + 'ErrorName'] = m ? m.errorName : origin ? 'FrameDidNotAnswer' : null;
      o[key + 'ElapsedMs'] = m ? m.elapsedMs : null;
    }
    return result(o.otherPortOutcome !== 'granted' && o.otherHostOutcome !== 'granted', o);
  };

  P['file.accept'] = async function (ctx) {
    var facts = await chooseFile(ctx, 'Choose image', 'Tap "Choose image" and pick any photo.');
    var o = pick(facts, ['changeFired', 'cancelFired', 'waitedMs', 'fileCount', 'accept', 'captureAttribute'], {});
    var file = facts.input.files[0];
    if (!file) return result(false, o);
    ctx.ui.note('Hashing and uploading…');
    pick(await describeFile(file, ctx), ['name', 'type', 'size', 'lastModified', 'lastModifiedAgeMs', 'sniffedFormat', 'sha256',
      'serverSha256', 'hashMatch', 'uploadStatus', 'serverFormat', 'serverAccepted', 'uploadError'], o);
    return result(o.hashMatch, o);
  };

  P['file.capture'] = function (ctx) {
    var o = { environmentChangeFired: false, environmentFileCount: 0, userChangeFired: false, userFileCount: 0, cameraOpenedDirectly: null };
    return new Promise(function (resolve) {
      var inputs = {};
      ['environment', 'user'].forEach(function (mode) {
        var input = inputs[mode] = fileInput('input-' + ctx.slug + '-' + mode, 'image/*', mode);
        /* No desktop engine exposes the capture IDL property: read the attribute. */
        o[mode + 'CaptureAttribute'] = input.getAttribute('capture');
        input.onchange = function () { o[mode + 'ChangeFired'] = true; o[mode + 'FileCount'] = input.files.length; };
      });
      var answer = function (value) { return function () { o.cameraOpenedDirectly = value; resolve(result(value, o)); }; };
      ctx.ui.panel('Tap "Back camera" and take a photo, then "Front camera". Did the camera open directly (not a file list)?', [
        { id: 'tap-' + ctx.slug + '-environment', label: 'Back camera', onClick: function () { inputs.environment.click(); } },
        { id: 'tap-' + ctx.slug + '-user', label: 'Front camera', onClick: function () { inputs.user.click(); } },
        { id: 'answer-' + ctx.slug + '-yes', label: 'Yes, the camera opened', onClick: answer(true) },
        { id: 'answer-' + ctx.slug + '-no', label: 'No, a file list opened', onClick: answer(false) }
      ]);
    });
  };

  P['file.cancel'] = function (ctx) {
    var o = { cancelFired: false, secondChooserOpened: null, secondChangeFired: false, secondFileCount: 0, taps: 0 };
    return new Promise(function (resolve) {
      var input = fileInput('input-' + ctx.slug, 'image/*');
      input.oncancel = function () { o.cancelFired = true; ctx.ui.note('Cancelled. Now tap "Choose image" again and pick a photo.'); };
      input.onchange = function () {
        if (o.taps < 2) { o.firstPickChanged = true; return; }
        o.secondChangeFired = o.secondChooserOpened = true;
        o.secondFileCount = input.files.length;
        resolve(result(true, o));
      };
      ctx.ui.panel('Tap "Choose image", cancel the chooser, then tap it again and pick a photo.', [
        { id: 'tap-' + ctx.slug, label: 'Choose image', onClick: function () { o.taps++; input.click(); } },
        { id: 'answer-' + ctx.slug + '-no', label: 'The chooser did not open again', secondary: true, onClick: function () {
          o.secondChooserOpened = false;
          resolve(result(false, o));
        } }
      ]);
    });
  };

  P['file.heic'] = async function (ctx) {
    var facts = await chooseFile(ctx, 'Choose HEIC', 'Tap "Choose HEIC" and pick a photo taken with the camera (HEIC on iPhone).');
    var file = facts.input.files[0], o = { changeFired: facts.changeFired, type: file ? file.type : null, serverAccepted: false };
    if (!file) return result(false, o);
    ctx.ui.note('Uploading…');
    var f = await describeFile(file, ctx);
    pick(f, ['sniffedFormat', 'serverAccepted', 'serverFormat', 'name', 'size'], o);
    /* iOS converts HEIC to JPEG for accept="image/*": a JPEG named .heic was converted. */
    o.convertedToJpeg = f.sniffedFormat === 'jpeg' ? (/\.hei[cf]$/i.test(f.name) ? true : null) : false;
    return result(o.serverAccepted, o);
  };

  /* Where window.open went. null: blocked. The page hidden soon after: another window or
     app took over. The page unloaded: same view (the next load sees the marker). */
  async function openAndWatch(which, ctx) {
    storageSet('sessionStorage', 'probe.windowOpen', JSON.stringify({ run: ctx.run, which: which }));
    var hidden = false, onHide = function () { hidden = hidden || document.hidden; };
    document.addEventListener('visibilitychange', onHide);
    var w = null;
    try { w = window.open('/away.html?close=1', '_blank'); } catch (e) { /* blocked */ }
    await sleep(1500);
    document.removeEventListener('visibilitychange', onHide);
    try { sessionStorage.removeItem('probe.windowOpen'); } catch (e) { /* ignore */ }
    return !w ? 'blocked' : hidden || !w.closed ? 'new-window' : 'external';
  }
  P['nav.windowOpen'] = async function (ctx) {
    var back = ctx.state.windowOpenReturn, o = {};
    if (back) { o[back.which + 'Result'] = 'same-view'; return info(o); }
    await new Promise(function (resolve) {
      ctx.ui.panel('Tap "Open window", then come back to this page.', [{ id: 'tap-' + ctx.slug, label: 'Open window', onClick: function () {
        /* window.open must be called inside the tap to count as user-initiated. */
        openAndWatch('tap', ctx).then(function (r) { o.tapResult = r; resolve(); });
      } }]);
    });
    ctx.ui.note('Now a window opens from a timer, without a tap; come back again.');
    o.timerResult = await openAndWatch('timer', ctx);
    return info(o);
  };

  P['nav.customScheme'] = async function (ctx) {
    var a = await ctx.ask('Tap the link. What happened?', [['external-app', 'Another app opened'], ['graceful', 'The page stayed, no error'],
      ['webview-error', 'An error page in the app'], ['nothing', 'Nothing at all']],
    { href: 'probe-test-scheme://open', linkLabel: 'Open probe-test-scheme://' });
    return result(a !== 'webview-error', { outcome: a });
  };

  P['nav.returnUrl'] = async function (ctx) {
    var href = ctx.params.returnUrl || location.origin + '/away.html?return=1';
    var a = await ctx.ask('Tap "Return to app". Did it reach the app as your app intends?', [['app', 'Yes, the app took it'],
      ['same-view', 'It opened in this view'], ['browser', 'It opened a browser'], ['error', 'An error']],
    { href: href, linkLabel: 'Return to app' });
    return info({ reachedApp: a === 'app', outcome: a, returnUrl: href });
  };

  /* The links navigate away: answers are kept in sessionStorage so the question picks up
     where it was when the person comes back. */
  P['nav.loadError'] = async function (ctx) {
    var key = 'probe.loadError.' + ctx.run, o = JSON.parse(storageGet('sessionStorage', key) || '{}');
    var links = [['http500Recoverable', '/probe/status/500', 'HTTP 500 page'],
      /* .invalid never resolves (RFC 6761 §6.4). */
      ['unreachableRecoverable', 'https://unreachable.invalid/', 'Unreachable address']];
    for (var l of links) {
      if (typeof o[l[0]] === 'boolean') continue;
      o[l[0]] = (await ctx.ask('Tap "' + l[2] + '", then come back. Did the app show a recoverable error?', [['yes', 'Yes'], ['no', 'No']],
        { href: l[1], linkLabel: l[2], idSuffix: l[0] })) === 'yes';
      storageSet('sessionStorage', key, JSON.stringify(o));
    }
    return result(o.http500Recoverable && o.unreachableRecoverable, o);
  };

  P['lifecycle.background'] = async function (ctx) {
    var o = { hiddenFired: false, visibleFired: false, trackStateAfter: 'none', resumed: true }, marker = 'probe.background.' + ctx.run;
    /* Set before leaving, cleared on return: still set on a fresh load means a reload. */
    if (storageGet('sessionStorage', marker)) {
      sessionStorage.removeItem(marker);
      o.resumed = false;
      return result(false, o);
    }
    var stream = ctx.state.granted ? (await gum({ video: true }, 10000)).stream : null;
    storageSet('sessionStorage', marker, '1');
    ctx.ui.panel('Switch to the home screen for a few seconds, then come back to the app.', []);
    await new Promise(function (resolve) {
      var onChange = function () {
        if (document.hidden) { o.hiddenFired = true; return; }
        if (!o.hiddenFired) return;
        o.visibleFired = true;
        document.removeEventListener('visibilitychange', onChange);
        resolve();
      };
      document.addEventListener('visibilitychange', onChange);
    });
    await sleep(1000);
    var track = stream && stream.getVideoTracks()[0];
    o.trackStateAfter = !track ? 'none' : track.readyState === 'ended' ? 'ended' : track.muted ? 'muted' : 'live';
    stopStream(stream);
    sessionStorage.removeItem(marker);
    return result(true, o);
  };

  /* An interim result is queued while offline (attempt n) and must reach the server when
     the network returns; the final one (attempt n+1) says whether it did. */
  P['net.offline'] = function (ctx) {
    var o = { offlineFired: false, onlineFired: false, queued: 0, delivered: 0 }, interim = null;
    ctx.queue.onDelivered(function (batch, answer) { if (answer.ok && batch.indexOf(interim) >= 0) o.delivered++; });
    return new Promise(function (resolve) {
      window.addEventListener('offline', function () {
        if (o.offlineFired) return;
        o.offlineFired = true;
        interim = ctx.makeResult({ status: 'info', reason: 'interim: queued while offline', observed: { offlineFired: true } });
        ctx.attempt++;
        ctx.queue.add(interim);
        o.queued = ctx.queue.items.length;
        ctx.ui.note('Offline noticed. Now turn airplane mode off.');
      });
      window.addEventListener('online', function () {
        if (!o.offlineFired || o.onlineFired) return;
        o.onlineFired = true;
        ctx.queue.flush().then(function () { resolve(result(o.delivered >= 1, o)); });
      });
      ctx.ui.panel('Turn on airplane mode, wait until this page says it noticed, then turn it off.', []);
    });
  };

  /* The checklist questions the page cannot observe, from the catalog's checklist map. */
  P['operator.checklist'] = async function (ctx) {
    var seen = {}, answers = {};
    var questions = (ctx.catalog.checklist || []).map(function (item) { return item.coverage && item.coverage.question && { item: item, q: item.coverage.question }; })
      .filter(function (x) {
        if (!x || x.q.probe !== 'operator.checklist' || !ctx.tabApplies(x.item.tab)) return false;
        x.key = x.q.fields[0].replace(/^answers\./, '');
        return !seen[x.key] && (seen[x.key] = true);
      });
    for (var i = 0; i < questions.length; i++) {
      var x = questions[i];
      answers[x.key] = await ctx.ask('(' + (i + 1) + '/' + questions.length + ') ' + x.q.text, [['yes', 'Yes'], ['no', 'No'], ['unknown', "Don't know"]], { idSuffix: x.key });
    }
    return info({ answers: answers });
  };

  window.ProbeImpl = { probes: P, sha256: sha256, sha256js: sha256js, sniff: sniff, nonce: nonce, sleep: sleep, within: within, relaunchMarkers: relaunchMarkers };
})();

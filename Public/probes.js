/* The probes of SPEC §3. Observed names are the catalog's contract (StandardProbes.swift). */
(() => {
'use strict';

const now = () => performance.now();
const ms = (t0) => Math.round((now() - t0) * 10) / 10;
const sleep = (t) => new Promise((r) => setTimeout(r, t));
const hex = (buf) => Array.from(new Uint8Array(buf), (b) => (b < 16 ? '0' : '') + b.toString(16)).join('');
const nonce = () => hex(crypto.getRandomValues(new Uint8Array(8)));
const errName = (e) => (e && e.name) || 'Error';
const errMessage = (e) => (e && e.message) || String(e);
const result = (ok, observed) => ({ status: ok ? 'pass' : 'fail', observed });
const info = (observed) => ({ status: 'info', observed });
const skipped = (reason, observed) => ({ status: 'skipped', reason, observed: observed || {} });
const pick = (from, keys, to) => { keys.forEach((k) => { to[k] = from[k] === undefined ? null : from[k]; }); return to; };
const caught = (o, e) => Object.assign(o, { errorName: errName(e), errorMessage: errMessage(e) });

/* QtWebEngine without a permission handler never settles getUserMedia. */
function within(promise, t, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const e = new Error(`${what} did not settle within ${t} ms`);
      e.name = 'TimeoutError';
      reject(e);
    }, t);
    promise.then((v) => { clearTimeout(timer); resolve(v); }, (e) => { clearTimeout(timer); reject(e); });
  });
}
async function getJSON(url, init) {
  const r = await fetch(url, init || { credentials: 'same-origin', cache: 'no-store' });
  return { status: r.status, ok: r.ok, json: await r.json() };
}

/* crypto.subtle: secure contexts only. */
async function sha256(buffer) {
  try { return hex(await crypto.subtle.digest('SHA-256', buffer)); } catch (e) { return null; }
}

/* As ImageFormat.swift; HEIF brands count as heic. */
function sniff(buffer) {
  const b = new Uint8Array(buffer, 0, Math.min(64, buffer.byteLength));
  const at = (from, to) => String.fromCharCode.apply(null, b.slice(from, to));
  if (b[0] === 0xFF && b[1] === 0xD8 && b[2] === 0xFF) return 'jpeg';
  if (b[0] === 0x89 && at(1, 4) === 'PNG') return 'png';
  if (at(0, 4) === 'GIF8') return 'gif';
  if (at(0, 4) === 'RIFF' && at(8, 12) === 'WEBP') return 'webp';
  if (at(4, 8) === 'ftyp' && /heic|heix|hevc|hevx|heim|heis|mif1|msf1/.test(at(8, 64))) return 'heic';
  return 'other';
}

async function permissionState() {
  try { return (await within(navigator.permissions.query({ name: 'camera' }), 2000, 'permissions.query')).state; } catch (e) { return 'unsupported'; }
}
const stopStream = (s) => { if (s) s.getTracks().forEach((t) => t.stop()); };
/* A denial under ~250 ms had no person in it (seed 001). */
async function gum(constraints, limit) {
  const t0 = now();
  try {
    const stream = await within(navigator.mediaDevices.getUserMedia(constraints), limit, 'getUserMedia');
    return { outcome: 'granted', stream, errorName: null, errorMessage: null, elapsedMs: ms(t0) };
  } catch (e) {
    return caught({ outcome: 'error', elapsedMs: ms(t0) }, e);
  }
}
async function videoInputs() {
  try {
    const list = (await within(navigator.mediaDevices.enumerateDevices(), 3000, 'enumerateDevices')).filter((d) => d.kind === 'videoinput');
    return { count: list.length, labels: list.some((d) => !!d.label) };
  } catch (e) { return { count: null, labels: null }; }
}
function settings(stream) {
  const t = stream && stream.getVideoTracks()[0], s = t && t.getSettings ? t.getSettings() : null;
  return s && { width: s.width || null, height: s.height || null, frameRate: s.frameRate || null, facingMode: s.facingMode || null };
}

function frameMessage(ctx, src, origin, type, limit, allow) {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    const done = (data) => {
      clearTimeout(timer);
      removeEventListener('message', onMessage);
      frame.remove();
      resolve(data);
    };
    const onMessage = (ev) => { if (ev.origin === origin && ev.data && ev.data.type === type) done(ev.data); };
    const timer = setTimeout(done, limit, null);
    addEventListener('message', onMessage);
    if (allow) frame.allow = allow;
    frame.title = type;
    frame.className = 'probe-frame';
    frame.src = src;
    ctx.stage.appendChild(frame);
  });
}

const cookieHas = (name, value) => document.cookie.split(/;\s*/).indexOf(`${name}=${value}`) >= 0;
const setCookie = (name, value, extra) => {
  document.cookie = `${name}=${value}; path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}${extra || ''}`;
};
const storageGet = (area, key) => { try { return window[area].getItem(key); } catch (e) { return null; } };
const storageSet = (area, key, value) => { try { window[area].setItem(key, value); } catch (e) { /* off */ } };

/* With sound: WebKit autoplays silent video. */
function fixtureVideo(ctx, muted) {
  const v = document.createElement('video');
  v.muted = muted;
  /* Without playsinline iOS plays fullscreen (webkit- before iOS 10). */
  v.setAttribute('playsinline', '');
  v.setAttribute('webkit-playsinline', '');
  v.className = 'probe-video';
  v.innerHTML = '<source src="media/clip.mp4" type="video/mp4"><source src="media/clip.webm" type="video/webm">';
  ctx.stage.appendChild(v);
  return v;
}
const play = (v, limit) => new Promise((resolve) => {
  let end = (played, e) => {
    resolve({ played, errorName: e ? errName(e) : null, errorMessage: e ? errMessage(e) : null });
    end = () => {};
  };
  v.addEventListener('playing', () => end(true));
  setTimeout(() => end(false, { name: 'TimeoutError', message: `the video did not start within ${limit} ms` }), limit);
  try {
    const p = v.play();
    if (p) p.then(() => end(true), (e) => end(false, e));
  } catch (e) { end(false, e); }
});
const isFullscreen = (v) => !!(document.fullscreenElement || document.webkitFullscreenElement || v.webkitDisplayingFullscreen);
function watchFullscreen(v) {
  const seen = { entered: false }, mark = () => { if (isFullscreen(v)) seen.entered = true; };
  v.addEventListener('webkitbeginfullscreen', () => { seen.entered = true; });
  document.addEventListener('fullscreenchange', mark);
  document.addEventListener('webkitfullscreenchange', mark);
  return seen;
}

async function sampleFrames(v, span) {
  const canvas = document.createElement('canvas');
  canvas.width = 32;
  canvas.height = 24;
  const g = canvas.getContext('2d'), samples = [], distinct = {};
  let callbacks = 0, counting = true, error = null;
  if (v.requestVideoFrameCallback) {
    const onFrame = () => { if (counting) { callbacks++; v.requestVideoFrameCallback(onFrame); } };
    v.requestVideoFrameCallback(onFrame);
  }
  for (let round = 0; round <= 10; round++) {
    try {
      g.drawImage(v, 0, 0, 32, 24);
      const d = g.getImageData(0, 0, 32, 24).data;
      let sum = 0, hash = 0;
      for (let i = 0; i < d.length; i += 4) {
        sum += 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
        hash = (hash * 31 + d[i] + d[i + 1] * 7 + d[i + 2] * 13) | 0;
      }
      samples.push(sum / 768);
      distinct[hash] = 1;
    } catch (e) { error = errName(e); }
    if (round < 10) await sleep(span / 10);
  }
  counting = false;
  const kinds = Object.keys(distinct).length;
  /* requestVideoFrameCallback: Chrome 83, Safari 15.4. */
  return {
    frames: v.requestVideoFrameCallback ? callbacks : kinds, frameSource: v.requestVideoFrameCallback ? 'frameCallbacks' : 'distinctSamples',
    black: samples.length > 0 && samples.every((l) => l < 10),
    frozen: samples.length > 1 && kinds === 1,
    meanLuma: samples.length ? Math.round(samples.reduce((a, l) => a + l, 0) / samples.length) : null, sampleError: error
  };
}

function fileInput(id, accept, capture) {
  let input = document.getElementById(id);
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
async function describeFile(file, ctx) {
  const f = { name: file.name, type: file.type, size: file.size, lastModified: file.lastModified || null,
    lastModifiedAgeMs: file.lastModified ? Date.now() - file.lastModified : null, hashMatch: false, serverAccepted: false };
  const buffer = await file.arrayBuffer();
  f.sniffedFormat = sniff(buffer);
  f.sha256 = await sha256(buffer);
  const form = new FormData();
  form.append('run', ctx.run);
  if (ctx.params.key) form.append('key', ctx.params.key);
  form.append('probe', ctx.probe.id);
  form.append('file', file, file.name || 'upload');
  try {
    const r = await fetch('/probe/upload', { method: 'POST', body: form, credentials: 'same-origin' });
    f.uploadStatus = r.status;
    const up = ((await r.json()).files || [])[0];
    if (up) Object.assign(f, { serverSha256: up.sha256, serverFormat: up.format, serverAccepted: !!up.accepted, hashMatch: f.sha256 ? up.sha256 === f.sha256 : null });
  } catch (e) { f.uploadError = errName(e); }
  return f;
}
/* input.click() needs the tap's user gesture. */
const chooseFile = (ctx, label) => new Promise((resolve) => {
  const input = fileInput('input-' + ctx.slug, 'image/*');
  const facts = { accept: input.accept, captureAttribute: input.getAttribute('capture'), changeFired: false, cancelFired: false, input };
  let tappedAt = null;
  const end = () => { facts.waitedMs = tappedAt ? ms(tappedAt) : null; resolve(facts); };
  input.onchange = () => { facts.changeFired = true; facts.fileCount = input.files.length; end(); };
  input.oncancel = () => { facts.cancelFired = true; end(); };
  ctx.ui.panel(ctx.probe.instructions, [
    { id: 'tap-' + ctx.slug, label, onClick: () => { tappedAt = now(); ctx.started(); input.click(); ctx.ui.note('Waiting for the chooser…'); } },
    { id: 'none-' + ctx.slug, label: 'Nothing happened', secondary: true, giveUp: true, onClick: end }
  ]);
});

const P = {};

P['env.script'] = async () => result(true, { javascript: true });

P['env.platform'] = async () => {
  const handlers = window.webkit && window.webkit.messageHandlers;
  /* WKWebView's handlers are not enumerable. */
  const names = handlers ? ['probe', 'bridge', 'native', 'jsBridge'].filter((n) => handlers[n]) : [];
  const o = {
    userAgent: navigator.userAgent, reactNativeWebView: !!window.ReactNativeWebView, webkitMessageHandlers: !!handlers,
    messageHandlerNames: names, maxTouchPoints: navigator.maxTouchPoints | 0, screenWidth: screen.width | 0,
    screenHeight: screen.height | 0, devicePixelRatio: devicePixelRatio || 1,
    standalone: typeof navigator.standalone === 'boolean' ? navigator.standalone : null
  };
  if (window.ProbeWrapper) o.wrapperSignals = ProbeWrapper.signals();
  const uad = navigator.userAgentData;
  if (uad) {
    Object.assign(o, { uaBrands: uad.brands.map((b) => `${b.brand}/${b.version}`), uaPlatform: uad.platform, uaMobile: !!uad.mobile });
    try {
      const high = await within(uad.getHighEntropyValues(['platformVersion']), 2000, 'getHighEntropyValues');
      o.uaPlatformVersion = high.platformVersion || null;
    } catch (e) { /* the UA string stands */ }
  }
  return result(true, o);
};

P['env.secureContext'] = async () => {
  const secure = window.isSecureContext === true;
  return result(secure, { isSecureContext: secure, protocol: location.protocol, origin: location.origin });
};

P['env.viewport'] = async () => {
  /* Android reports the screen as oriented, iOS always portrait. */
  const sw = screen.width, sh = screen.height;
  const screenH = innerWidth > innerHeight ? Math.min(sw, sh) : Math.max(sw, sh);
  const probe = document.body.appendChild(document.createElement('div'));
  probe.className = 'safe-area-probe';
  const cs = getComputedStyle(probe), top = parseFloat(cs.paddingTop) || 0, bottom = parseFloat(cs.paddingBottom) || 0;
  probe.remove();
  return info({
    innerWidth, innerHeight, screenWidth: sw, screenHeight: sh, safeAreaTop: top, safeAreaBottom: bottom,
    heightRatio: screenH ? Math.round(innerHeight / screenH * 1000) / 1000 : null,
    orientation: (screen.orientation && screen.orientation.type) || (matchMedia('(orientation: landscape)').matches ? 'landscape' : 'portrait')
  });
};

P['env.injected'] = async (ctx) => {
  const toString = Function.prototype.toString, md = navigator.mediaDevices || {}, cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  const natives = { fetch, 'XMLHttpRequest.open': XMLHttpRequest.prototype.open, 'navigator.mediaDevices.getUserMedia': md.getUserMedia,
    'navigator.mediaDevices.enumerateDevices': md.enumerateDevices, 'window.open': open, 'window.postMessage': postMessage,
    'document.cookie': cookie && cookie.get, 'Function.prototype.toString': toString };
  const patched = Object.keys(natives).filter((k) => {
    try { return typeof natives[k] === 'function' && !/\[native code\]\s*\}\s*$/.test(toString.call(natives[k])); } catch (e) { return true; }
  });
  /* Hosts inject into the main frame only. */
  const frame = ctx.stage.appendChild(document.createElement('iframe')), baseline = {};
  try { Object.getOwnPropertyNames(frame.contentWindow).forEach((n) => { baseline[n] = 1; }); } catch (e) { /* none */ }
  frame.remove();
  const globals = Object.getOwnPropertyNames(window).filter((n) => !baseline[n] && !/^(Probe(Results|Impl|App)|\d+)$/.test(n));
  /* addJavascriptInterface bridges are in every frame too. */
  const bridges = ['ReactNativeWebView', 'Android', 'flutter_inappwebview', 'cordova', 'Capacitor'].filter((n) => window[n])
    .concat(globals.filter((n) => /bridge|android|native|jsinterface/i.test(n)));
  try { Object.keys(webkit.messageHandlers).concat('probe').forEach((n) => { if (webkit.messageHandlers[n]) bridges.push('webkit.messageHandlers.' + n); }); } catch (e) { /* none */ }
  return info({ patchedNatives: patched, unexpectedGlobals: globals.slice(0, 50), bridgeObjects: bridges });
};

function webStorage(name) {
  const o = { available: false, writeReadRemove: false, errorName: null }, key = 'probe.check.' + nonce();
  try {
    const s = window[name];
    o.available = !!s;
    s.setItem(key, 'v');
    const read = s.getItem(key) === 'v';
    s.removeItem(key);
    o.writeReadRemove = read && s.getItem(key) === null;
  } catch (e) { caught(o, e); }
  return result(o.available && o.writeReadRemove, o);
}
P['storage.local'] = async () => webStorage('localStorage');
P['storage.session'] = async () => webStorage('sessionStorage');

const idb = (req) => new Promise((resolve, reject) => { req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error); });
function openDB(name) {
  const req = indexedDB.open(name, 1);
  req.onupgradeneeded = () => req.result.createObjectStore('kv');
  return within(idb(req), 3000, 'indexedDB.open');
}
const kv = (db) => db.transaction('kv', 'readwrite').objectStore('kv');
P['storage.indexedDB'] = async () => {
  const o = { available: !!window.indexedDB, opened: false, putGetDelete: false, errorName: null }, value = nonce();
  let db;
  try {
    db = await openDB('probe-check');
    o.opened = true;
    await idb(kv(db).put(value, 'k'));
    const got = await idb(kv(db).get('k'));
    await idb(kv(db).delete('k'));
    o.putGetDelete = got === value && (await idb(kv(db).get('k'))) === undefined;
  } catch (e) { caught(o, e); }
  if (db) db.close();
  try { indexedDB.deleteDatabase('probe-check'); } catch (e) { /* none */ }
  return result(o.putGetDelete, o);
};

P['cookie.document'] = async () => {
  const value = nonce();
  setCookie('probe_doc', value);
  const o = { cookieEnabled: navigator.cookieEnabled === true, writeRead: cookieHas('probe_doc', value) };
  setCookie('probe_doc', '', '; max-age=0');
  return result(o.cookieEnabled && o.writeRead, o);
};

P['cookie.server'] = async () => {
  const value = nonce(), o = { setCookieSent: false, echoed: false };
  try {
    const set = await getJSON('/probe/cookie/set?v=' + value);
    o.setCookieSent = set.ok && set.json.setCookie === true;
    o.echoed = (await getJSON('/probe/cookie/echo')).json.cookies.probe_http === value;
  } catch (e) { o.errorName = errName(e); }
  /* A bridge copying cookies into the page defeats HttpOnly. */
  o.visibleToScript = document.cookie.indexOf('probe_http=') >= 0;
  return result(o.echoed && !o.visibleToScript, o);
};

/* Another port is the same site (RFC 6265bis). */
P['cookie.thirdParty'] = async (ctx) => {
  const origin = ctx.origins.secondHost || ctx.origins.secondPort;
  if (!origin) return skipped('no-second-origin');
  const src = `${origin}/frames/cookie.html?v=${nonce()}&parent=${encodeURIComponent(location.origin)}`;
  const m = await frameMessage(ctx, src, origin, 'probe-cookie', 8000) || {};
  const o = { frameLoaded: m.type === 'probe-cookie', set: !!m.set, readBack: !!m.readBack, storageAccessApi: !!m.storageAccessApi,
    origin, crossSite: origin === ctx.origins.secondHost, errorName: m.errorName || null };
  return result(o.readBack, o);
};

/* away.html comes back with ?navcheck=. */
P['storage.navigation'] = async (ctx) => {
  const check = ctx.params.navcheck;
  if (check) {
    ctx.clearParam('navcheck');
    const o = { cookieSurvived: cookieHas('probe_nav', check), localStorageSurvived: storageGet('localStorage', 'probe.nav') === check };
    return result(o.cookieSurvived && o.localStorageSurvived, o);
  }
  const value = nonce();
  setCookie('probe_nav', value);
  storageSet('localStorage', 'probe.nav', value);
  await ctx.flush();
  location.assign('/away.html?back=' + encodeURIComponent(ctx.urlWith('navcheck', value)));
  await sleep(10000);
  return { status: 'error', reason: 'the navigation to /away.html did not happen', observed: {} };
};

P['storage.relaunch'] = async (ctx) => {
  if (!ctx.resumed) {
    /* Never settles: the reopened page answers. */
    return new Promise((resolve) => ctx.ui.panel(ctx.probe.instructions, []));
  }
  const answer = await ctx.ask(ctx.probe.instructions, [['yes', 'Yes, I relaunched'], ['no', 'No']]);
  const o = pick(ctx.state.earlierVisit, ['sessionCookie', 'persistentCookie', 'localStorage', 'indexedDB'], { relaunched: answer === 'yes' });
  return answer === 'yes' ? result(o.persistentCookie && o.localStorage && o.indexedDB, o) : skipped('not-relaunched', o);
};

async function relaunchMarkers(run) {
  const seen = { sessionCookie: cookieHas('probe_rs', run), persistentCookie: cookieHas('probe_rp', run),
    localStorage: storageGet('localStorage', 'probe.relaunch') === run, indexedDB: false };
  storageSet('localStorage', 'probe.relaunch', run);
  setCookie('probe_rs', run);
  setCookie('probe_rp', run, '; max-age=2592000');
  try {
    const db = await openDB('probe-relaunch');
    seen.indexedDB = (await idb(kv(db).get('run'))) === run;
    await idb(kv(db).put(run, 'run'));
    db.close();
  } catch (e) { /* not surviving */ }
  return seen;
}

P['fetch.sameOrigin'] = async () => {
  const o = { getOk: false, postEchoExact: false, status: null, errorName: null };
  const body = JSON.stringify({ probe: 'fetch.sameOrigin', text: 'h\u00e9llo \u2713 \ud83d\ude00', id: nonce() });
  try {
    const get = await getJSON('/probe/json');
    o.getOk = get.status === 200 && get.json.ok === true;
    const r = await fetch('/probe/echo', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body });
    o.status = r.status;
    o.postEchoExact = (await r.text()) === body;
  } catch (e) { caught(o, e); }
  return result(o.getOk && o.postEchoExact, o);
};

P['fetch.credentials'] = async () => {
  const value = nonce(), o = { cookieSent: false };
  setCookie('probe_cred', value);
  try { o.cookieSent = (await getJSON('/probe/cookie/echo')).json.cookies.probe_cred === value; } catch (e) { o.errorName = errName(e); }
  setCookie('probe_cred', '', '; max-age=0');
  return result(o.cookieSent, o);
};

P['fetch.cors'] = async (ctx) => {
  const origin = ctx.origins.secondPort || ctx.origins.secondHost;
  if (!origin) return skipped('no-second-origin');
  const o = { getOk: false, preflightOk: false, errorName: null };
  try { o.getOk = (await getJSON(origin + '/probe/cors/ping', { mode: 'cors', cache: 'no-store' })).json.ok === true; } catch (e) { o.errorName = errName(e); }
  try {
    /* JSON and a custom header force a preflight. */
    const post = await getJSON(origin + '/probe/cors/echo', { method: 'POST', mode: 'cors', credentials: 'include', cache: 'no-store',
      headers: { 'Content-Type': 'application/json', 'X-Probe-Run': ctx.run }, body: '{"probe":"fetch.cors"}' });
    o.preflightOk = post.ok && post.json.ok === true;
    o.cookiesAtSecondOrigin = post.json.cookies;
  } catch (e) { o.errorName = o.errorName || errName(e); }
  return result(o.getOk && o.preflightOk, o);
};

P['fetch.integrity'] = async () => {
  const size = 1048576, up = new Uint8Array(size), o = { bytes: size, uploadHashMatch: false, downloadHashMatch: false };
  for (let i = 0; i < size; i += 65536) crypto.getRandomValues(up.subarray(i, i + 65536));
  const mine = await sha256(up.buffer);
  if (!mine) return skipped('no-crypto-subtle', o);
  try {
    const server = (await getJSON('/probe/sha256', { method: 'POST', credentials: 'same-origin', body: up })).json;
    o.uploadHashMatch = server.sha256 === mine && server.bytes === size;
    const r = await fetch(`/probe/bytes?size=${size}&seed=${1 + Math.floor(Math.random() * 1e9)}`, { cache: 'no-store' });
    const expected = r.headers.get('X-Probe-SHA256'), down = await r.arrayBuffer();
    o.downloadHashMatch = !!expected && (await sha256(down)) === expected;
  } catch (e) { caught(o, e); }
  return result(o.uploadHashMatch && o.downloadHashMatch, o);
};

const xhr = (method, url, body) => new Promise((resolve) => {
  const x = new XMLHttpRequest();
  x.open(method, url);
  x.timeout = 10000;
  x.onload = () => resolve({ status: x.status, text: x.responseText });
  x.onerror = x.ontimeout = () => resolve({ status: 0 });
  x.send(body || null);
});
P['xhr.sameOrigin'] = async () => {
  const body = 'xhr \u00e9 ' + nonce(), get = await xhr('GET', '/probe/json'), post = await xhr('POST', '/probe/echo', body);
  const o = { getOk: get.status === 200, postOk: post.status === 200 && post.text === body };
  return result(o.getOk && o.postOk, o);
};

P['net.mixedContent'] = async (ctx) => {
  /* Only https mixes; http://localhost is trustworthy. */
  const insecure = ctx.origins.insecure;
  if (location.protocol !== 'https:') return skipped('page-not-https');
  if (!insecure) return skipped('no-insecure-origin');
  if (/^http:\/\/(localhost|127\.|\[::1\])/.test(insecure)) return skipped('insecure-origin-is-loopback');
  const o = { imageLoaded: false, fetchBlocked: true };
  o.imageLoaded = await new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(true);
    img.onerror = () => resolve(false);
    setTimeout(resolve, 5000, false);
    img.src = `${insecure}/probe/mixed/pixel.png?${nonce()}`;
  });
  try {
    await within(fetch(insecure + '/probe/mixed/ping', { mode: 'no-cors', cache: 'no-store' }), 5000, 'http: fetch');
    o.fetchBlocked = false;
  } catch (e) { o.fetchErrorName = errName(e); }
  return info(o);
};

P['media.autoplay'] = async (ctx) => {
  const v = fixtureVideo(ctx, false), r = await play(v, 4000);
  v.pause();
  v.remove();
  return result(r.played, r);
};

P['media.inline'] = async (ctx) => {
  const v = fixtureVideo(ctx, true), fs = watchFullscreen(v), r = await play(v, 4000);
  await sleep(500);
  const o = { played: r.played, enteredFullscreen: fs.entered || isFullscreen(v), errorName: r.errorName };
  o.inline = r.played && !o.enteredFullscreen;
  v.pause();
  if (v.webkitExitFullscreen && isFullscreen(v)) v.webkitExitFullscreen();
  v.remove();
  return result(o.inline, o);
};

P['camera.api'] = async () => {
  const md = navigator.mediaDevices;
  const o = { mediaDevices: !!md, getUserMedia: !!md && typeof md.getUserMedia === 'function' };
  return result(o.getUserMedia, o);
};

P['camera.devices'] = async (ctx) => {
  const before = await videoInputs();
  const o = { videoInputsBefore: before.count, labelsBefore: before.labels, videoInputsAfter: null, labelsAfter: null };
  return { finishAfter: 'camera.getUserMedia', observed: o, finish: async () => {
    if (ctx.state.granted) {
      const after = await videoInputs();
      Object.assign(o, { videoInputsAfter: after.count, labelsAfter: after.labels });
    }
    return result(Math.max(o.videoInputsBefore || 0, o.videoInputsAfter || 0) > 0, o);
  } };
};

P['camera.permission'] = async () => {
  const o = { stateBefore: await permissionState(), stateAfter: null };
  return { finishAfter: 'camera.getUserMedia', observed: o, finish: async () => { o.stateAfter = await permissionState(); return info(o); } };
};

P['camera.getUserMedia'] = async (ctx) => {
  if (!ctx.unattended) {
    await new Promise((resolve) => ctx.ui.panel(ctx.probe.instructions, [{ id: 'tap-' + ctx.slug, label: 'Start camera', onClick: resolve }]));
    ctx.ui.note('Asking for the camera…');
  }
  await ctx.started();
  const before = await permissionState(), g = await gum({ video: true }, ctx.unattended ? 20000 : 60000), s = g.stream;
  const o = pick(g, ['outcome', 'errorName', 'errorMessage', 'elapsedMs'], { permissionStateBefore: before, permissionStateAfter: await permissionState(),
    promptShown: null, videoTracks: s ? s.getVideoTracks().length : 0, audioTracks: s ? s.getAudioTracks().length : 0, settings: settings(s) });
  ctx.state.stream = s;
  ctx.state.granted = !!s;
  if (s && !ctx.unattended) {
    const a = await ctx.ask('Did a permission prompt appear?', [['yes', 'Yes'], ['no', 'No'], ['unknown', 'Not sure']]);
    o.promptShown = a === 'unknown' ? null : a === 'yes';
  }
  return result(!!s, o);
};

P['camera.frames'] = async (ctx) => {
  const stream = ctx.state.stream;
  if (!stream) return skipped('camera-not-granted');
  const v = document.createElement('video');
  v.muted = v.autoplay = true;
  ['playsinline', 'webkit-playsinline', 'muted', 'autoplay'].forEach((a) => v.setAttribute(a, ''));
  v.className = 'probe-video';
  v.srcObject = stream;
  ctx.stage.appendChild(v);
  const fs = watchFullscreen(v), r = await play(v, 5000);
  await sleep(300);
  const o = pick(await sampleFrames(v, 1000), ['frames', 'black', 'frozen', 'frameSource', 'meanLuma', 'sampleError'], {
    playing: r.played, width: v.videoWidth | 0, height: v.videoHeight | 0, fullscreen: fs.entered || isFullscreen(v),
    settings: settings(stream), errorName: r.errorName });
  v.srcObject = null;
  v.remove();
  return result(o.playing && !o.black && !o.frozen && !o.fullscreen && o.frames > 0, o);
};

/* Phones open one camera at a time (NotReadableError). */
function releaseCamera(ctx) {
  stopStream(ctx.state.stream);
  ctx.state.stream = null;
}

P['camera.facing'] = async (ctx) => {
  if (!ctx.state.granted) return skipped('camera-not-granted');
  releaseCamera(ctx);
  const o = {};
  for (const mode of ['environment', 'user']) {
    const g = await gum({ video: { facingMode: { ideal: mode } } }, 10000);
    o[mode + 'Ok'] = !!g.stream;
    o[mode + 'Facing'] = g.stream ? (settings(g.stream) || {}).facingMode || '' : null;
    o[mode + 'ErrorName'] = g.errorName;
    stopStream(g.stream);
  }
  return info(o);
};

P['camera.reacquire'] = async (ctx) => {
  if (!ctx.state.granted) return skipped('camera-not-granted');
  releaseCamera(ctx);
  const g = await gum({ video: true }, ctx.unattended ? 20000 : 60000);
  stopStream(g.stream);
  const o = pick(g, ['outcome', 'errorName', 'errorMessage', 'elapsedMs'], { promptShown: null });
  if (g.stream && !ctx.unattended) o.promptShown = (await ctx.ask('Did a prompt appear again?', [['yes', 'Yes'], ['no', 'No']])) === 'yes';
  return result(!!g.stream, o);
};

/* Only the camera may be granted (seed 001). */
P['camera.scope'] = async (ctx) => {
  const limit = ctx.unattended ? 10000 : 30000, audio = await gum({ audio: true }, limit);
  stopStream(audio.stream);
  const both = await gum({ video: true, audio: true }, limit);
  stopStream(both.stream);
  const tracks = (g) => g.stream ? g.stream.getAudioTracks().length : 0;
  /* Chromium may resolve {video, audio} with video alone: count tracks. */
  const o = { audioOutcome: audio.outcome, audioErrorName: audio.errorName, elapsedMs: audio.elapsedMs,
    videoAudioOutcome: both.outcome, videoAudioErrorName: both.errorName, videoAudioTracks: tracks(both), audioTracks: tracks(audio) + tracks(both) };
  const md = navigator.mediaDevices;
  if (!md || typeof md.getDisplayMedia !== 'function') o.displayOutcome = 'unsupported';
  else {
    try {
      stopStream(await within(md.getDisplayMedia({ video: true }), 3000, 'getDisplayMedia'));
      o.displayOutcome = 'granted';
    } catch (e) { o.displayOutcome = 'error'; o.displayErrorName = errName(e); }
  }
  return result(audio.outcome !== 'granted' && !o.audioTracks && o.displayOutcome !== 'granted', o);
};

/* allow="camera": the host's origin check answers. */
P['camera.foreignOrigin'] = async (ctx) => {
  const targets = { otherPort: ctx.origins.secondPort, otherHost: ctx.origins.secondHost };
  if (!targets.otherPort && !targets.otherHost) return skipped('no-second-origin');
  const o = { via: 'frame' };
  for (const key of ['otherPort', 'otherHost']) {
    const origin = targets[key];
    const m = origin && await frameMessage(ctx, `${origin}/frames/camera.html?parent=${encodeURIComponent(location.origin)}`,
      origin, 'probe-camera', 15000, 'camera ' + origin);
    o[key + 'Outcome'] = m ? m.outcome : 'not-run';
    o[key + 'ErrorName'] = m ? m.errorName : origin ? 'FrameDidNotAnswer' : null;
    o[key + 'ElapsedMs'] = m ? m.elapsedMs : null;
  }
  return result(o.otherPortOutcome !== 'granted' && o.otherHostOutcome !== 'granted', o);
};

P['file.accept'] = async (ctx) => {
  const facts = await chooseFile(ctx, 'Choose image');
  const o = pick(facts, ['changeFired', 'cancelFired', 'waitedMs', 'fileCount', 'accept', 'captureAttribute'], {});
  const file = facts.input.files[0];
  if (!file) return result(false, o);
  ctx.ui.note('Hashing and uploading…');
  pick(await describeFile(file, ctx), ['name', 'type', 'size', 'lastModified', 'lastModifiedAgeMs', 'sniffedFormat', 'sha256',
    'serverSha256', 'hashMatch', 'uploadStatus', 'serverFormat', 'serverAccepted', 'uploadError'], o);
  return result(o.hashMatch, o);
};

P['file.capture'] = (ctx) => new Promise((resolve) => {
  const o = { environmentChangeFired: false, environmentFileCount: 0, userChangeFired: false, userFileCount: 0, cameraOpenedDirectly: null };
  const inputs = {};
  ['environment', 'user'].forEach((mode) => {
    const input = inputs[mode] = fileInput(`input-${ctx.slug}-${mode}`, 'image/*', mode);
    o[mode + 'CaptureAttribute'] = input.getAttribute('capture');
    input.onchange = () => { o[mode + 'ChangeFired'] = true; o[mode + 'FileCount'] = input.files.length; };
  });
  const answer = (value) => () => { o.cameraOpenedDirectly = value; resolve(result(value, o)); };
  ctx.ui.panel(ctx.probe.instructions, [
    { id: `tap-${ctx.slug}-environment`, label: 'Back camera', onClick: () => { ctx.started(); inputs.environment.click(); } },
    { id: `tap-${ctx.slug}-user`, label: 'Front camera', onClick: () => { ctx.started(); inputs.user.click(); } },
    { id: `answer-${ctx.slug}-yes`, label: 'Yes, the camera opened', onClick: answer(true) },
    { id: `answer-${ctx.slug}-no`, label: 'No, a file list opened', onClick: answer(false) }
  ]);
});

P['file.cancel'] = (ctx) => new Promise((resolve) => {
  const o = { cancelFired: false, secondChooserOpened: null, secondChangeFired: false, secondFileCount: 0, taps: 0 };
  const input = fileInput('input-' + ctx.slug, 'image/*');
  let tappedAt = 0;
  input.oncancel = () => {
    if (!o.cancelFired) o.cancelMs = ms(tappedAt);
    o.cancelFired = true; ctx.ui.note('Cancelled. Now tap "Choose image" again and pick a photo.');
  };
  input.onchange = () => {
    if (o.taps < 2) { o.firstPickChanged = true; return; }
    Object.assign(o, { secondChangeFired: true, secondChooserOpened: true, secondFileCount: input.files.length });
    resolve(result(true, o));
  };
  ctx.ui.panel(ctx.probe.instructions, [
    { id: 'tap-' + ctx.slug, label: 'Choose image', onClick: () => { if (!o.taps++) tappedAt = now(); ctx.started(); input.click(); } },
    { id: `answer-${ctx.slug}-no`, label: 'The chooser did not open again', secondary: true, giveUp: true,
      onClick: () => { o.secondChooserOpened = false; resolve(result(false, o)); } }
  ]);
});

P['file.heic'] = async (ctx) => {
  const facts = await chooseFile(ctx, 'Choose HEIC');
  const file = facts.input.files[0], o = pick(facts, ['changeFired', 'cancelFired', 'waitedMs'], { type: file ? file.type : null, serverAccepted: false });
  if (!file) return result(false, o);
  ctx.ui.note('Uploading…');
  const f = await describeFile(file, ctx);
  pick(f, ['sniffedFormat', 'serverAccepted', 'serverFormat', 'name', 'size'], o);
  o.convertedToJpeg = f.sniffedFormat === 'jpeg' ? (/\.hei[cf]$/i.test(f.name) ? true : null) : false;
  return result(o.serverAccepted, o);
};

/* Unloaded: same view, seen on the next load. */
async function openAndWatch(which, ctx) {
  storageSet('sessionStorage', 'probe.windowOpen', JSON.stringify({ run: ctx.run, which }));
  let hidden = false, w = null;
  const onHide = () => { hidden = hidden || document.hidden; };
  document.addEventListener('visibilitychange', onHide);
  try { w = open('/away.html?close=1', '_blank'); } catch (e) { /* blocked */ }
  await sleep(1500);
  document.removeEventListener('visibilitychange', onHide);
  storageSet('sessionStorage', 'probe.windowOpen', '');
  return !w ? 'blocked' : hidden || !w.closed ? 'new-window' : 'external';
}
P['nav.windowOpen'] = async (ctx) => {
  const back = ctx.state.windowOpenReturn, o = {};
  if (back) { o[back.which + 'Result'] = 'same-view'; return info(o); }
  await new Promise((resolve) => ctx.ui.panel(ctx.probe.instructions, [{ id: 'tap-' + ctx.slug, label: 'Open window',
    onClick: () => openAndWatch('tap', ctx).then((r) => { o.tapResult = r; resolve(); }) }]));
  ctx.ui.note('Now a window opens from a timer, without a tap; come back again.');
  o.timerResult = await openAndWatch('timer', ctx);
  return info(o);
};

P['nav.customScheme'] = async (ctx) => {
  const a = await ctx.ask(ctx.probe.instructions, [['external-app', 'Another app opened'], ['graceful', 'The page stayed, no error'],
    ['webview-error', 'An error page in the app'], ['nothing', 'Nothing at all']], { href: 'probe-test-scheme://open', linkLabel: 'Open probe-test-scheme://' });
  return result(a !== 'webview-error', { outcome: a });
};

P['nav.returnUrl'] = async (ctx) => {
  const href = ctx.params.returnUrl || location.origin + '/away.html?return=1';
  const a = await ctx.ask(ctx.probe.instructions, [['app', 'Yes, the app took it'],
    ['same-view', 'It opened in this view'], ['browser', 'It opened a browser'], ['error', 'An error']], { href, linkLabel: 'Return to app' });
  return info({ reachedApp: a === 'app', outcome: a, returnUrl: href });
};

/* Answers survive the navigations in sessionStorage; .invalid never resolves. */
P['nav.loadError'] = async (ctx) => {
  const key = 'probe.loadError.' + ctx.run, o = JSON.parse(storageGet('sessionStorage', key) || '{}');
  for (const [field, href, label] of [['http500Recoverable', '/probe/status/500', 'HTTP 500 page'],
    ['unreachableRecoverable', 'https://unreachable.invalid/', 'Unreachable address']]) {
    if (typeof o[field] === 'boolean') continue;
    o[field] = (await ctx.ask(`Tap "${label}", then come back. Did the app show a recoverable error?`, [['yes', 'Yes'], ['no', 'No']],
      { href, linkLabel: label, idSuffix: field })) === 'yes';
    storageSet('sessionStorage', key, JSON.stringify(o));
  }
  return result(o.http500Recoverable && o.unreachableRecoverable, o);
};

P['lifecycle.background'] = async (ctx) => {
  const o = { hiddenFired: false, visibleFired: false, trackStateAfter: 'none', resumed: true }, marker = 'probe.background.' + ctx.run;
  if (storageGet('sessionStorage', marker)) {
    storageSet('sessionStorage', marker, '');
    o.resumed = false;
    return result(false, o);
  }
  const stream = ctx.state.granted ? (await gum({ video: true }, 10000)).stream : null;
  storageSet('sessionStorage', marker, '1');
  ctx.ui.panel(ctx.probe.instructions, []);
  await new Promise((resolve) => {
    const onChange = () => {
      if (document.hidden) o.hiddenFired = true;
      else if (o.hiddenFired) {
        o.visibleFired = true;
        document.removeEventListener('visibilitychange', onChange);
        resolve();
      }
    };
    document.addEventListener('visibilitychange', onChange);
  });
  await sleep(1000);
  const track = stream && stream.getVideoTracks()[0];
  o.trackStateAfter = !track ? 'none' : track.readyState === 'ended' ? 'ended' : track.muted ? 'muted' : 'live';
  stopStream(stream);
  storageSet('sessionStorage', marker, '');
  return result(true, o);
};

P['net.offline'] = (ctx) => new Promise((resolve) => {
  const o = { offlineFired: false, onlineFired: false, queued: 0, delivered: 0 };
  let interim = null;
  ctx.queue.onDelivered((batch, answer) => { if (answer.ok && batch.indexOf(interim) >= 0) o.delivered++; });
  addEventListener('offline', () => {
    if (o.offlineFired) return;
    o.offlineFired = true;
    interim = ctx.makeResult({ status: 'info', reason: 'interim: queued while offline', observed: { offlineFired: true } });
    ctx.attempt++;
    ctx.queue.add(interim);
    o.queued = ctx.queue.items.length;
    ctx.ui.note('Offline noticed. Now turn airplane mode off.');
  });
  addEventListener('online', () => {
    if (!o.offlineFired || o.onlineFired) return;
    o.onlineFired = true;
    ctx.queue.flush().then(() => resolve(result(o.delivered >= 1, o)));
  });
  ctx.ui.panel(ctx.probe.instructions, []);
});

P['operator.checklist'] = async (ctx) => {
  const seen = {}, answers = {};
  const questions = (ctx.catalog.checklist || []).filter((item) => {
    const q = item.coverage && item.coverage.question;
    if (!q || q.probe !== 'operator.checklist' || !ctx.tabApplies(item.tab)) return false;
    item.key = q.fields[0].replace(/^answers\./, '');
    return !seen[item.key] && (seen[item.key] = true);
  });
  for (const [i, item] of questions.entries()) {
    answers[item.key] = await ctx.ask(`(${i + 1}/${questions.length}) ${item.coverage.question.text}`,
      [['yes', 'Yes'], ['no', 'No'], ['unknown', "Don't know"]], { idSuffix: item.key });
  }
  return info({ answers });
};

window.ProbeImpl = { probes: P, sha256, sniff, nonce, sleep, within, relaunchMarkers };
})();

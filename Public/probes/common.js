/* What the probe files share: timing, errors, hashing, the camera request, frames from the
   second origin. Each probe file adds its probes to ProbeImpl.probes, keyed by the catalog's
   probe id; the observed field names are the catalog's contract (Areas/<Area>/*.swift), and
   every time limit is a threshold the catalog declares (ctx.limit, pageLimit). */
(() => {
'use strict';

const now = () => performance.now();
/* Elapsed milliseconds to a tenth: enough to tell a 20 ms denial from a 2 s one. */
const ms = (t0) => Math.round((now() - t0) * 10) / 10;
const sleep = (t) => new Promise((r) => setTimeout(r, t));
const hex = (buf) => Array.from(new Uint8Array(buf), (b) => (b < 16 ? '0' : '') + b.toString(16)).join('');
const nonce = () => hex(crypto.getRandomValues(new Uint8Array(8)));
const errName = (e) => (e && e.name) || 'Error';
const errMessage = (e) => (e && e.message) || String(e);
/* A probe's answer: pass or fail is the page's own reading; the diff judges the observed fields. */
const result = (ok, observed) => ({ status: ok ? 'pass' : 'fail', observed });
const info = (observed) => ({ status: 'info', observed });
const skipped = (reason, observed) => ({ status: 'skipped', reason, observed: observed || {} });
/* Copies the named fields, undefined as null, so a field the page could not measure is
   posted as null ("not measured") rather than left out. */
const pick = (from, keys, to) => { keys.forEach((k) => { to[k] = from[k] === undefined ? null : from[k]; }); return to; };
const caught = (o, e) => Object.assign(o, { errorName: errName(e), errorMessage: errMessage(e) });

/* The page's own limits that belong to no single probe (the catalog's thresholds.page). */
const I = window.ProbeImpl = { probes: {}, thresholds: [] };
function pageLimit(name) {
  const t = I.thresholds.filter((x) => x.name === name)[0];
  if (!t) throw new Error(`the catalog declares no page threshold ${name}`);
  return t.ms;
}

/* A promise that may never settle (QtWebEngine without a permission handler leaves
   getUserMedia pending forever) is turned into a TimeoutError after t ms. */
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

/* crypto.subtle exists in secure contexts only
   (https://developer.mozilla.org/en-US/docs/Web/API/Crypto/subtle): null elsewhere. */
async function sha256(buffer) {
  try { return hex(await crypto.subtle.digest('SHA-256', buffer)); } catch (e) { return null; }
}

/* The format from the magic bytes, as the server's ImageFormat.swift reads it; the HEIF
   brands (heic, heix, mif1, …) all count as heic. */
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

/* permissions.query({name: 'camera'}) is missing in older WebKit and throws in Firefox:
   "unsupported" is a value the catalog knows. */
async function permissionState() {
  try { return (await within(navigator.permissions.query({ name: 'camera' }), pageLimit('permissionQueryMs'), 'permissions.query')).state; } catch (e) { return 'unsupported'; }
}
const stopStream = (s) => { if (s) s.getTracks().forEach((t) => t.stop()); };
/* One camera request, timed: how fast a denial came is the evidence of who denied it (one
   under the catalog's fastDenialMs had no person in it; see docs/probes.md, camera.getUserMedia). */
async function gum(constraints, limit) {
  const t0 = now();
  try {
    const stream = await within(navigator.mediaDevices.getUserMedia(constraints), limit, 'getUserMedia');
    return { outcome: 'granted', stream, errorName: null, errorMessage: null, elapsedMs: ms(t0) };
  } catch (e) {
    return caught({ outcome: 'error', elapsedMs: ms(t0) }, e);
  }
}
/* Labels are empty until the camera is granted
   (https://w3c.github.io/mediacapture-main/#dom-mediadevices-enumeratedevices). */
async function videoInputs(limit) {
  try {
    const list = (await within(navigator.mediaDevices.enumerateDevices(), limit, 'enumerateDevices')).filter((d) => d.kind === 'videoinput');
    return { count: list.length, labels: list.some((d) => !!d.label) };
  } catch (e) { return { count: null, labels: null }; }
}
function settings(stream) {
  const t = stream && stream.getVideoTracks()[0], s = t && t.getSettings ? t.getSettings() : null;
  return s && { width: s.width || null, height: s.height || null, frameRate: s.frameRate || null, facingMode: s.facingMode || null };
}

/* Loads a page of the second origin in a frame and waits for its postMessage of `type`;
   null when it did not answer within `limit` (blocked, untrusted certificate, unreachable). */
/* A frame's detach costs a slow phone ~10 ms of main thread: done when idle (not in WebKit). */
const removeWhenIdle = (f) => { f.hidden = true; window.requestIdleCallback ? requestIdleCallback(() => f.remove(), { timeout: 2000 }) : f.remove(); };
function frameMessage(ctx, src, origin, type, limit, allow) {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    const done = (data) => {
      clearTimeout(timer);
      removeEventListener('message', onMessage);
      removeWhenIdle(frame);
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
/* Secure only over https: a Secure cookie set from an http: page is refused
   (https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Set-Cookie#secure). */
const setCookie = (name, value, extra) => {
  document.cookie = `${name}=${value}; path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}${extra || ''}`;
};
/* localStorage and sessionStorage can be null or throw SecurityError when the host turned
   them off: those probes say so; everywhere else storage is best effort. */
const storageGet = (area, key) => { try { return window[area].getItem(key); } catch (e) { return null; } };
const storageSet = (area, key, value) => { try { window[area].setItem(key, value); } catch (e) { /* storage off */ } };

const idb = (req) => new Promise((resolve, reject) => { req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error); });
function openDB(name) {
  const req = indexedDB.open(name, 1);
  req.onupgradeneeded = () => req.result.createObjectStore('kv');
  return within(idb(req), pageLimit('indexedDBOpenMs'), 'indexedDB.open');
}
const kv = (db) => db.transaction('kv', 'readwrite').objectStore('kv');

/* The fixture clip, playsinline. It has sound on purpose: WebKit lets a video without an
   audio track autoplay, so a silent clip would pass an unmuted-autoplay test everywhere
   (https://webkit.org/blog/6784/new-video-policies-for-ios/). */
function fixtureVideo(ctx, muted) {
  const v = document.createElement('video');
  v.muted = muted;
  /* Without playsinline an iPhone plays fullscreen; webkit-playsinline for iOS before 10. */
  v.setAttribute('playsinline', '');
  v.setAttribute('webkit-playsinline', '');
  v.className = 'probe-video';
  /* index.html's template: the server names the clip by its content (?v=), so it is kept. */
  v.appendChild(document.importNode(document.getElementById('fixture-clip').content, true));
  ctx.stage.appendChild(v);
  return v;
}
/* Resolves once: on `playing`, on play()'s rejection, or after `limit` ms (a refused play()
   may never reject in older WebKit). `allowed` tells a slow start from a refusal: play()
   leaves the paused state only when the element is allowed to play
   (https://html.spec.whatwg.org/multipage/media.html#dom-media-play), so a clip still
   loading at the limit was allowed, and a refusal that never rejects keeps it paused. */
const play = (v, limit) => new Promise((resolve) => {
  let end = (played, e) => {
    resolve({ played, allowed: played || !v.paused, errorName: e ? errName(e) : null, errorMessage: e ? errMessage(e) : null });
    end = () => {};
  };
  v.addEventListener('playing', () => end(true));
  setTimeout(() => end(false, { name: 'TimeoutError', message: `the video did not start within ${limit} ms` }), limit);
  try {
    const p = v.play();
    if (p) p.then(() => end(true), (e) => end(false, e));
  } catch (e) { end(false, e); }
});
/* iOS's native player fires webkitbeginfullscreen and sets webkitDisplayingFullscreen
   rather than the standard Fullscreen API. */
const isFullscreen = (v) => !!(document.fullscreenElement || document.webkitFullscreenElement || v.webkitDisplayingFullscreen);
function watchFullscreen(v) {
  const seen = { entered: false }, mark = () => { if (isFullscreen(v)) seen.entered = true; };
  v.addEventListener('webkitbeginfullscreen', () => { seen.entered = true; });
  document.addEventListener('fullscreenchange', mark);
  document.addEventListener('webkitfullscreenchange', mark);
  return seen;
}

Object.assign(I, {
  now, ms, sleep, nonce, errName, errMessage, result, info, skipped, pick, caught, pageLimit, within, getJSON, sha256, sniff,
  permissionState, stopStream, gum, videoInputs, settings, frameMessage, removeWhenIdle, cookieHas, setCookie, storageGet, storageSet,
  idb, openDB, kv, fixtureVideo, play, isFullscreen, watchFullscreen
});
})();

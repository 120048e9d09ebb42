/* Phase network: fetch on the same origin, with cookies, across origins and with large
   bodies; XMLHttpRequest; mixed content. */
(() => {
'use strict';
const I = window.ProbeImpl, P = I.probes, result = I.result, skipped = I.skipped, nonce = I.nonce, getJSON = I.getJSON;

/* Requests a step makes that read nothing of each other go out together: on a farm's tunnel
   (150 ms a round trip) each one waited on after another costs the flow a round trip
   (docs/performance.md). Each settles on its own; the step names the first error. */
const together = async (o, ...requests) => {
  const errors = (await Promise.all(requests.map((p) => p.then(() => null, (e) => e)))).filter(Boolean);
  if (errors.length) I.caught(o, errors[0]);
};

P['fetch.sameOrigin'] = async () => {
  const o = { getOk: false, postEchoExact: false, status: null, errorName: null };
  /* Non-ASCII and an astral character: a bridge that re-encodes bodies changes their bytes. */
  const body = JSON.stringify({ probe: 'fetch.sameOrigin', text: 'h\u00e9llo \u2713 \ud83d\ude00', id: nonce() });
  await together(o, getJSON('/probe/json').then((get) => { o.getOk = get.status === 200 && get.json.ok === true; }),
    fetch('/probe/echo', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body })
      .then(async (r) => { o.status = r.status; o.postEchoExact = (await r.text()) === body; }));
  return result(o.getOk && o.postEchoExact, o);
};

P['fetch.credentials'] = async () => {
  const value = nonce(), o = { cookieSent: false };
  I.setCookie('probe_cred', value);
  try { o.cookieSent = (await getJSON('/probe/cookie/echo')).json.cookies.probe_cred === value; } catch (e) { o.errorName = I.errName(e); }
  I.setCookie('probe_cred', '', '; max-age=0');
  return result(o.cookieSent, o);
};

P['fetch.cors'] = async (ctx) => {
  const origin = ctx.origins.secondPort || ctx.origins.secondHost;
  if (!origin) return skipped('no-second-origin');
  const o = { getOk: false, preflightOk: false, errorName: null };
  const get = getJSON(origin + '/probe/cors/ping', { mode: 'cors', cache: 'no-store' }).then((r) => { o.getOk = r.json.ok === true; });
  /* application/json and a custom header make it a non-simple request, so the browser
     sends an OPTIONS preflight first (https://fetch.spec.whatwg.org/#cors-preflight-fetch). */
  const post = getJSON(origin + '/probe/cors/echo', { method: 'POST', mode: 'cors', credentials: 'include', cache: 'no-store',
    headers: { 'Content-Type': 'application/json', 'X-Probe-Run': ctx.run }, body: '{"probe":"fetch.cors"}' })
    .then((r) => { o.preflightOk = r.ok && r.json.ok === true; o.cookiesAtSecondOrigin = r.json.cookies; });
  /* The simple GET's error first, as when they ran one after the other. */
  const errors = await Promise.all([get, post].map((p) => p.then(() => null, (e) => e)));
  const first = errors.filter(Boolean)[0];
  if (first) o.errorName = I.errName(first);
  return result(o.getOk && o.preflightOk, o);
};

/* The catalog's size each way (StandardProbes.integrityBodyBytes, 128 KiB), hashed on both
   sides: a bridge or proxy that rewrites or truncates bodies shows as a mismatch. The
   download's seed makes each body new, so no cache answers it. */
P['fetch.integrity'] = async (ctx) => {
  const size = ctx.catalog.thresholds.integrityBodyBytes, up = new Uint8Array(size), o = { bytes: size, uploadHashMatch: false, downloadHashMatch: false };
  /* getRandomValues fills at most 65,536 bytes a call
     (https://developer.mozilla.org/en-US/docs/Web/API/Crypto/getRandomValues#exceptions). */
  for (let i = 0; i < size; i += 65536) crypto.getRandomValues(up.subarray(i, i + 65536));
  const mine = await I.sha256(up.buffer);
  if (!mine) return skipped('no-crypto-subtle', o);
  const upload = async () => {
    const server = (await getJSON('/probe/sha256', { method: 'POST', credentials: 'same-origin', body: up })).json;
    o.uploadHashMatch = server.sha256 === mine && server.bytes === size;
  };
  const download = async () => {
    const r = await fetch(`/probe/bytes?size=${size}&seed=${1 + Math.floor(Math.random() * 1e9)}`, { cache: 'no-store' });
    const expected = r.headers.get('X-Probe-SHA256'), down = await r.arrayBuffer();
    o.downloadHashMatch = !!expected && (await I.sha256(down)) === expected;
  };
  /* Neither direction reads the other's answer: both at once, as a link carries them. */
  await together(o, upload(), download());
  return result(o.uploadHashMatch && o.downloadHashMatch, o);
};

/* Hosts patch XMLHttpRequest separately from fetch (request interceptors, bridges). */
const xhr = (method, url, limit, body) => new Promise((resolve) => {
  const x = new XMLHttpRequest();
  x.open(method, url);
  x.timeout = limit;
  x.onload = () => resolve({ status: x.status, text: x.responseText });
  x.onerror = x.ontimeout = () => resolve({ status: 0 });
  x.send(body || null);
});
P['xhr.sameOrigin'] = async (ctx) => {
  const limit = ctx.limit('requestMs'), body = 'xhr \u00e9 ' + nonce();
  const both = await Promise.all([xhr('GET', '/probe/json', limit), xhr('POST', '/probe/echo', limit, body)]), get = both[0], post = both[1];
  const o = { getOk: get.status === 200, postOk: post.status === 200 && post.text === body };
  return result(o.getOk && o.postOk, o);
};

P['net.mixedContent'] = async (ctx) => {
  /* Only an https page mixes content; http://localhost is potentially trustworthy and
     never blocked (https://www.w3.org/TR/secure-contexts/#is-origin-trustworthy). */
  const insecure = ctx.origins.insecure;
  if (location.protocol !== 'https:') return skipped('page-not-https');
  if (!insecure) return skipped('no-insecure-origin');
  if (/^http:\/\/(localhost|127\.|\[::1\])/.test(insecure)) return skipped('insecure-origin-is-loopback');
  const o = { imageLoaded: false, fetchBlocked: true };
  /* An image is optionally blockable: Android's MIXED_CONTENT_COMPATIBILITY_MODE loads it
     (https://developer.android.com/reference/android/webkit/WebSettings#MIXED_CONTENT_COMPATIBILITY_MODE);
     a fetch is always blocked. */
  o.imageLoaded = await new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(true);
    img.onerror = () => resolve(false);
    setTimeout(resolve, ctx.limit('imageMs'), false);
    img.src = `${insecure}/probe/mixed/pixel.png?${nonce()}`;
  });
  try {
    await I.within(fetch(insecure + '/probe/mixed/ping', { mode: 'no-cors', cache: 'no-store' }), ctx.limit('fetchMs'), 'http: fetch');
    o.fetchBlocked = false;
  } catch (e) { o.fetchErrorName = I.errName(e); }
  return I.info(o);
};
})();

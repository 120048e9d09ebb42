/* Phase storage: Web Storage, IndexedDB, cookies from script, from the server and from a
   third-party frame, and what survives a navigation and a relaunch. */
(() => {
'use strict';
const I = window.ProbeImpl, P = I.probes, result = I.result, skipped = I.skipped;
const nonce = I.nonce, cookieHas = I.cookieHas, setCookie = I.setCookie, storageGet = I.storageGet, storageSet = I.storageSet;
const idb = I.idb, kv = I.kv;

/* Android's WebView keeps DOM storage off until setDomStorageEnabled(true)
   (https://developer.android.com/reference/android/webkit/WebSettings#setDomStorageEnabled(boolean)):
   localStorage is then null, or throws. */
function webStorage(name) {
  const o = { available: false, writeReadRemove: false, errorName: null }, key = 'probe.check.' + nonce();
  try {
    const s = window[name];
    o.available = !!s;
    s.setItem(key, 'v');
    const read = s.getItem(key) === 'v';
    s.removeItem(key);
    o.writeReadRemove = read && s.getItem(key) === null;
  } catch (e) { I.caught(o, e); }
  return result(o.available && o.writeReadRemove, o);
}
P['storage.local'] = async () => webStorage('localStorage');
P['storage.session'] = async () => webStorage('sessionStorage');

P['storage.indexedDB'] = async () => {
  const o = { available: !!window.indexedDB, opened: false, putGetDelete: false, errorName: null }, value = nonce();
  let db;
  try {
    db = await I.openDB('probe-check');
    o.opened = true;
    await idb(kv(db).put(value, 'k'));
    const got = await idb(kv(db).get('k'));
    await idb(kv(db).delete('k'));
    o.putGetDelete = got === value && (await idb(kv(db).get('k'))) === undefined;
  } catch (e) { I.caught(o, e); }
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
    const set = await I.getJSON('/probe/cookie/set?v=' + value);
    o.setCookieSent = set.ok && set.json.setCookie === true;
    o.echoed = (await I.getJSON('/probe/cookie/echo')).json.cookies.probe_http === value;
  } catch (e) { o.errorName = I.errName(e); }
  /* The server's cookie is HttpOnly: seeing it in document.cookie means a bridge copies
     cookies into the page, which defeats HttpOnly. */
  o.visibleToScript = document.cookie.indexOf('probe_http=') >= 0;
  return result(o.echoed && !o.visibleToScript, o);
};

/* Another port of the same host is the same site, so only another host makes a frame's
   cookie third-party (RFC 6265bis "same-site"; https://web.dev/articles/same-site-same-origin). */
P['cookie.thirdParty'] = async (ctx) => {
  const origin = ctx.origins.secondHost || ctx.origins.secondPort;
  if (!origin) return skipped('no-second-origin');
  const crossSite = origin === ctx.origins.secondHost;
  /* Back from the frame's page, which found itself loaded as the page (frames/cookie.js). */
  if (ctx.params.framecheck) {
    ctx.clearParam('framecheck');
    return result(false, { frameLoaded: false, loadedAsPage: true, set: false, readBack: false, storageAccessApi: false, origin, crossSite, errorName: null });
  }
  /* The frame's navigation is the run's first. A host that loads a subframe's URL in the main
     frame (an app's shouldOverrideUrlLoading or decidePolicyFor that loads every URL itself;
     webview_flutter_android before 3.16.1 with onNavigationRequest set,
     https://github.com/flutter/packages/pull/6335) replaces this page: the frame's page then
     sends the browser back here with ?framecheck=, and the marker, a keepalive request sent
     first (not awaited: no round trip), says where a run stopped if even that failed. */
  ctx.started();
  const back = location.origin + ctx.urlWith('framecheck', '1');
  const src = `${origin}/frames/cookie.html?v=${nonce()}&parent=${encodeURIComponent(location.origin)}&back=${encodeURIComponent(back)}`;
  const m = await I.frameMessage(ctx, src, origin, 'probe-cookie', ctx.limit('frameAnswerMs')) || {};
  const o = { frameLoaded: m.type === 'probe-cookie', loadedAsPage: false, set: !!m.set, readBack: !!m.readBack, storageAccessApi: !!m.storageAccessApi,
    origin, crossSite, errorName: m.errorName || null };
  return result(o.readBack, o);
};

/* Sets a cookie and a localStorage marker and loads the page again as a new document (the same
   URL with ?navcheck=<marker>: a full navigation, the page unloaded); the probe then runs again
   and compares. No page between: a second document costs a phone a round trip and its load. */
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
  /* The steps beside it end first. The queue is kept in localStorage and its batch in flight
     is a keepalive fetch, which outlives the page: the return sends the rest. */
  await ctx.besideEnded();
  const kept = storageGet('localStorage', 'probe.nav') === value, sent = ctx.flush();
  if (!kept) await sent;
  location.assign(ctx.urlWith('navcheck', value));
  await I.sleep(ctx.limit('navigationMs'));
  return { status: 'error', reason: 'the page did not navigate (location.assign)', observed: {} };
};

/* The first visit only shows the instruction and never settles: the person closes the
   app, and the reopened page (ctx.resumed) asks and answers from relaunchMarkers. */
P['storage.relaunch'] = async (ctx) => {
  if (!ctx.resumed) {
    return new Promise(() => { ctx.ui.panel(ctx.probe.instructions, []); ctx.ui.reopen(); });
  }
  const answer = await ctx.ask('Welcome back. Did you close the app completely and open it again before bringing this page back into it?',
    [['yes', 'Yes, I relaunched'], ['no', 'No']]);
  const o = I.pick(await ctx.state.earlierVisit, ['sessionCookie', 'persistentCookie', 'localStorage', 'indexedDB'], { relaunched: answer === 'yes' });
  return answer === 'yes' ? result(o.persistentCookie && o.localStorage && o.indexedDB, o) : skipped('not-relaunched', o);
};

/* Run at every page load, before any probe: which markers of an earlier visit of this run
   survived, then set them again (the cookies and localStorage before its first await). A session cookie may go with the app's process (that is
   fine); the Max-Age cookie, localStorage and IndexedDB must stay. */
I.relaunchMarkers = async (run) => {
  const seen = { sessionCookie: cookieHas('probe_rs', run), persistentCookie: cookieHas('probe_rp', run),
    localStorage: storageGet('localStorage', 'probe.relaunch') === run, indexedDB: false };
  storageSet('localStorage', 'probe.relaunch', run);
  setCookie('probe_rs', run);
  setCookie('probe_rp', run, '; max-age=2592000');
  try {
    const db = await I.openDB('probe-relaunch');
    seen.indexedDB = (await idb(kv(db).get('run'))) === run;
    await idb(kv(db).put(run, 'run'));
    db.close();
  } catch (e) { /* IndexedDB unavailable: the marker did not survive */ }
  return seen;
};
})();

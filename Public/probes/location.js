/* Phase location: what navigator.geolocation answers inside the app. Who answers is the
   app's: a prompt it shows, a denial it gives for the person, or a request it never answers. */
(() => {
'use strict';
const I = window.ProbeImpl, P = I.probes;

/* permissions.query({name: 'geolocation'}): "unsupported" without the Permissions API,
   "error" when the query throws, never settles or answers a state the catalog does not list. */
async function geolocationState() {
  if (!navigator.permissions || typeof navigator.permissions.query !== 'function') return 'unsupported';
  try {
    const s = (await I.within(navigator.permissions.query({ name: 'geolocation' }), I.pageLimit('permissionQueryMs'), 'permissions.query')).state;
    return ['granted', 'denied', 'prompt'].indexOf(s) >= 0 ? s : 'error';
  } catch (e) { return 'error'; }
}

/* GeolocationPositionError codes (https://www.w3.org/TR/geolocation/#position_error_interface). */
const OUTCOMES = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };
/* One getCurrentPosition, timed. `positionMs` is the API's own timeout, which starts only
   once permission is granted; `bound` ends a request nobody answers (a host that never calls
   its prompt back): outcome timeout, errorCode null. */
function position(positionMs, bound) {
  return new Promise((resolve) => {
    const t0 = I.now();
    let timer = null, done = false;
    const end = (o) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(Object.assign({ errorCode: null, errorMessage: null, accuracyM: null, elapsedMs: I.ms(t0) }, o));
    };
    timer = setTimeout(() => end({ outcome: 'timeout' }), bound);
    try {
      navigator.geolocation.getCurrentPosition(
        (p) => end({ outcome: 'granted', accuracyM: p.coords.accuracy }),
        (e) => end({ outcome: OUTCOMES[e.code] || 'unavailable', errorCode: e.code, errorMessage: e.message || null }),
        { timeout: positionMs, maximumAge: 0, enableHighAccuracy: false });
    } catch (e) { end({ outcome: 'unavailable', errorMessage: I.errMessage(e) }); }
  });
}

P['location.position'] = async (ctx) => {
  const o = { available: !!navigator.geolocation, permissionStateBefore: await geolocationState(), permissionStateAfter: null, promptShown: null, promptCount: null };
  if (!o.available) {
    Object.assign(o, { outcome: 'unsupported', errorCode: null, errorMessage: null, elapsedMs: null, accuracyM: null });
    return I.result(false, o);
  }
  if (!ctx.unattended) ctx.ui.panel(ctx.probe.instructions, []);
  Object.assign(o, await position(ctx.limit('positionMs'), ctx.limit(ctx.unattended ? 'answerWaitUnattendedMs' : 'answerWaitMs')));
  o.permissionStateAfter = await geolocationState();
  /* A denial faster than a person can answer had no prompt (the catalog's fastDenialMs):
     only a position or a slow denial is asked about. */
  const fast = (ctx.catalog.thresholds || {}).fastDenialMs;
  if (!ctx.unattended && (o.outcome === 'granted' || (o.outcome === 'denied' && fast && o.elapsedMs >= fast))) {
    /* Twice is the app's own question and then WebKit's about the page's site, which a
       WKWebView asks on top of the app's authorization (the catalog's native-ios rows). */
    const a = await ctx.ask('Did the app ask for your location? How many times?',
      [['once', 'Once'], ['twice', 'Twice or more'], ['no', 'No'], ['unknown', 'Not sure']]);
    o.promptShown = a === 'unknown' ? null : a !== 'no';
    o.promptCount = a === 'once' ? 1 : a === 'twice' ? 2 : a === 'no' ? 0 : null;
  }
  return I.result(o.outcome === 'granted', o);
};
})();

/* Phases navigation, lifecycle and confirmation: window.open, custom schemes, the return
   URL, load errors, background and return, offline and back, and the operator's questions. */
(() => {
'use strict';
const I = window.ProbeImpl, P = I.probes, result = I.result, info = I.info, storageGet = I.storageGet, storageSet = I.storageSet;

/* Where window.open went. The opened page (away.html?close=1) says it loaded, to its opener
   and through localStorage (whose storage event reaches this page from another WebView of the
   app). A window that loaded is a new window; one that took the screen without loading our
   page is an external app; one that neither loaded nor took the screen was created and lost:
   Android's setSupportMultipleWindows(true) without WebChromeClient.onCreateWindow discards it
   (https://developer.android.com/reference/android/webkit/WebChromeClient#onCreateWindow(android.webkit.WebView,%20boolean,%20boolean,%20android.os.Message)).
   A window that replaced this view unloads it, and the next load reads the sessionStorage
   note and answers "same-view" (app.js, state.windowOpenReturn). */
const LOADED = 'probe.windowOpen.loaded';
async function openAndWatch(which, ctx) {
  storageSet('sessionStorage', 'probe.windowOpen', JSON.stringify({ run: ctx.run, which }));
  storageSet('localStorage', LOADED, '');
  let hidden = false, loaded = false, w = null, wake = null;
  const settle = () => { if (wake) wake(); };
  const onHide = () => { hidden = hidden || document.hidden; };
  const onMessage = (e) => { if (e.origin === location.origin && e.data === LOADED) { loaded = true; settle(); } };
  const onStorage = (e) => { if (e.key === LOADED && e.newValue) { loaded = true; settle(); } };
  document.addEventListener('visibilitychange', onHide);
  addEventListener('message', onMessage);
  addEventListener('storage', onStorage);
  const until = (ms) => new Promise((resolve) => { wake = resolve; setTimeout(resolve, ms); });
  try { w = open('/away.html?close=1', '_blank'); } catch (e) { /* blocked */ }
  if (w) await until(ctx.limit('watchMs'));
  /* A window that exists and has neither loaded nor hidden this page may be slow: it gets
     loadMs more before it counts as lost. */
  if (w && !loaded && !hidden) await until(ctx.limit('loadMs'));
  loaded = loaded || !!storageGet('localStorage', LOADED);
  document.removeEventListener('visibilitychange', onHide);
  removeEventListener('message', onMessage);
  removeEventListener('storage', onStorage);
  storageSet('sessionStorage', 'probe.windowOpen', '');
  return !w ? 'blocked' : loaded ? 'new-window' : hidden ? 'external' : 'lost';
}
/* From a tap, then from a timer: WKWebView opens nothing unless the host implements
   createWebViewWith (https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:createwebviewwith:for:windowfeatures:)). */
P['nav.windowOpen'] = async (ctx) => {
  const back = ctx.state.windowOpenReturn, o = {};
  if (back) { o[back.which + 'Result'] = 'same-view'; return info(o); }
  await new Promise((resolve) => ctx.ui.panel(ctx.probe.instructions, [{ id: 'tap-' + ctx.slug, label: 'Open window',
    onClick: () => { ctx.started(); openAndWatch('tap', ctx).then((r) => { o.tapResult = r; resolve(); }); } }]));
  ctx.ui.note('Now a window opens from a timer, without a tap; come back again.');
  o.timerResult = await openAndWatch('timer', ctx);
  return info(o);
};

P['nav.customScheme'] = async (ctx) => {
  const a = await ctx.ask(ctx.probe.instructions, [['external-app', 'Another app opened'], ['graceful', 'The page stayed, no error'],
    ['webview-error', 'An error page in the app'], ['nothing', 'Nothing at all']], { href: 'probe-test-scheme://open', linkLabel: 'Open probe-test-scheme://' });
  return result(a !== 'webview-error', { outcome: a });
};

/* ?returnUrl= is the app's own return link (an https URL or universal link); without it the
   page offers its away page. */
P['nav.returnUrl'] = async (ctx) => {
  const href = ctx.params.returnUrl || location.origin + '/away.html?return=1';
  const a = await ctx.ask(ctx.probe.instructions, [['app', 'Yes, the app took it'],
    ['same-view', 'It opened in this view'], ['browser', 'It opened a browser'], ['error', 'An error']], { href, linkLabel: 'Return to app' });
  return info({ reachedApp: a === 'app', outcome: a, returnUrl: href });
};

/* Each link leaves the page, so the answers so far are kept in sessionStorage across the
   navigations; the .invalid top-level domain never resolves (RFC 6761, section 6.4). */
P['nav.loadError'] = async (ctx) => {
  const key = 'probe.loadError.' + ctx.run, o = JSON.parse(storageGet('sessionStorage', key) || '{}');
  /* The server's pages send no Referer (Referrer-Policy: no-referrer): ?back= tells its 500
     page which test page to link back to. */
  const back = '/probe/status/500?back=' + encodeURIComponent(location.pathname + location.search);
  for (const [field, href, label] of [['http500Recoverable', back, 'HTTP 500 page'],
    ['unreachableRecoverable', 'https://unreachable.invalid/', 'Unreachable address']]) {
    if (typeof o[field] === 'boolean') continue;
    o[field] = (await ctx.ask(`Tap "${label}", then come back. Did the app show a recoverable error?`, [['yes', 'Yes'], ['no', 'No']],
      { href, linkLabel: label, idSuffix: field })) === 'yes';
    storageSet('sessionStorage', key, JSON.stringify(o));
  }
  return result(o.http500Recoverable && o.unreachableRecoverable, o);
};

/* A marker in sessionStorage tells a reload from a resume: a page that comes back reloaded
   (the WebView was recreated) finds it and fails. */
P['lifecycle.background'] = async (ctx) => {
  const o = { hiddenFired: false, visibleFired: false, trackStateAfter: 'none', resumed: true }, marker = 'probe.background.' + ctx.run;
  if (storageGet('sessionStorage', marker)) {
    storageSet('sessionStorage', marker, '');
    o.resumed = false;
    return result(false, o);
  }
  /* The system may end the web content process while the app is away: a step that began
     and never ended is judged as the run stopping here (the catalog's stepMarker). */
  await ctx.started();
  const stream = ctx.state.granted ? (await I.gum({ video: true }, ctx.limit('grantWaitMs'))).stream : null;
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
  await I.sleep(ctx.limit('settleMs'));
  const track = stream && stream.getVideoTracks()[0];
  o.trackStateAfter = !track ? 'none' : track.readyState === 'ended' ? 'ended' : track.muted ? 'muted' : 'live';
  I.stopStream(stream);
  storageSet('sessionStorage', marker, '');
  return result(true, o);
};

/* While offline, an interim result is queued (memory and localStorage, results.js); it must
   reach the server once the device is back online. */
P['net.offline'] = (ctx) => new Promise((resolve) => {
  const o = { offlineFired: false, onlineFired: false, queued: 0, delivered: 0 };
  let interim = null;
  /* queued and delivered count the same results: those waiting when the device went offline
     (a result posted a moment before airplane mode may still be among them), each once, when
     the server acknowledged its batch. */
  let waiting = [];
  ctx.queue.onDelivered((batch, answer) => {
    if (!answer.ok) return;
    const arrived = waiting.filter((r) => batch.indexOf(r) >= 0);
    waiting = waiting.filter((r) => arrived.indexOf(r) < 0);
    o.delivered += arrived.length;
  });
  addEventListener('offline', () => {
    if (o.offlineFired) return;
    o.offlineFired = true;
    interim = ctx.makeResult({ status: 'info', reason: 'interim: queued while offline', observed: { offlineFired: true } });
    ctx.attempt++;
    ctx.queue.add(interim);
    waiting = ctx.queue.items.slice();
    o.queued = waiting.length;
    ctx.ui.note('Offline noticed. Now turn airplane mode off.');
  });
  addEventListener('online', () => {
    if (!o.offlineFired || o.onlineFired) return;
    o.onlineFired = true;
    ctx.queue.flush().then(() => resolve(result(o.delivered >= 1, o)));
  });
  ctx.ui.panel(ctx.probe.instructions, []);
});

/* The checklist items only a person can answer, from the catalog's checklist map: each
   question once, only those of the tabs that apply to this platform and of the run's requirement
   set (item.requirementSet: a LiveForm URL is asked under liveform only), and only the tester's
   (question.audience): what the app's code says is asked of the integrator in the report. */
P['operator.checklist'] = async (ctx) => {
  const seen = {}, answers = {};
  const questions = (ctx.catalog.checklist || []).filter((item) => {
    const q = item.coverage && item.coverage.question;
    if (!q || q.probe !== 'operator.checklist' || q.audience !== 'tester' || !ctx.tabApplies(item.tab)) return false;
    if (item.requirementSet && item.requirementSet !== ctx.requirementSet) return false;
    item.key = q.fields[0].replace(/^answers\./, '');
    return !seen[item.key] && (seen[item.key] = true);
  });
  for (const [i, item] of questions.entries()) {
    answers[item.key] = await ctx.ask(`(${i + 1}/${questions.length}) ${item.coverage.question.text}`,
      [['yes', 'Yes'], ['no', 'No'], ['unknown', "Don't know"]], { idSuffix: item.key });
  }
  return info({ answers });
};
})();

/* The sequential flow: read /api/config, create or resume the run, run each probe of the
   catalog in order, post each result as it ends, then show the verdict. */
(function () {
'use strict';
var R = window.ProbeResults, I = window.ProbeImpl;
var $ = function (id) { return document.getElementById(id); };
var search = new URLSearchParams(location.search), params = {};
search.forEach(function (v, k) { params[k] = v; });
var unattended = params.mode === 'unattended';
/* Unattended: a tap step waits this long for a farm script to click it, then is skipped. */
var tapWait = Number(params.tapWait || 0) * 1000;
/* An auto probe that has not ended after this is recorded as an error, and the flow goes on. */
var AUTO_LIMIT = 60000;
var app = window.ProbeApp = { run: null, finished: false, verdict: null, done: {}, attempts: {}, state: {}, pending: [] };
var current = null;

function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}
function urlWith(key, value) {
  var u = new URLSearchParams(location.search);
  if (value === null) u['delete'](key); else u.set(key, value);
  var q = u.toString();
  return location.pathname + (q ? '?' + q : '');
}
function clearParam(key) { history.replaceState(null, '', urlWith(key, null)); delete params[key]; }

/* --- UI: one panel of instructions and large buttons at a time --------------------- */

var action = $('action');
function panel(text, buttons) {
  action.textContent = '';
  action.appendChild(el('p', 'instruction', text));
  action.appendChild(el('p', 'note')).id = 'note';
  var row = action.appendChild(el('div', 'buttons'));
  var ctx = current;
  buttons.forEach(function (b) {
    var btn = row.appendChild(el(b.href ? 'a' : 'button', 'btn' + (b.secondary ? ' secondary' : ''), b.label));
    btn.id = b.id;
    if (b.href) btn.href = b.href; else btn.type = 'button';
    btn.addEventListener('click', function () { if (ctx) ctx.tapped = true; if (b.onClick) b.onClick(); });
  });
  if (ctx && ctx.skip) {
    var skip = row.appendChild(el('button', 'btn secondary', 'Skip this step'));
    skip.type = 'button';
    skip.id = 'skip-' + ctx.slug;
    skip.addEventListener('click', ctx.skip);
  }
  action.hidden = false;
}
function note(text) { var n = $('note'); if (n) n.textContent = text; }
function clearPanel() { action.textContent = ''; action.hidden = true; }
/* A question with 2-4 answers; `link` adds the link the question is about. */
function ask(text, answers, link) {
  var ctx = current, suffix = link && link.idSuffix ? '-' + link.idSuffix : '';
  return new Promise(function (resolve) {
    var buttons = link && link.href ? [{ id: 'tap-' + ctx.slug + suffix, label: link.linkLabel, href: link.href, secondary: true }] : [];
    answers.forEach(function (a) { buttons.push({ id: 'answer-' + ctx.slug + suffix + '-' + a[0], label: a[1], onClick: function () { resolve(a[0]); } }); });
    panel(text, buttons);
  });
}
function fatal(text) {
  action.textContent = '';
  action.appendChild(el('p', 'instruction fail', text)).setAttribute('role', 'alert');
  action.hidden = false;
  $('progress').textContent = 'Stopped.';
}

var LABELS = { pending: 'pending', running: 'running…', waiting: 'waiting for the camera', pass: 'pass', fail: 'fail', skipped: 'skipped', error: 'error', info: 'done' };
function setStatus(probe, status, reason) {
  var li = $('step-' + probe.id.replace(/\./g, '-'));
  if (!li) return;
  li.className = 'step ' + status;
  li.lastChild.textContent = LABELS[status] + (reason && status !== 'running' ? ' (' + reason + ')' : '');
  var n = app.probes.indexOf(probe) + 1;
  $('progress').textContent = 'Step ' + n + ' of ' + app.probes.length + ': ' + probe.title + ', ' + LABELS[status];
  if (status === 'running') li.scrollIntoView({ block: 'nearest' });
}

/* --- the checklist tabs that apply to this device (operator.checklist) ------------- */

function tabApplies(tab) {
  var ua = navigator.userAgent, p = params.platform || '';
  var android = /android/.test(p) || (!p && /Android/.test(ua));
  var ios = /ios/.test(p) || (!p && (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)));
  return tab === 'Common' || (tab === 'Android' && android) || (tab === 'iOS WKWebView' && ios) ||
    (tab === 'React Native' && (/^rn-/.test(p) || !!window.ReactNativeWebView));
}

/* --- one probe ---------------------------------------------------------------------- */

function makeResult(ctx, res) {
  return JSON.parse(JSON.stringify({
    schema: 1, run: app.run, probe: ctx.probe.id, attempt: ctx.attempt, status: res.status, reason: res.reason,
    observed: res.observed || {}, elapsedMs: Math.round(Date.now() - ctx.startedAt), at: new Date().toISOString()
  }));
}
function post(ctx, res) {
  app.queue.add(makeResult(ctx, res));
  app.done[ctx.probe.id] = res.status;
  setStatus(ctx.probe, res.status, res.reason);
}

async function runProbe(probe) {
  var ctx = current = {
    run: app.run, probe: probe, slug: probe.id.replace(/\./g, '-'), attempt: (app.attempts[probe.id] || 0) + 1,
    unattended: unattended, params: params, origins: app.origins, catalog: app.catalog, stage: $('stage'), state: app.state,
    queue: app.queue, resumed: app.relaunched, ui: { panel: panel, note: note }, ask: ask, startedAt: Date.now(),
    flush: function () { return app.queue.flush(); }, urlWith: urlWith, clearParam: clearParam, tabApplies: tabApplies,
    makeResult: function (r) { return makeResult(ctx, r); }
  };
  setStatus(probe, 'running');
  var impl = I.probes[probe.id];
  var person = probe.kind === 'operator' || (probe.kind === 'tap' && !(unattended && probe.autoWhenUnattended));
  var res;
  if (!impl) res = { status: 'skipped', reason: 'not-implemented' };
  else if (unattended && person && !tapWait) res = { status: 'skipped', reason: 'needs-operator' };
  else {
    var racers = [impl(ctx).catch(function (e) {
      return { status: 'error', reason: (e && e.name) + ': ' + (e && e.message), observed: { errorName: (e && e.name) || 'Error' } };
    })];
    if (person && !unattended) racers.push(new Promise(function (r) { ctx.skip = function () { r({ status: 'skipped', reason: 'skipped-by-operator' }); }; }));
    if (person && unattended) {
      racers.push(I.sleep(tapWait).then(function () { return ctx.tapped ? new Promise(function () {}) : { status: 'skipped', reason: 'needs-operator' }; }));
    }
    if (!person) {
      racers.push(I.sleep(AUTO_LIMIT).then(function () { return { status: 'error', reason: 'the probe did not end within ' + AUTO_LIMIT / 1000 + ' s' }; }));
    }
    res = await Promise.race(racers);
  }
  clearPanel();
  current = null;
  if (res.finishAfter && app.probes.some(function (p) { return p.id === res.finishAfter && !app.done[p.id]; })) {
    setStatus(probe, 'waiting');
    app.pending.push({ after: res.finishAfter, ctx: ctx, res: res });
    return;
  }
  await finishDeferred(ctx, res);
  var ready = app.pending.filter(function (x) { return x.after === probe.id; });
  app.pending = app.pending.filter(function (x) { return x.after !== probe.id; });
  for (var x of ready) await finishDeferred(x.ctx, x.res);
}
async function finishDeferred(ctx, res) {
  if (res.finish) {
    try { res = await res.finish(); } catch (e) { res = { status: 'error', reason: e.name + ': ' + e.message, observed: res.observed }; }
  }
  post(ctx, res);
}

/* --- the end: verdict, top remedies, the native bridge ------------------------------ */

/* The remedy for the wrapper this device runs in. */
function remedyFor(remedy, platform) {
  if (!remedy) return null;
  if (/^rn-/.test(platform)) return remedy.reactNative;
  if (/^ios/.test(platform)) return remedy.iosSwift;
  if (/^android/.test(platform)) return remedy.androidKotlin;
  return remedy.iosSwift || remedy.androidKotlin || remedy.reactNative;
}
function renderSummary(diff) {
  var box = $('summary');
  box.textContent = '';
  var verdict = diff ? diff.verdict : 'unknown';
  box.appendChild(el('h2', 'verdict ' + verdict, { ready: 'Ready', 'not-ready': 'Not ready', incomplete: 'Incomplete' }[verdict] || 'No verdict'));
  if (!diff) box.appendChild(el('p', '', 'The server did not return a diff; the report page may have it.'));
  else {
    var platform = diff.platform && diff.platform.platform;
    box.appendChild(el('p', 'muted', 'Detected: ' + platform + ' (' + diff.platform.confidence + ' confidence)'));
    (diff.verdictReasons || []).forEach(function (r) { box.appendChild(el('p', 'reason', r)); });
    var bad = diff.findings.filter(function (f) { return f.verdict === 'fail' || f.verdict === 'warn'; });
    if (bad.length) {
      box.appendChild(el('h3', '', 'What to fix'));
      var list = box.appendChild(el('ol', 'findings'));
      bad.forEach(function (f) {
        var li = list.appendChild(el('li', 'finding ' + f.verdict));
        li.appendChild(el('p', 'finding-title', f.title + ': ' + f.verdict));
        li.appendChild(el('p', '', f.observed));
        if (f.diagnosis) li.appendChild(el('p', 'muted', f.diagnosis));
        var fix = remedyFor(f.remedy, platform);
        if (fix) li.appendChild(el('pre', 'remedy', fix));
      });
    }
  }
  var link = box.appendChild(el('a', 'btn', 'Full report'));
  link.href = '/runs/' + encodeURIComponent(app.run);
  link.id = 'report-link';
  box.hidden = false;
  box.focus();
}
function toBridge(summary) {
  /* A WKWebView host registers a handler named "probe"; react-native-webview injects
     window.ReactNativeWebView, which takes strings only. */
  try { window.webkit.messageHandlers.probe.postMessage(summary); } catch (e) { /* no iOS bridge */ }
  try { window.ReactNativeWebView.postMessage(JSON.stringify(summary)); } catch (e) { /* no RN bridge */ }
}
async function finish() {
  $('progress').textContent = 'All steps done. Sending the last results…';
  for (var i = 0; i < 10 && !(await app.queue.flush()); i++) await I.sleep(2000);
  var diff = null;
  try {
    await R.api('POST', '/api/runs/' + encodeURIComponent(app.run) + '/complete', {});
    diff = await R.api('GET', '/api/runs/' + encodeURIComponent(app.run) + '/diff');
  } catch (e) { $('progress').textContent = 'The server could not judge the run: ' + e.message; }
  renderSummary(diff);
  app.verdict = diff ? diff.verdict : null;
  app.finished = true;
  document.documentElement.setAttribute('data-finished', app.verdict || 'unknown');
  if (diff) $('progress').textContent = 'Finished: ' + $('summary').firstChild.textContent + '.';
  toBridge({
    type: 'probe-summary', run: app.run, verdict: app.verdict, counts: diff ? diff.counts : null,
    failed: diff ? diff.findings.filter(function (f) { return f.verdict === 'fail'; }).map(function (f) { return f.probe; }) : [],
    report: location.origin + '/runs/' + app.run
  });
}

/* --- start ---------------------------------------------------------------------------- */

async function main() {
  var config, results = [];
  try {
    config = await R.api('GET', '/api/config' + (params.run ? '?run=' + encodeURIComponent(params.run) : ''));
  } catch (e) { return fatal('The server did not answer /api/config (' + e.message + '). Reload to try again.'); }
  app.origins = config.origins || {};
  app.catalog = config.catalog || { probes: [] };
  if (params.run) {
    try { results = (await R.api('GET', '/api/runs/' + encodeURIComponent(params.run))).results || []; } catch (e) {
      return fatal(e.status === 404 ? 'Run ' + params.run + ' is not on this server. Open ' + location.origin + '/ to start a new run.'
        : 'Could not read run ' + params.run + ': ' + e.message);
    }
    app.run = params.run;
  } else {
    try {
      var created = await R.api('POST', '/api/runs', { platform: params.platform, label: params.label, requirementSet: params.requirementSet,
        metadata: { mode: unattended ? 'unattended' : 'attended', probes: params.probes || null } });
      app.run = params.run = created.id;
      history.replaceState(null, '', urlWith('run', created.id));
    } catch (e) { return fatal('Could not create a run: ' + e.message); }
  }
  $('run-id').textContent = app.run;
  $('platform').textContent = (params.platform ? 'Platform (set): ' + params.platform + ' · ' : '') + (unattended ? 'unattended mode' : 'attended mode');
  app.queue = new R.Queue(app.run);
  app.queue.flush();
  window.addEventListener('online', function () { app.queue.flush(); });
  window.addEventListener('pagehide', function () { app.queue.beacon(); });

  results.forEach(function (r) {
    app.done[r.probe] = r.status;
    app.attempts[r.probe] = Math.max(app.attempts[r.probe] || 0, r.attempt);
  });
  /* A relaunch: results exist from an earlier visit, and sessionStorage, which a full
     navigation keeps and a killed app loses, has no mark of this run. */
  var visitKey = 'probe.visit.' + app.run, sameSession = false;
  try { sameSession = !!sessionStorage.getItem(visitKey); sessionStorage.setItem(visitKey, '1'); } catch (e) { /* off */ }
  app.relaunched = results.length > 0 && !sameSession;
  try {
    var opened = JSON.parse(sessionStorage.getItem('probe.windowOpen') || 'null');
    if (opened && opened.run === app.run) app.state.windowOpenReturn = opened;
    sessionStorage.removeItem('probe.windowOpen');
  } catch (e) { /* off */ }
  app.state.earlierVisit = await I.relaunchMarkers(app.run);

  var only = params.probes ? params.probes.split(',') : null;
  app.probes = app.catalog.probes.filter(function (p) { return !only || only.indexOf(p.id) >= 0; });
  var list = $('steps');
  app.probes.forEach(function (p) {
    var li = list.appendChild(el('li', 'step pending'));
    li.id = 'step-' + p.id.replace(/\./g, '-');
    li.appendChild(el('span', 'title', p.title));
    li.appendChild(el('span', 'status', 'pending'));
  });
  for (var probe of app.probes) {
    if (app.done[probe.id] && !(probe.id === 'storage.navigation' && params.navcheck)) setStatus(probe, app.done[probe.id]);
    else await runProbe(probe);
  }
  for (var x of app.pending) await finishDeferred(x.ctx, x.res);
  app.pending = [];
  await finish();
}

main().catch(function (e) { fatal('The page failed: ' + (e && e.name) + ': ' + (e && e.message)); });
})();

/* The flow: config, run, each probe, the verdict. The probes are in probes/*.js; which,
   in which order, what they post and how long they wait is the catalog's (/api/config). */
(() => {
'use strict';
const R = window.ProbeResults, I = window.ProbeImpl, $ = (id) => document.getElementById(id);
const params = {};
new URLSearchParams(location.search).forEach((v, k) => { params[k] = v; });
const unattended = params.mode === 'unattended', mode = (unattended ? 'unattended' : 'attended') + ' mode';
const tapWait = Number(params.tapWait || 0) * 1000;
/* Unattended: once the farm script tapped, how long the step may wait for an answer before
   the page ends it as a person would: ?answerWait= seconds, else the catalog's farmAnswerWaitMs. */
const answerWait = () => (params.answerWait ? Number(params.answerWait) * 1000 : I.pageLimit('farmAnswerWaitMs'));
/* How often an unattended step looks whether the farm's tap got an answer. */
const FARM_POLL_MS = 250;
/* finish(): the last results get this many tries, this far apart, before the verdict is asked for. */
const FINAL_FLUSH_TRIES = 10, FINAL_FLUSH_GAP_MS = 2000, LATER_RETRY_MS = 10000;
const app = window.ProbeApp = { run: null, key: params.key || null, finished: false, completed: false, verdict: null, done: {}, reasons: {}, attempts: {}, state: {}, pending: [], beside: [] };
const enc = encodeURIComponent, slug = (id) => id.replace(/\./g, '-');
/* The run's write key (?key= or the create answer) goes with every run request
   (docs/security-capabilities.md). */
const withKey = (path) => (app.key ? path + (path.indexOf('?') < 0 ? '?' : '&') + 'key=' + enc(app.key) : path);
/* Report links get shared: the key only for a chosen (not 32-hex) id, which needs it to be read. */
const reportPath = () => (/^[0-9a-f]{32}$/.test(app.run) ? '/runs/' + app.run : withKey('/runs/' + enc(app.run)));
let current = null;
/* The device's open run (attended): offered again when the start URL is reopened, and the
   way back from away.html. Cleared once the run is judged. */
const OPEN_RUN = 'probe.openRun', ABOUT = 'probe.about';
function stored(key, value) {
  try {
    if (value === undefined) return JSON.parse(localStorage.getItem(key) || 'null');
    if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, JSON.stringify(value));
  } catch (e) { /* storage off: nothing is remembered */ }
  return null;
}

function el(tag, cls, text, parent) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return parent ? parent.appendChild(e) : e;
}
function urlWith(key, value) {
  const u = new URLSearchParams(location.search);
  if (value === null) u.delete(key); else u.set(key, value);
  return location.pathname + (String(u) ? '?' + u : '');
}
function clearParam(key) { history.replaceState(null, '', urlWith(key, null)); delete params[key]; }

const action = $('action');
/* The list below the dock keeps clear of it: its height read when it changed (ResizeObserver:
   no layout forced per step), else after each change. */
const padForDock = () => { document.body.style.paddingBottom = ($('dock').offsetHeight + 16) + 'px'; };
const dockWatch = window.ResizeObserver ? new ResizeObserver(padForDock) : null;
if (dockWatch) dockWatch.observe($('dock'));
function fitDock() { if (!dockWatch) padForDock(); }
/* What changes while nobody needs to act (a note, the end) is said by the live region
   (#status, role=status: https://www.w3.org/WAI/WCAG22/Understanding/status-messages.html);
   focus moves only when there is something new to act on. */
const announce = (text) => { $('status').textContent = text; };
/* Focus goes to what the person acts on next, not to the body
   (https://www.w3.org/WAI/ARIA/apg/practices/keyboard-interface/#discernibleandpredictablekeyboardfocus).
   No browser scroll: it would move the page under the fixed dock, which scrolls itself;
   anything else is brought into view only when off-screen. */
function moveFocus(target) {
  target.focus({ preventScroll: true });
  const dock = $('dock'), box = target.getBoundingClientRect();
  if (dock.contains(target)) {
    const d = dock.getBoundingClientRect();
    if (box.bottom > d.bottom) dock.scrollTop += box.bottom - d.bottom;
    else if (box.top < d.top) dock.scrollTop -= d.top - box.top;
  } else if (box.top < 0 || box.bottom > innerHeight) target.scrollIntoView({ block: 'nearest' });
}
/* A step's next action: its first button or link other than Skip; a step that only waits for
   the person has its question focused instead, as the APG dialog pattern's static target
   (https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/). */
function focusStep() {
  const first = [].filter.call(action.querySelectorAll('.buttons .btn'), (b) => !/^skip-/.test(b.id))[0];
  moveFocus(first || $('question'));
}
function panel(text, buttons) {
  const ctx = current;
  action.textContent = '';
  const question = el('p', 'instruction', text, action);
  question.id = 'question';
  question.tabIndex = -1;
  el('p', 'note', '', action).id = 'note';
  const row = el('div', 'buttons', '', action);
  if (ctx) ctx.giveUp = null;
  if (ctx && ctx.skip) buttons = buttons.concat({ id: 'skip-' + ctx.slug, label: 'Skip this step', secondary: true, onClick: ctx.skip });
  buttons.forEach((b) => {
    const btn = el(b.href ? 'a' : 'button', b.secondary ? 'btn secondary' : 'btn', b.label, row);
    btn.id = b.id;
    if (b.href) btn.href = b.href; else btn.type = 'button';
    btn.addEventListener('click', () => { if (ctx) ctx.tapped = Date.now(); if (b.onClick) b.onClick(); });
    if (ctx && b.giveUp) ctx.giveUp = () => btn.click();
  });
  action.hidden = false;
  if (ctx) announce(`${stepLine(ctx.probe)}. ${text}`);
  fitDock();
  focusStep();
}
/* storage.relaunch's link to reopen: end.js's, loaded with the later phases. */
const reopen = () => app.later.then(() => window.ProbeEnd && ProbeEnd.reopen({ action, el, note, fitDock }));
const note = (text) => { const n = $('note'); if (n) n.textContent = text; if (text) announce(text); };
function ask(text, answers, link) {
  const ctx = current, suffix = link && link.idSuffix ? '-' + link.idSuffix : '';
  return new Promise((resolve) => {
    const buttons = link && link.href ? [{ id: `tap-${ctx.slug}${suffix}`, label: link.linkLabel, href: link.href, secondary: true }] : [];
    answers.forEach((a) => buttons.push({ id: `answer-${ctx.slug}${suffix}-${a[0]}`, label: a[1], onClick: () => resolve(a[0]) }));
    panel(text, buttons);
  });
}
/* The page stops: the error says what to do, and its action ({label, href}) gets the focus;
   without one the error itself does (role=alert reads it out either way). */
function fatal(text, next) {
  action.textContent = '';
  const error = el('p', 'instruction fail', text, action);
  error.setAttribute('role', 'alert');
  error.id = 'question';
  error.tabIndex = -1;
  let target = error;
  if (next) {
    target = el('a', 'btn', next.label, el('div', 'buttons', '', action));
    target.id = 'fatal-action';
    target.href = next.href;
  }
  action.hidden = false;
  $('progress').textContent = 'Stopped.';
  announce(text);
  fitDock();
  moveFocus(target);
}
/* Reloading (the URL as it is now, with the run once there is one) is what most of the page's errors ask for. */
const reload = () => ({ label: 'Reload', href: location.pathname + location.search });

const LABELS = { running: 'running…', waiting: 'waiting for the camera', info: 'done' };
/* A skip reason in the words every report uses (the catalog's `words`); one not listed there is a sentence already. */
const reasonWords = (reason) => ((app.catalog && app.catalog.words && app.catalog.words.skipReasons) || {})[reason] || reason;
const stepLine = (probe) => `Step ${app.probes.indexOf(probe) + 1} of ${app.probes.length}: ${probe.title}`;
function setStatus(probe, status, reason) {
  const li = $('step-' + slug(probe.id)), n = app.probes.indexOf(probe) + 1;
  li.className = 'step ' + status;
  const label = LABELS[status] || status;
  li.lastChild.textContent = label + (reason && status !== 'running' ? ` (${reasonWords(reason)})` : '');
  if (status === 'running') {
    $('progress').textContent = stepLine(probe);
    $('bar').value = n - 1;
    $('h1-step').textContent = ': ' + probe.title;
    /* A person's tab shows the step; a farm's device shows no tab, and a title set costs a
       slow phone a few ms of main thread per step (the browser is told of each). */
    if (!unattended) document.title = `Step ${n}/${app.probes.length} · ${probe.title} — WebView probe`;
  }
  const g = groupOf(probe), c = tally(g.probes), total = g.probes.length;
  /* ✓ only when every step passed; ✗ with the counts once one failed, errored or was skipped
     for a reason that matters (the group's line must not say "9/9" over a ✗ inside it). */
  const mark = c.bad ? ' ✗' : c.passed === total ? ' ✓' : '';
  g.head.textContent = g.name + mark + ' ' + (c.bad || c.untestable ? c.words : mark ? `${total} passed` : `${c.done}/${total}`);
  g.box.className = 'group' + (c.bad ? ' problem' : mark ? ' complete' : '');
  /* Only the group that runs stays open; finished ones fold to their line. */
  g.box.open = status === 'running' || (g.box.open && c.done < total);
}
/* Skips that leave the app nothing to answer for: the server has no plain-HTTP address to mix in
   (net.mixedContent), or only a loopback one, which is trustworthy and so never mixed. */
const NOTHING_TO_TEST = ['no-insecure-origin', 'insecure-origin-is-loopback'];
/* What the steps did as the person saw them: "5 passed · 1 failed · 3 skipped". */
function tally(probes) {
  const c = { passed: 0, failed: 0, errored: 0, skipped: 0, untestable: 0 };
  probes.forEach((p) => {
    const s = app.done[p.id];
    if (s === 'pass' || s === 'info') c.passed++;
    else if (s === 'fail' || s === 'error') c[s === 'fail' ? 'failed' : 'errored']++;
    else if (s) c[NOTHING_TO_TEST.indexOf(app.reasons[p.id]) >= 0 ? 'untestable' : 'skipped']++;
  });
  c.done = c.passed + c.failed + c.errored + c.skipped + c.untestable;
  c.bad = c.failed + c.errored + c.skipped;
  const left = probes.length - c.done;
  c.words = [[c.passed, 'passed'], [c.failed, 'failed'], [c.errored, 'errored'], [c.skipped, 'skipped'],
    [c.untestable, 'not testable here'], [left, 'to go']].filter((x) => x[0]).map((x) => x[0] + ' ' + x[1]).join(' · ');
  return c;
}
/* The step list, one <details> per run of steps of the same phase. */
const groups = [];
function groupOf(probe) { return groups.filter((g) => g.probes.indexOf(probe) >= 0)[0]; }
function renderSteps() {
  app.probes.forEach((p) => {
    let g = groups[groups.length - 1];
    if (!g || g.phase !== p.phase) {
      const box = el('details', 'group', '', $('steps')), phase = p.phase || 'steps';
      g = { phase: p.phase, name: phase[0].toUpperCase() + phase.slice(1), probes: [], box, head: el('summary', '', '', box), list: el('ol', '', '', box) };
      groups.push(g);
    }
    g.probes.push(p);
    const li = el('li', 'step pending', '', g.list);
    li.id = 'step-' + slug(p.id);
    el('span', 'title', p.title, li);
    el('span', 'status', 'pending', li);
  });
  groups.forEach((g) => { g.head.textContent = `${g.name} 0/${g.probes.length}`; });
}

/* iOS, by the platform the run was given, else by the user agent (iPadOS asks for the
   desktop site: a Macintosh with touch points). */
function onIOS() {
  const p = params.platform || '', ua = navigator.userAgent;
  return /ios/.test(p) || (!p && (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)));
}
function onAndroid() {
  const p = params.platform || '';
  return /android/.test(p) || (!p && /Android/.test(navigator.userAgent));
}
function tabApplies(tab) {
  const p = params.platform || '';
  const android = onAndroid();
  const ios = onIOS();
  return tab === 'Common' || (tab === 'Android' && android) || (tab === 'iOS WKWebView' && ios) ||
    (tab === 'React Native' && (/^rn-/.test(p) || !!window.ReactNativeWebView));
}

const makeResult = (ctx, res) => JSON.parse(JSON.stringify({
  schema: 1, run: app.run, probe: ctx.probe.id, attempt: ctx.attempt, status: res.status, reason: res.reason,
  observed: res.observed || {}, elapsedMs: Date.now() - ctx.startedAt, at: new Date().toISOString()
}));
/* The catalog's step-start marker, sent before a step that can end the app (stepMarker). */
function mark(ctx) {
  const m = app.catalog.stepMarker || { probe: 'step.started' }, n = app.attempts[m.probe] = (app.attempts[m.probe] || 0) + 1;
  return app.queue.sendNow(makeResult({ probe: { id: m.probe }, attempt: n, startedAt: Date.now() }, { status: 'info', observed: { step: ctx.probe.id, stepAttempt: ctx.attempt } }));
}
async function post(ctx, res) {
  if (res.finish) {
    try { res = await res.finish(); } catch (e) { res = { status: 'error', reason: `${e.name}: ${e.message}`, observed: res.observed }; }
  }
  app.queue.add(makeResult(ctx, res));
  app.attempts[ctx.probe.id] = Math.max(app.attempts[ctx.probe.id] || 0, ctx.attempt);
  app.done[ctx.probe.id] = res.status;
  app.reasons[ctx.probe.id] = res.reason;
  setStatus(ctx.probe, res.status, res.reason);
}

/* Unattended: an untapped or unanswerable step is left to a person; a tapped one ends with
   its give-up answer (or as an error autoStepMs later if still busy). */
async function awaitFarm(ctx) {
  await I.sleep(tapWait);
  while (ctx.tapped && !ctx.ended && Date.now() - ctx.tapped < answerWait()) await I.sleep(FARM_POLL_MS);
  if (ctx.ended) return null;
  if (!ctx.tapped || !ctx.giveUp) return { status: 'skipped', reason: 'needs-operator' };
  ctx.giveUp();
  const limit = I.pageLimit('autoStepMs');
  await I.sleep(limit);
  return { status: 'error', reason: `the step did not end ${limit / 1000} s after its give-up answer` };
}

/* A probe's named time limit: its own (probe.thresholds), else the page's. A name the catalog
   does not declare throws, and the step ends as an error that names it. */
function limitOf(probe, name) {
  const own = (probe.thresholds || []).filter((t) => t.name === name)[0];
  return own ? own.ms : I.pageLimit(name);
}

/* The later phases' probes load once the config is in, while the first steps run
   (docs/performance.md); a step waits only for a file still on the way. index.html's templates
   name them, so the server names each by its content (?v=); async = false keeps their order
   (https://html.spec.whatwg.org/#script-processing-model). */
const templatedScripts = (id) => Array.prototype.map.call($(id).content.querySelectorAll('script[src]'), (s) => s.getAttribute('src'));
const loadScript = (src, inOrder) => new Promise((resolve) => {
  const s = document.createElement('script');
  s.async = !inOrder;
  s.onload = s.onerror = resolve;
  s.src = src;
  document.head.appendChild(s);
});
/* One not run after LATER_RETRY_MS is asked for again, out of order and past the cache: a
   request that never settles would hold its steps for good. */
const loadLater = () => Promise.all(templatedScripts('later-scripts').map((src) =>
  Promise.race([loadScript(src, true), I.sleep(LATER_RETRY_MS).then(() => loadScript(src.replace(/\?|$/, '?again&'), false))])));

/* Steps that run beside the automatic steps after them (docs/performance.md, "The flow"): the
   catalog says on which platforms, each with its reason beside its declaration (`besideNext`,
   `runningBesideTheNext`); a step a person taps or answers, and the verdict, wait for them. */
const runsBeside = (probe) => (probe.besideNext || []).indexOf(onIOS() ? 'ios' : onAndroid() ? 'android' : 'desktop') >= 0;
async function besideEnded() {
  while (app.beside.length) await app.beside.shift();
}

async function runProbe(probe) {
  const ctx = current = {
    run: app.run, probe, slug: slug(probe.id), attempt: (app.attempts[probe.id] || 0) + 1, unattended, params, requirementSet: app.requirementSet,
    origins: app.origins, catalog: app.catalog, stage: $('stage'), state: app.state, queue: app.queue, resumed: app.relaunched,
    ui: { panel, note, reopen }, ask, besideEnded, startedAt: Date.now(), flush: () => app.queue.flush(), urlWith, clearParam, tabApplies,
    makeResult: (r) => makeResult(ctx, r), started: () => mark(ctx), limit: (name) => limitOf(probe, name),
    /* What the step holds until it ends (a thumbnail's object URL): let go once it ended. */
    endings: [], atEnd: (fn) => { ctx.endings.push(fn); }
  };
  setStatus(probe, 'running');
  if (!I.probes[probe.id]) await app.later;
  const impl = I.probes[probe.id];
  const person = probe.kind === 'operator' || (probe.kind === 'tap' && !(unattended && probe.autoWhenUnattended));
  /* A step a person acts on starts once the steps running beside it ended: nothing but
     the page's own panel is on the screen when it asks. */
  if (person) await besideEnded();
  if (!impl) return endProbe(ctx, { status: 'skipped', reason: 'not-implemented' });
  if (unattended && person && !tapWait) return endProbe(ctx, { status: 'skipped', reason: 'needs-operator' });
  const racers = person && !unattended ? [new Promise((r) => { ctx.skip = () => r({ status: 'skipped', reason: 'skipped-by-operator' }); })] : [];
  /* A probe that throws ends as an error whose reason says what was thrown; its observed
     fields stay the probe's own (the catalog declares them). */
  racers.push(impl(ctx).catch((e) => ({ status: 'error', reason: `${e && e.name}: ${e && e.message}` })));
  if (person && unattended) racers.push(awaitFarm(ctx));
  const autoLimit = I.pageLimit('autoStepMs');
  if (!person) racers.push(I.sleep(autoLimit).then(() => ({ status: 'error', reason: `the probe did not end within ${autoLimit / 1000} s` })));
  const ended = Promise.race(racers).then((res) => {
    ctx.ended = true;
    ctx.endings.forEach((fn) => { try { fn(); } catch (e) { /* a clean-up failure ends nothing */ } });
    return res;
  });
  if (!person && runsBeside(probe)) {
    leaveStep(ctx);
    app.beside.push(ended.then((res) => endProbe(ctx, res)));
    return;
  }
  return endProbe(ctx, await ended);
}
/* The dock is the step's until it ends or runs on beside the next one. */
function leaveStep(ctx) {
  if (current !== ctx) return;
  action.hidden = true;
  current = null;
  fitDock();
}
async function endProbe(ctx, res) {
  const probe = ctx.probe;
  leaveStep(ctx);
  /* A step the catalog declares as posting after another (after.waits "finish") holds its
     result until that one posted; its finish() then reads what changed. */
  const after = probe.after && probe.after.waits === 'finish' ? probe.after.probe : null;
  if (res.finish && after && app.probes.some((p) => p.id === after && !app.done[p.id])) {
    setStatus(probe, 'waiting');
    app.pending.push({ after, ctx, res });
    return;
  }
  await post(ctx, res);
  for (const x of app.pending.filter((x) => x.after === probe.id)) await post(x.ctx, x.res);
  app.pending = app.pending.filter((x) => x.after !== probe.id);
}

/* The catalog's word on a platform: its title, and whether an app hosts the page there. */
const platformOf = (id) => (app.catalog.platforms || []).filter((p) => p.id === id)[0] || { id, title: id, appWebView: true };
/* "Chrome on Linux", "Samsung Internet on Android"; else the platform's title. */
const browserName = (d) => (d.wrapper ? `${d.wrapper} on ${d.os}` : platformOf(d.platform).title);
const setupLink = () => { const a = el('a', '', 'how, on /setup'); a.href = '/setup'; return a; };
/* The end screen is end.js's (loaded with the later phases); without it, the way to the report. */
function renderSummary(diff) {
  const box = $('summary');
  box.textContent = '';
  if (window.ProbeEnd) ProbeEnd.render(diff, box, { app, el, params, reportPath, tally, platformOf, browserName, setupLink });
  else el('h2', 'verdict', 'The end screen did not load: the full report has the verdict.', box);
  if (!$('report-link')) {
    const link = el('a', 'btn', 'Full report', box);
    link.href = reportPath();
    link.id = 'report-link';
  }
  box.hidden = false;
}
async function finish() {
  $('progress').textContent = 'Sending the last results…';
  const completeRun = (body) => R.api('POST', withKey(`/api/runs/${enc(app.run)}/complete`), body);
  let diff = null;
  try {
    /* complete carries the last results and answers with the run's diff (as GET …/diff would):
       one request at the end, not three. */
    diff = await app.queue.completeWith(completeRun);
  } catch (e) {
    /* Refused or unanswered: the results as the queue sends them, then the completion alone
       (a run completed already answers its verdict). */
    for (let i = 0; i < FINAL_FLUSH_TRIES && !(await app.queue.flush()); i++) await I.sleep(FINAL_FLUSH_GAP_MS);
    try { diff = await completeRun({}); } catch (e2) { $('progress').textContent = 'The server could not judge the run: ' + e2.message; }
  }
  await app.later;
  renderSummary(diff);
  /* The end screen says what opened the page and what it was judged as, once. */
  $('browser-banner').hidden = true;
  $('platform').textContent = mode;
  app.verdict = diff ? diff.verdict : null;
  app.finished = true;
  document.documentElement.setAttribute('data-finished', app.verdict || 'unknown');
  const said = $('summary').firstChild.textContent;
  if (diff) $('progress').textContent = `Finished: ${said}.`;
  $('bar').value = $('bar').max;
  $('h1-step').textContent = ': ' + said;
  document.title = `${said} — WebView probe`;
  announce(`Finished: ${said}.`);
  const open = stored(OPEN_RUN);
  if (open && open.run === app.run) stored(OPEN_RUN, null);
  if (window.ProbeEnd) ProbeEnd.actions({ app, el, action, reportPath, fitDock, moveFocus });
  if (window.ProbeHostReport) ProbeHostReport.ended(app, diff, location.origin + reportPath());
}

/* The first screen says so when a browser, not an app's WebView, opened the page (a QR code or a
   pasted link opens the phone's browser), by the rule the run is judged by (POST /api/platform,
   PlatformDetector.swift): a WebView sending a browser's user agent, with no bridge, looks the
   same from here; hence ?platform= as the way on. */
function browserBanner(d) {
  const known = d && platformOf(d.platform);
  if (!known || known.appWebView) return;
  const box = $('browser-banner'), text = (t, p) => p.appendChild(document.createTextNode(t));
  box.textContent = '';
  el('h2', '', 'This is a browser, not your app', box).id = 'browser-banner-title';
  el('p', '', `${browserName(d)} opened this page: a run here tests the browser, not your app's WebView.`, box);
  const ways = el('p', '', 'To test your app, open this page in it: from its debug deep link or debug screen (', box);
  ways.appendChild(setupLink());
  text('), or in CI by having the app open ', ways);
  el('code', '', location.origin + '/?mode=unattended', ways);
  text('.', ways);
  el('p', 'muted', 'A WebView sending a browser\'s user agent looks the same from here: if this is your app, add ?platform=android-webview or ios-wkwebview.', box);
  box.hidden = false;
}
/* A person's first screen (welcome.js: the device's open run, then the introduction), loaded
   only for it: an unattended run and a run's later loads do not carry it. */
async function welcome(probes) {
  await loadScript(templatedScripts('welcome-script')[0], false);
  if (!window.ProbeWelcome) throw new Error('welcome.js did not load');
  const the = { app, el, stored, announce, moveFocus, panel, action, OPEN_RUN, ABOUT };
  await ProbeWelcome.offerResume(the);
  return ProbeWelcome.intro(probes, the);
}

/* ?probes=a,b: the probes asked for, or null for all. A host report is weighed against the
   page's own look for bridges (env.injected, docs/host-report.md): a run without that look
   could not vouch for any report, so asking for host.report asks for env.injected too. */
function chosenProbes() {
  if (!params.probes) return null;
  const ids = params.probes.split(',');
  if (ids.indexOf('host.report') >= 0 && ids.indexOf('env.injected') < 0) ids.push('env.injected');
  return ids;
}

/* POST /api/runs; metadata values are strings, numbers or booleans: an absent one is left out, never null. */
function createRun(metadata) {
  metadata.mode = unattended ? 'unattended' : 'attended';
  if (chosenProbes()) metadata.probes = chosenProbes().join(',');
  /* A re-run of another run's failed steps (the end screen's link) names it; a run id's shape only. */
  if (/^[A-Za-z0-9_-]{1,64}$/.test(params.rerunOf || '')) metadata.rerunOf = params.rerunOf;
  return R.api('POST', '/api/runs', { platform: params.platform, label: params.label, requirementSet: params.requirementSet, metadata });
}
/* A promise's outcome as a value, so a request sent early is read (and its error said) in turn. */
const settled = (promise) => promise.then((value) => ({ value }), (error) => ({ error }));

/* The run as the page left it, for its own reload (?navcheck=, ?framecheck=): a request fewer
   on the flow's way. Any other load (a relaunch, a link opened later) reads the server's. */
const RETURN = 'probe.return';
function keepForReturn() {
  /* As the server lists them, step-start markers too (their attempts number the next one). */
  const results = Object.keys(app.attempts).map((id) => ({ probe: id, status: app.done[id] || 'info', reason: app.reasons[id], attempt: app.attempts[id] }));
  try { if (app.run) sessionStorage.setItem(RETURN, JSON.stringify({ id: app.run, results, requirementSet: app.requirementSet })); } catch (e) { /* the return reads the run */ }
}
function takeReturn(run) {
  if (!params.navcheck && !params.framecheck) return null;
  try {
    const kept = JSON.parse(sessionStorage.getItem(RETURN) || 'null');
    sessionStorage.removeItem(RETURN);
    return kept && kept.id === run ? kept : null;
  } catch (e) { return null; }
}

async function main() {
  /* What needs nothing from the config goes out beside it, a round trip less on a phone's
     link: the run named in the URL (its results), or an unattended run's creation (no
     introduction to show first). */
  const returning = params.run ? takeReturn(params.run) : null;
  const reading = returning ? Promise.resolve({ value: returning }) : params.run ? settled(R.api('GET', withKey('/api/runs/' + enc(params.run)))) : null;
  const creating = !params.run && unattended ? settled(createRun({})) : null;
  /* A platform the run chose (?platform=) is its own to say; else the server says what opened the
     page, but not on storage.navigation's return (?navcheck=) or cookie.thirdParty's
     (?framecheck=): the page that left showed it. */
  const detecting = params.platform || params.navcheck || params.framecheck ? null : settled(R.api('POST', '/api/platform', I.platformSignals()));
  let config, results = [];
  try {
    /* The same for every load (the run is read beside it): the second load of a run
       (storage.navigation's return) revalidates it, 304, instead of fetching it again. */
    config = await R.api('GET', '/api/config', undefined, 'no-cache');
  } catch (e) { return fatal(`No answer from /api/config (${e.message}). Reload to try again.`, reload()); }
  app.later = loadLater();
  app.origins = config.origins || {};
  /* The second origin's requests (fetch.cors) find a connection open
     (https://html.spec.whatwg.org/multipage/links.html#link-type-preconnect). */
  [app.origins.secondPort, app.origins.secondHost].forEach((href) => { if (href) document.head.appendChild(Object.assign(el('link'), { rel: 'preconnect', href })); });
  app.catalog = config.catalog || { probes: [] };
  app.limits = config.limits || {};
  if (detecting) browserBanner((await detecting).value);
  I.thresholds = (app.catalog.thresholds && app.catalog.thresholds.page) || [];
  I.wrapperNames = app.catalog.wrapperSignals || null;
  if (params.run) {
    /* A completed run's verdict is final (results after it get 409): it is shown, not run
       again; complete answers the same verdict however often. */
    const read = await reading, e = read.error;
    if (e) {
      return fatal(e.status === 404 ? `Run ${params.run} is not on this server, or this link lacks its key. Open ${location.origin}/ to start a new run.`
        : `Run ${params.run}: ${e.message}`, e.status === 404 ? { label: 'Start a new run', href: location.pathname } : reload());
    }
    results = read.value.results || [];
    app.requirementSet = read.value.requirementSet;
    /* A run created with its platform (CI: POST /api/runs {platform}) is judged as that. */
    if (read.value.platform) $('browser-banner').hidden = true;
    app.completed = !!read.value.completedAt;
    app.run = params.run;
  } else {
    const wanted = app.catalog.probes.filter((p) => !chosenProbes() || chosenProbes().indexOf(p.id) >= 0);
    const made = creating ? await creating : await settled(createRun(await welcome(wanted)));
    if (made.error) return fatal('Could not create a run: ' + made.error.message, reload());
    app.run = params.run = made.value.id;
    app.key = params.key = made.value.writeKey;
    app.requirementSet = made.value.requirementSet;
    history.replaceState(null, '', urlWith('run', app.run));
    history.replaceState(null, '', urlWith('key', app.key));
  }
  $('dock').hidden = false;
  if (!unattended) stored(OPEN_RUN, { run: app.run, key: app.key, url: location.pathname + location.search });
  try { sessionStorage.setItem('probe.current', JSON.stringify({ run: app.run, url: location.pathname + location.search })); } catch (e) { /* storage off */ }
  $('run-id').textContent = app.run;
  $('platform').textContent = (params.platform ? `Platform (set): ${params.platform} · ` : '') + mode;
  app.queue = new R.Queue(app.run, app.key);
  app.queue.flush();
  addEventListener('online', () => app.queue.flush());
  addEventListener('pagehide', () => { app.queue.beacon(); keepForReturn(); });

  results.forEach((r) => {
    app.done[r.probe] = r.status;
    app.reasons[r.probe] = r.reason;
    app.attempts[r.probe] = Math.max(app.attempts[r.probe] || 0, r.attempt);
  });
  /* A killed app loses sessionStorage. */
  const visit = 'probe.visit.' + app.run;
  let sameSession = false;
  try {
    sameSession = !!sessionStorage.getItem(visit);
    sessionStorage.setItem(visit, '1');
    const opened = JSON.parse(sessionStorage.getItem('probe.windowOpen') || 'null');
    if (opened && opened.run === app.run) app.state.windowOpenReturn = opened;
    sessionStorage.removeItem('probe.windowOpen');
  } catch (e) { /* storage off */ }
  app.relaunched = results.length > 0 && !sameSession;
  /* Read and set before any probe runs (the cookie and localStorage markers at once); only
     storage.relaunch, the last step, reads the answer, so the IndexedDB marker's open (in a
     fresh profile it creates the database: 100-200 ms) runs beside the first steps. */
  app.state.earlierVisit = I.relaunchMarkers(app.run);

  /* docs/host-report.md: its script only where an app injected a bridge. */
  if (window.webkit || window.ReactNativeWebView || window.ProbeHost || window.flutter_inappwebview || window.Capacitor || window.qt) await loadScript(templatedScripts('host-report-script')[0], false);
  else I.probes['host.report'] = async () => ({ status: 'info', observed: { bridge: 'none', answered: false } });
  const only = chosenProbes();
  app.probes = app.catalog.probes.filter((p) => !only || only.indexOf(p.id) >= 0);
  renderSteps();
  $('bar').max = app.probes.length;
  for (const probe of app.probes) {
    if (app.done[probe.id]) setStatus(probe, app.done[probe.id]);
    else if (!app.completed) await runProbe(probe);
  }
  await besideEnded();
  for (const x of app.pending) await post(x.ctx, x.res);
  await finish();
}

main().catch((e) => fatal(`The page failed: ${e && e.name}: ${e && e.message}`, reload()));
})();

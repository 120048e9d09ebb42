/* The end screen: the verdict and what to fix, or, for a browser, what it showed. Loaded with
   the later phases (index.html's later-scripts template): the first screen does not wait for it. What it reads of
   the run comes from app.js (`the`), what it says of each step from the server's diff. */
(() => {
'use strict';

/* The fix for the run's platform: the remedy's fixes are one list keyed by wrapper (the
   detected one's first); a React Native app takes react-native-webview's, else its native
   WebView's; an app on neither takes the first. */
function remedyFor(remedy, platform) {
  const fixes = (remedy && remedy.fixes) || [];
  const of = (wrapper, family) => fixes.filter((x) => x.wrapper === wrapper && (!x.family || !family || x.family === family))[0];
  const family = /ios/.test(platform) ? 'ios' : /android/.test(platform) ? 'android' : null;
  const fix = (/^rn-/.test(platform) && of('react-native-webview', family))
    || (family === 'ios' && of('native-ios')) || (family === 'android' && of('native-android')) || fixes[0];
  return fix ? fix.code : null;
}

/* Every wrapper's fix, the detected one's open and the others folded; false when the remedy
   has only the declared native and React Native lines (then the platform's one is shown). */
const LINES = ['native-ios', 'native-android', 'react-native-webview'];
function renderFixes(remedy, li) {
  const f = remedy && remedy.fixes, d = li.ownerDocument;
  let box = li;
  if (!f || !f.some((x) => LINES.indexOf(x.wrapper) < 0)) return false;
  f.forEach((x, i) => {
    if (i === 1) {
      box = li.appendChild(d.createElement('details'));
      box.appendChild(d.createElement('summary')).textContent = `The fix in the other wrappers (${f.length - 1})`;
    }
    const label = box.appendChild(d.createElement('p'));
    label.textContent = `${x.wrapper} (${x.language}${x.family ? ', ' + x.family : ''}) `;
    if (/^https:\/\//.test(x.docs || '')) {
      const doc = label.appendChild(d.createElement('a'));
      doc.href = x.docs;
      doc.textContent = 'Documentation';
    }
    const pre = box.appendChild(d.createElement('pre'));
    pre.className = 'remedy';
    pre.textContent = x.code;
  });
  return true;
}

function render(diff, box, the) {
  const el = the.el, verdict = diff ? diff.verdict : 'unknown', d = diff && diff.platform, known = d && the.platformOf(d.platform);
  /* A browser's run is no app's: the verdict of its profile is not shown as one (no green Ready). */
  if (known && !known.appWebView) el('span', 'sub', 'not judged against a WebView', el('h2', 'verdict browser', 'A browser, not an app\'s WebView: ', box));
  else el('h2', 'verdict ' + verdict, { ready: 'Ready', 'not-ready': 'Not ready', incomplete: 'Incomplete' }[verdict] || 'No verdict', box);
  if (!diff) return el('p', '', 'The server returned no diff; the report page may have it.', box);
  /* The platform in the words every report uses (the diff's platformSummary, from the catalog's
     Words): ?platform= reads as set, once, never as a detection. */
  const chosen = d.overridden && (d.reasons || []).filter((r) => /^\?platform=/.test(r))[0];
  el('p', 'muted', diff.platformSummary ? (d.overridden ? 'Judged as ' : 'Detected: ') + diff.platformSummary
    : chosen ? `Judged as ${known.title}: ${chosen}.`
    : `Detected: ${d.wrapper && !known.appWebView ? the.browserName(d) + ', ' : ''}${known.title} (${d.confidence} confidence)`, box);
  if (!known.appWebView) return browser(diff, box, the);
  (diff.verdictReasons || []).forEach((r) => el('p', 'reason', r, box));
  /* The server's one order of findings (rank: the flow blocker first), as every report has it.
     A finding that fails only because another did (consequenceOf) is said under its cause. */
  const rank = (f) => (f.rank == null ? Infinity : f.rank);
  const bad = diff.findings.filter((f) => (f.verdict === 'fail' || f.verdict === 'warn') && !f.consequenceOf).sort((a, b) => rank(a) - rank(b));
  const knockOns = (f) => diff.findings.filter((g) => g.consequenceOf === f.probe).map((g) => g.title);
  if (bad.length) el('h3', '', 'What to fix', box);
  const list = el('ol', 'findings', '', box);
  bad.forEach((f) => {
    const li = el('li', 'finding', '', list), fix = remedyFor(f.remedy, d.platform);
    el('p', 'finding-title', `${f.title}: ${f.verdict}`, li);
    el('p', '', f.observed, li);
    if (f.diagnosis) el('p', 'muted', f.diagnosis, li);
    if (f.causes && f.causes[0]) el('p', 'muted', 'Check first: ' + f.causes[0].check, li);
    if (!renderFixes(f.remedy, li) && fix) el('pre', 'remedy', fix, li);
    const also = knockOns(f);
    if (also.length) el('p', 'muted', 'Also fails because of it: ' + also.join(', '), li);
  });
  accepted(diff, box, the, known);
  rerun(diff, box, the);
}

/* "Re-run the failed steps": a new run of the steps that failed or did not run, with the steps
   they wait on and the platform step, linked to this one (metadata.rerunOf; its report links
   back), so a fix is proved without the whole journey again. The page's own parameters carry over. */
const CARRIED = ['mode', 'platform', 'wrapper', 'requirementSet', 'tapWait', 'snapshot'];
function rerun(diff, box, the) {
  const again = diff.findings.filter((f) => /^(fail|warn|skipped|not-run)$/.test(f.verdict) && f.expectation !== 'info').map((f) => f.probe);
  if (!again.length || !the.app.run) return;
  const probes = (the.app.catalog && the.app.catalog.probes) || [], byId = {};
  probes.forEach((p) => { byId[p.id] = p; });
  const wanted = new Set();
  const add = (id) => {
    if (wanted.has(id) || !byId[id]) return;
    wanted.add(id);
    if (byId[id].after && byId[id].after.probe) add(byId[id].after.probe);
  };
  ['env.platform'].concat(again).forEach(add);
  const q = new URLSearchParams();
  CARRIED.filter((k) => the.params[k]).forEach((k) => q.set(k, the.params[k]));
  q.set('probes', probes.map((p) => p.id).filter((id) => wanted.has(id)).join(','));
  q.set('rerunOf', the.app.run);
  const link = the.el('a', 'btn secondary', `Re-run the ${again.length} failed or missing step${again.length === 1 ? '' : 's'}`, box);
  link.id = 'rerun-failed';
  link.href = location.pathname + '?' + q.toString();
}

/* A step the person saw end ✗ (fail, error) that the verdict accepts is said, with the server's
   reason: a Ready under a red ✗ with nothing said reads as a mistake. */
function accepted(diff, box, the, known) {
  const taken = diff.findings.filter((f) => /^(fail|error)$/.test(f.pageStatus) && /^(pass|info)$/.test(f.verdict));
  if (!taken.length) return;
  the.el('h3', '', 'Shown ✗ during the run, accepted', box);
  const list = the.el('ul', 'findings accepted', '', box);
  const why = (f) => (f.expectation === 'info' ? `${known.title} is not held to it (${f.expected})`
    : f.expectation === 'expected-blocked' ? `${known.title} is expected to block it (${f.expected})`
      : `what it observed is as expected: ${f.observed}`);
  taken.forEach((f) => {
    const li = the.el('li', 'finding', '', list);
    li.id = 'accepted-' + f.probe.replace(/\./g, '-');
    the.el('p', '', `${f.title} ✗ during the run: accepted because ${why(f)}.`, li);
    if (f.diagnosis) the.el('p', 'muted', f.diagnosis, li);
  });
}

/* A browser's run: what it showed, step by step as the person saw it, and the way to the app.
   No fixes: they are an app's WebView settings, and a browser has none of them. */
function browser(diff, box, the) {
  const el = the.el, probes = the.app.probes || [];
  el('p', 'reason', `It ran ${probes.length} steps: ${the.tally(probes).words}.`, box);
  const shown = diff.findings.filter((f) => /^(fail|error)$/.test(the.app.done[f.probe]));
  if (shown.length) el('h3', '', 'What it showed', box);
  const list = el('ul', 'findings', '', box);
  shown.forEach((f) => {
    const li = el('li', 'finding', '', list);
    el('p', 'finding-title', `${f.title} ✗`, li);
    el('p', '', f.observed, li);
    if (f.diagnosis) el('p', 'muted', f.diagnosis, li);
  });
  el('p', 'muted', 'To judge your app, open this page in its WebView: ', box).appendChild(the.setupLink());
}

/* The dock at the end: the way to the full report first (the summary above can be long on a
   phone), then a new run. Focus moves to the report link, the next action. Without this
   file the summary's own report link stands in (app.js, renderSummary). */
function actions(the) {
  const action = the.action, app = the.app, el = the.el;
  action.textContent = '';
  const row = el('div', 'buttons', '', action), short = app.run.length > 12 ? app.run.slice(0, 8) + '…' : app.run;
  const report = el('a', 'btn', `Open the full report (run ${short})`, row);
  report.id = 'dock-report';
  report.href = the.reportPath();
  const again = el('a', 'btn secondary', 'Start a new run', row);
  again.id = 'dock-new-run';
  again.href = location.pathname;
  action.hidden = false;
  the.fitDock();
  the.moveFocus(report);
}

/* storage.relaunch: the exact link to reopen, to copy or to scan from another device. */
function reopen(the) {
  const action = the.action, el = the.el, note = the.note, fitDock = the.fitDock;
  /* The link comes first, the Skip button last: this step's action is the link. */
  const url = location.href, box = action.insertBefore(el('div', 'reopen'), action.querySelector('.buttons'));
  const field = el('input', '', '', box);
  field.id = 'reopen-url';
  field.readOnly = true;
  field.value = url;
  field.setAttribute('aria-label', 'The link to open again');
  const copy = el('button', 'btn secondary', 'Copy link', box);
  copy.type = 'button';
  copy.id = 'copy-url';
  const selectIt = () => { field.focus(); field.select(); note('Selected: copy it with your keyboard or the system menu.'); };
  copy.addEventListener('click', () => {
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(() => note('Copied.'), selectIt);
    else selectIt();
  });
  const qr = el('img', 'qr', '', box);
  qr.id = 'reopen-qr';
  qr.alt = 'QR code of this link';
  qr.onerror = () => { qr.hidden = true; fitDock(); };
  qr.onload = fitDock;
  qr.src = '/qr.svg?url=' + encodeURIComponent(url);
  fitDock();
}

window.ProbeEnd = { render, actions, reopen };
})();

/* The host report (docs/host-report.md): the page asks the app, through whichever bridge it
   has, what it configured; the app answers with a probe-server.host-report/1 document. No
   bridge, or no answer within HOST_REPORT_WAIT_MS, is "no host report", never a failure.
   Registers the catalog's host.report probe with the probe implementations; app.js loads
   this file only when the page has a bridge, and calls ended() at the end of the run. */
(() => {
'use strict';

const SCHEMA = 'probe-server.host-report/1';
/* A host reads its settings synchronously (WKWebViewConfiguration, WebSettings) or with one
   permission query (react-native-permissions' check, tens of ms): two seconds is generous on
   an old phone and costs a run without a snippet nothing when it has no bridge at all. */
const HOST_REPORT_WAIT_MS = 2000;
const REQUEST = { type: 'host-report-request', schema: SCHEMA };

let delivered = null, waiting = null;
/* The host answers by calling this global (evaluateJavaScript, injectJavaScript, or at
   document start before the page asks): a JSON string or an object. */
window.probeHostReport = function (answer) {
  if (waiting) { const w = waiting; waiting = null; w(answer); } else delivered = answer;
  return true;
};
const answered = () => new Promise((resolve) => {
  if (delivered !== null) { const d = delivered; delivered = null; resolve(d); } else waiting = resolve;
});

/* Each bridge: whether it exists, and how to ask. A reply the bridge itself carries (a
   promise, a return value) counts as the answer; otherwise the host calls probeHostReport. */
const BRIDGES = [
  ['webkit', () => window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.probe,
    () => window.webkit.messageHandlers.probe.postMessage(REQUEST)],
  ['android', () => window.ProbeHost && typeof window.ProbeHost.hostReport === 'function',
    () => window.ProbeHost.hostReport(JSON.stringify(REQUEST))],
  /* webview_flutter's JavaScriptChannel named ProbeHost: an @JavascriptInterface object with
     postMessage(String) on Android, webkit.messageHandlers.ProbeHost copied to window on iOS;
     the app answers through runJavaScript("window.probeHostReport(…)"). */
  ['webview_flutter', () => window.ProbeHost && typeof window.ProbeHost.postMessage === 'function',
    () => window.ProbeHost.postMessage(JSON.stringify(REQUEST))],
  ['flutter', () => window.flutter_inappwebview && typeof window.flutter_inappwebview.callHandler === 'function',
    () => window.flutter_inappwebview.callHandler('probeHostReport', REQUEST)],
  ['capacitor', () => window.Capacitor && window.Capacitor.Plugins && window.Capacitor.Plugins.ProbeHost,
    () => window.Capacitor.Plugins.ProbeHost.report(REQUEST).then((r) => r && (r.report || r))],
  ['qt-webchannel', () => window.qt && window.qt.webChannelTransport && typeof window.QWebChannel === 'function',
    () => new Promise((resolve) => {
      /* eslint-disable-next-line no-new */
      new window.QWebChannel(window.qt.webChannelTransport, (channel) => {
        const host = channel.objects.probeHost;
        if (host && typeof host.hostReport === 'function') host.hostReport(JSON.stringify(REQUEST), resolve);
      });
    })],
  ['react-native', () => window.ReactNativeWebView && typeof window.ReactNativeWebView.postMessage === 'function',
    () => window.ReactNativeWebView.postMessage(JSON.stringify(REQUEST))],
];

/* The catalog's fact table (GET /api/config → catalog.hostReport), to refuse a malformed
   answer here with the same words as the server would. */
function problemWith(report, catalog) {
  if (!report || typeof report !== 'object' || Array.isArray(report)) return 'the answer is not a JSON object';
  if (report.schema !== SCHEMA) return `schema ${JSON.stringify(report.schema)}; this page reads ${SCHEMA}`;
  if (!report.host || typeof report.host.platform !== 'string') return 'host.platform: missing';
  if (!report.facts || typeof report.facts !== 'object' || Array.isArray(report.facts)) return 'facts: expected an object';
  const known = {};
  ((catalog && catalog.hostReport && catalog.hostReport.facts) || []).forEach((f) => { known[f.name] = f; });
  for (const name of Object.keys(report.facts)) {
    const fact = report.facts[name];
    if (!fact || typeof fact !== 'object' || !('value' in fact) || typeof fact.how !== 'string' || !fact.how) {
      return `facts.${name}: expected {"value": …, "how": "<API>"}`;
    }
    const f = known[name], v = fact.value;
    if (!f || v === null) continue;
    const fits = { boolean: typeof v === 'boolean', string: typeof v === 'string', number: typeof v === 'number', integer: Number.isInteger(v),
      'string[]': Array.isArray(v) && v.every((x) => typeof x === 'string'), object: typeof v === 'object' && !Array.isArray(v) }[f.type];
    if (fits === false) return `facts.${name}.value: expected ${f.type}`;
    const values = f.values || [];
    const listed = (x) => !values.length || values.indexOf(x) >= 0;
    if (typeof v === 'string' && !listed(v)) return `facts.${name}.value: expected one of ${values.join(', ')}`;
    if (Array.isArray(v) && !v.every(listed)) return `facts.${name}.value: expected items among ${values.join(', ')}`;
  }
  return null;
}

async function hostReport(ctx) {
  const found = BRIDGES.find((b) => { try { return !!b[1](); } catch (e) { return false; } });
  if (!found && delivered === null) return { status: 'info', observed: { bridge: 'none', answered: false, waitedMs: 0, report: null } };
  const bridge = found ? found[0] : 'none', t0 = Date.now();
  const racers = [answered(), new Promise((r) => setTimeout(() => r(undefined), HOST_REPORT_WAIT_MS))];
  if (found) {
    try {
      const reply = found[2]();
      /* A bridge's own reply: a promise (WKScriptMessageHandlerWithReply, callHandler) or a value. */
      if (reply && typeof reply.then === 'function') racers.push(reply.then((x) => (x === undefined || x === null || x === '' ? new Promise(() => {}) : x), () => new Promise(() => {})));
      else if (typeof reply === 'string' && reply) racers.push(Promise.resolve(reply));
    } catch (e) { /* the host answers through probeHostReport, or not at all */ }
  }
  let answer = await Promise.race(racers);
  waiting = null;
  const observed = { bridge, answered: answer !== undefined, waitedMs: Date.now() - t0, report: null };
  if (answer === undefined) return { status: 'info', observed };
  if (typeof answer === 'string') {
    try { answer = JSON.parse(answer); } catch (e) { observed.problem = 'the answer is not JSON'; return { status: 'info', observed }; }
  }
  const problem = problemWith(answer, ctx.catalog);
  if (problem) observed.problem = problem; else observed.report = answer;
  return { status: 'info', observed };
}

/* The end of the run: the summary to the bridge (docs/page.md), and on the end screen the
   checklist items the host's facts settled. */
function ended(app, diff, report) {
  const summary = { type: 'probe-summary', run: app.run, verdict: app.verdict, counts: diff && diff.counts,
    failed: diff ? diff.findings.filter((f) => f.verdict === 'fail').map((f) => f.probe) : [], report };
  /* react-native-webview takes strings. */
  try { window.webkit.messageHandlers.probe.postMessage(summary); } catch (e) { /* none */ }
  try { window.ReactNativeWebView.postMessage(JSON.stringify(summary)); } catch (e) { /* none */ }
  renderCoverage(diff, document.getElementById('summary'));
}

function renderCoverage(diff, box) {
  const items = ((diff && diff.coverage && diff.coverage.items) || []).filter((i) => i.source === 'host-report');
  if (!items.length || !box) return;
  const h = document.createElement('h3');
  h.textContent = `From the app's host report: ${items.length} checklist item${items.length === 1 ? '' : 's'}`;
  const list = document.createElement('ul');
  list.className = 'host-items';
  items.forEach((i) => {
    const li = document.createElement('li');
    li.id = 'host-item-' + i.id.replace(/\./g, '-');
    li.textContent = `${i.status} (host report): ${i.text}`;
    li.title = i.evidence;
    list.appendChild(li);
  });
  box.insertBefore(list, document.getElementById('report-link'));
  box.insertBefore(h, list);
}

if (window.ProbeImpl && window.ProbeImpl.probes) window.ProbeImpl.probes['host.report'] = hostReport;
window.ProbeHostReport = { SCHEMA, HOST_REPORT_WAIT_MS, ended, problemWith };
})();

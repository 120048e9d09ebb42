/* A person's first screen: the device's open run offered again, then the introduction (what
   happens, how long, what the report should name). Loaded by app.js only for that screen, so
   an unattended run's first load does not carry it; what it reads of the page comes from
   app.js (`the`). */
(() => {
'use strict';
const $ = (id) => document.getElementById(id);

/* The start URL again while this device has an open run: continue it (the default) or start anew. */
async function offerResume(the) {
  const el = the.el, stored = the.stored, OPEN_RUN = the.OPEN_RUN;
  const open = stored(OPEN_RUN);
  if (!open || !open.run || !open.url) return;
  try {
    const run = await window.ProbeResults.api('GET', `/api/runs/${encodeURIComponent(open.run)}?key=${encodeURIComponent(open.key || '')}`);
    if (run.completedAt) { stored(OPEN_RUN, null); return; }
  } catch (e) { stored(OPEN_RUN, null); return; }
  const box = $('intro');
  box.textContent = '';
  el('h2', '', 'Continue the open run?', box).id = 'intro-title';
  el('p', 'instruction', `This device has run ${open.run}, not finished yet. Continue it where it stopped, or start a new run.`, box);
  const row = el('div', 'buttons', '', box);
  const go = el('a', 'btn', `Continue run ${open.run.length > 12 ? open.run.slice(0, 8) + '…' : open.run}`, row);
  go.id = 'resume-continue';
  go.href = open.url;
  const fresh = el('button', 'btn secondary', 'Start a new run', row);
  fresh.id = 'resume-new';
  fresh.type = 'button';
  box.hidden = false;
  $('dock').hidden = true;
  $('run-id').textContent = 'not started';
  the.announce('This device has an open run: continue it, or start a new one.');
  the.moveFocus(go);
  await new Promise((resolve) => fresh.addEventListener('click', resolve));
  stored(OPEN_RUN, null);
}

/* The first screen: what happens, how long, and what the report should name. */
function intro(probes, the) {
  const el = the.el, stored = the.stored, app = the.app;
  const people = probes.filter((p) => p.kind !== 'auto').length, about = stored(the.ABOUT) || {};
  const box = $('intro');
  box.textContent = '';
  el('h2', '', 'Test this app\'s WebView', box).id = 'intro-title';
  el('p', 'instruction', `The page checks ${probes.length} things the app's WebView must do: storage, network, camera, files, links. ` +
    `Most run by themselves; ${people} need you to tap or answer. It takes about 2–3 minutes.`, box);
  el('p', 'muted', 'At the end the page shows a verdict and what to fix; the report names the app, version, device and tester below.', box);
  const form = el('form', '', '', box), fields = {}, limit = app.limits.deviceModelBytes;
  [['appName', 'App name'], ['appVersion', 'App version'], ['deviceModel', 'Device', 'e.g. Pixel 8, Android 15'], ['tester', 'Tester']].forEach((f) => {
    const label = el('label', 'field', f[1], form), input = el('input', '', '', label);
    input.id = 'intro-' + f[0];
    input.name = f[0];
    input.autocomplete = 'off';
    if (f[2]) input.placeholder = f[2];
    input.value = typeof about[f[0]] === 'string' ? about[f[0]] : '';
    input.addEventListener('input', () => input.setCustomValidity(''));
    fields[f[0]] = input;
  });
  /* The store's bound (/api/config limits): maxLength counts UTF-16 units, the store bytes. */
  const device = fields.deviceModel, tooLong = () => limit && new Blob([device.value.trim()]).size > limit;
  if (limit) device.maxLength = limit;
  /* Start sits in the dock like every later action: in view without scrolling. */
  $('progress').textContent = `${probes.length} steps, about 2–3 minutes`;
  $('dock').hidden = false;
  $('run-id').textContent = 'new';
  the.panel('Fill in the details (optional), then start.', [{ id: 'start-run', label: 'Start', onClick: () => form.requestSubmit ? form.requestSubmit() : form.dispatchEvent(new Event('submit', { cancelable: true })) }]);
  box.hidden = false;
  the.announce('Ready to start: ' + probes.length + ' steps.');
  return new Promise((resolve) => form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (tooLong()) {
      device.setCustomValidity(`At most ${limit} bytes: a model and its OS, e.g. Pixel 8, Android 15.`);
      return device.reportValidity();
    }
    const meta = {};
    Object.keys(fields).forEach((k) => { const v = fields[k].value.trim(); if (v) meta[k] = v; });
    stored(the.ABOUT, meta);
    box.hidden = true;
    the.action.hidden = true;
    resolve(meta);
  }));
}

window.ProbeWelcome = { offerResume, intro };
})();

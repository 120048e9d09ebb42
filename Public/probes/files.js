/* Phase files: the file chooser, capture from the camera, cancel then pick again, HEIC. */
(() => {
'use strict';
const I = window.ProbeImpl, P = I.probes, result = I.result;

/* One hidden input per step, reused when the step runs again. */
function fileInput(id, accept, capture) {
  let input = document.getElementById(id);
  if (!input) {
    input = document.createElement('input');
    input.type = 'file';
    input.id = id;
    input.className = 'visually-hidden';
    input.tabIndex = -1;
    /* Named for a screen reader that finds it; the step's own button opens it. */
    input.setAttribute('aria-label', 'Image for the step ' + id.replace(/^input-/, ''));
    (document.querySelector('main') || document.body).appendChild(input);
  }
  input.accept = accept;
  if (capture) input.setAttribute('capture', capture);
  input.value = '';
  return input;
}

/* What a thumbnail's alt text and placeholder say: the format from the bytes (a name or a
   declared type can lie), and the size in SI units. */
const FORMAT_NAMES = { jpeg: 'JPEG', png: 'PNG', gif: 'GIF', webp: 'WebP', heic: 'HEIC' };
const sizeText = (n) => (n < 1000 ? n + ' B' : n < 1e6 ? (n / 1e3).toFixed(1) + ' kB' : (n / 1e6).toFixed(1) + ' MB');
/* Enough bytes to read the format from: sniff() reads at most the first 64. */
const SNIFF_BYTES = 64;

/* The picked photo, small, so the person sees it arrived: beside the step's question in the
   dock while the step runs, then in the step's row beside its result. The object URL lives
   until the image decoded or the step ended, whichever comes first; a decoded image stays on
   screen after its URL is revoked (https://w3c.github.io/FileAPI/#dfn-revokeObjectURL). A
   format the engine cannot decode (HEIC outside Safari) shows a placeholder that names it,
   never a broken image. */
async function thumbnail(ctx, file, key) {
  if (!file) return;
  let format = null;
  try { format = FORMAT_NAMES[I.sniff(await file.slice(0, SNIFF_BYTES).arrayBuffer())]; } catch (e) { /* unreadable: the declared type below */ }
  const what = `${format || (file.type || 'image').replace(/^image\//, '').toUpperCase()} image, ${sizeText(file.size)}`;
  const id = 'thumb-' + ctx.slug + (key ? '-' + key : ''), old = document.getElementById(id);
  if (old) old.remove();
  const img = document.createElement('img'), url = URL.createObjectURL(file);
  const revoke = () => URL.revokeObjectURL(url);
  img.id = id;
  img.className = 'thumb';
  img.alt = what;
  img.onload = revoke;
  img.onerror = () => {
    revoke();
    const none = document.createElement('span');
    none.id = id;
    none.className = 'thumb thumb-none';
    none.textContent = `${what}: no preview in this browser`;
    img.replaceWith(none);
  };
  img.src = url;
  /* Into the row before its status: setStatus writes the result into the row's last child. */
  const toRow = () => {
    const shown = document.getElementById(id), row = document.getElementById('step-' + ctx.slug);
    if (shown && row) row.insertBefore(shown, row.lastChild);
  };
  ctx.stage.appendChild(img);
  if (ctx.ended) toRow(); else ctx.atEnd(() => { revoke(); toRow(); });
}

/* What reached the page, then what reached the server: the file is hashed here and
   uploaded as multipart, and the server answers with its own hash and sniffed format. */
async function describeFile(file, ctx) {
  const f = { name: file.name, type: file.type, size: file.size, lastModified: file.lastModified || null,
    lastModifiedAgeMs: file.lastModified ? Date.now() - file.lastModified : null, hashMatch: false, serverAccepted: false };
  const buffer = await file.arrayBuffer();
  f.sniffedFormat = I.sniff(buffer);
  f.sha256 = await I.sha256(buffer);
  const form = new FormData();
  form.append('run', ctx.run);
  if (ctx.params.key) form.append('key', ctx.params.key);
  form.append('probe', ctx.probe.id);
  form.append('file', file, file.name || 'upload');
  /* An upload nobody answers would hold the step, and the run, for good: uploadMs ends it. */
  const abort = new AbortController(), limit = ctx.limit('uploadMs'), timer = setTimeout(() => abort.abort(), limit);
  try {
    const r = await fetch('/probe/upload', { method: 'POST', body: form, credentials: 'same-origin', signal: abort.signal });
    f.uploadStatus = r.status;
    const up = ((await r.json()).files || [])[0];
    if (up) Object.assign(f, { serverSha256: up.sha256, serverFormat: up.format, serverAccepted: !!up.accepted, hashMatch: f.sha256 ? up.sha256 === f.sha256 : null });
  } catch (e) { f.uploadError = abort.signal.aborted ? `TimeoutError: no answer within ${limit} ms` : I.errName(e); }
  clearTimeout(timer);
  return f;
}

/* input.click() opens the chooser only inside the tap's user activation
   (https://html.spec.whatwg.org/multipage/input.html#file-upload-state-(type=file)), so the
   click happens in the button's handler. "Nothing happened" ends the step for a WebView
   that shows no chooser and fires neither change nor cancel. */
const chooseFile = (ctx, label) => new Promise((resolve) => {
  const input = fileInput('input-' + ctx.slug, 'image/*');
  const facts = { accept: input.accept, captureAttribute: input.getAttribute('capture'), changeFired: false, cancelFired: false, input };
  let tappedAt = null;
  const end = () => { facts.waitedMs = tappedAt ? I.ms(tappedAt) : null; resolve(facts); };
  input.onchange = () => { facts.changeFired = true; facts.fileCount = input.files.length; end(); };
  /* The cancel event: Chrome 113, Safari 16.4; older engines give a cancel no event. */
  input.oncancel = () => { facts.cancelFired = true; end(); };
  ctx.ui.panel(ctx.probe.instructions, [
    { id: 'tap-' + ctx.slug, label, onClick: () => { tappedAt = I.now(); ctx.started(); input.click(); ctx.ui.note('Waiting for the chooser…'); } },
    { id: 'none-' + ctx.slug, label: 'Nothing happened', secondary: true, giveUp: true, onClick: end }
  ]);
});

P['file.accept'] = async (ctx) => {
  const facts = await chooseFile(ctx, 'Choose image');
  const o = I.pick(facts, ['changeFired', 'cancelFired', 'waitedMs', 'fileCount', 'accept', 'captureAttribute'], {});
  const file = facts.input.files[0];
  if (!file) return result(false, o);
  thumbnail(ctx, file);
  ctx.ui.note('Hashing and uploading…');
  I.pick(await describeFile(file, ctx), ['name', 'type', 'size', 'lastModified', 'lastModifiedAgeMs', 'sniffedFormat', 'sha256',
    'serverSha256', 'hashMatch', 'uploadStatus', 'serverFormat', 'serverAccepted', 'uploadError'], o);
  return result(o.hashMatch, o);
};

/* capture="environment" and "user" should open the camera directly; an Android chooser
   intent that ignores capture offers a file list. Only the person can tell. */
P['file.capture'] = (ctx) => new Promise((resolve) => {
  const o = { environmentChangeFired: false, environmentFileCount: 0, userChangeFired: false, userFileCount: 0, cameraOpenedDirectly: null };
  const inputs = {};
  ['environment', 'user'].forEach((mode) => {
    const input = inputs[mode] = fileInput(`input-${ctx.slug}-${mode}`, 'image/*', mode);
    o[mode + 'CaptureAttribute'] = input.getAttribute('capture');
    input.onchange = () => { o[mode + 'ChangeFired'] = true; o[mode + 'FileCount'] = input.files.length; thumbnail(ctx, input.files[0], mode); };
  });
  const answer = (value) => () => { o.cameraOpenedDirectly = value; resolve(result(value, o)); };
  ctx.ui.panel(ctx.probe.instructions, [
    { id: `tap-${ctx.slug}-environment`, label: 'Back camera', onClick: () => { ctx.started(); inputs.environment.click(); } },
    { id: `tap-${ctx.slug}-user`, label: 'Front camera', onClick: () => { ctx.started(); inputs.user.click(); } },
    { id: `answer-${ctx.slug}-yes`, label: 'Yes, the camera opened', onClick: answer(true) },
    { id: `answer-${ctx.slug}-no`, label: 'No, a file list opened', onClick: answer(false) }
  ]);
});

/* Android hands onShowFileChooser a ValueCallback that must be answered, with null on a
   cancel; one left unanswered keeps every later chooser from opening
   (https://developer.android.com/reference/android/webkit/WebChromeClient#onShowFileChooser). */
P['file.cancel'] = (ctx) => new Promise((resolve) => {
  const o = { cancelFired: false, secondChooserOpened: null, secondChangeFired: false, secondFileCount: 0, taps: 0 };
  const input = fileInput('input-' + ctx.slug, 'image/*');
  let tappedAt = 0;
  input.oncancel = () => {
    /* A cancel within a few ms of the tap: no chooser was on screen. */
    if (!o.cancelFired) o.cancelMs = I.ms(tappedAt);
    o.cancelFired = true; ctx.ui.note('Cancelled. Now tap "Choose image" again and pick a photo.');
  };
  input.onchange = () => {
    if (o.taps < 2) { o.firstPickChanged = true; return; }
    Object.assign(o, { secondChangeFired: true, secondChooserOpened: true, secondFileCount: input.files.length });
    thumbnail(ctx, input.files[0]);
    resolve(result(true, o));
  };
  ctx.ui.panel(ctx.probe.instructions, [
    { id: 'tap-' + ctx.slug, label: 'Choose image', onClick: () => { if (!o.taps++) tappedAt = I.now(); ctx.started(); input.click(); } },
    { id: `answer-${ctx.slug}-no`, label: 'The chooser did not open again', secondary: true, giveUp: true,
      onClick: () => { o.secondChooserOpened = false; resolve(result(false, o)); } }
  ]);
});

/* iOS may hand the page a JPEG for a HEIC photo; a .heic name with JPEG bytes says the
   platform converted it. */
P['file.heic'] = async (ctx) => {
  const facts = await chooseFile(ctx, 'Choose HEIC');
  const file = facts.input.files[0], o = I.pick(facts, ['changeFired', 'cancelFired', 'waitedMs'], { type: file ? file.type : null, serverAccepted: false });
  if (!file) return result(false, o);
  thumbnail(ctx, file);
  ctx.ui.note('Uploading…');
  const f = await describeFile(file, ctx);
  I.pick(f, ['sniffedFormat', 'serverAccepted', 'serverFormat', 'name', 'size'], o);
  o.convertedToJpeg = f.sniffedFormat === 'jpeg' ? (/\.hei[cf]$/i.test(f.name) ? true : null) : false;
  return result(o.serverAccepted, o);
};
})();

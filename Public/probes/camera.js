/* Phase camera: the API, the devices, the permission, the grant and its frames, both
   cameras, the sizes and frame rates, asking again, asking for more than the camera (and what
   that microphone hears), and asking from another origin. */
(() => {
'use strict';
const I = window.ProbeImpl, P = I.probes, result = I.result, info = I.info, skipped = I.skipped;
const gum = I.gum, stopStream = I.stopStream, permissionState = I.permissionState, settings = I.settings;
/* A person may be reading a prompt; an unattended run has none, and a shorter bound. */
const grantWait = (ctx) => ctx.limit(ctx.unattended ? 'grantWaitUnattendedMs' : 'grantWaitMs');

/* getUserMedia exists only in a secure context, and in WKWebView from iOS 14.3. */
P['camera.api'] = async () => {
  const md = navigator.mediaDevices;
  const o = { mediaDevices: !!md, getUserMedia: !!md && typeof md.getUserMedia === 'function' };
  return result(o.getUserMedia, o);
};

/* Counts cameras now, and again once camera.getUserMedia ended (the catalog's
   after: {waits: finish}): labels show only after a grant. */
P['camera.devices'] = async (ctx) => {
  const limit = ctx.limit('enumerateMs'), before = await I.videoInputs(limit);
  const o = { videoInputsBefore: before.count, labelsBefore: before.labels, videoInputsAfter: null, labelsAfter: null };
  return { observed: o, finish: async () => {
    if (ctx.state.granted) {
      const after = await I.videoInputs(limit);
      Object.assign(o, { videoInputsAfter: after.count, labelsAfter: after.labels });
    }
    return result(Math.max(o.videoInputsBefore || 0, o.videoInputsAfter || 0) > 0, o);
  } };
};

/* The state before and after the request. Android WebView answers "denied" before any
   request whatever the app allows, so the diff reads it only as information there. */
P['camera.permission'] = async () => {
  const o = { stateBefore: await permissionState(), stateAfter: null };
  return { observed: o, finish: async () => { o.stateAfter = await permissionState(); return info(o); } };
};

/* The grant itself. The step-start marker (ctx.started) goes out first: an iOS app without
   NSCameraUsageDescription is ended the instant it asks
   (https://developer.apple.com/documentation/bundleresources/information-property-list/nscamerausagedescription). */
P['camera.getUserMedia'] = async (ctx) => {
  if (!ctx.unattended) {
    await new Promise((resolve) => ctx.ui.panel(ctx.probe.instructions, [{ id: 'tap-' + ctx.slug, label: 'Start camera', onClick: resolve }]));
    ctx.ui.note('Asking for the camera…');
  }
  await ctx.started();
  const before = await permissionState(), g = await gum({ video: true }, grantWait(ctx)), s = g.stream;
  const o = I.pick(g, ['outcome', 'errorName', 'errorMessage', 'elapsedMs'], { permissionStateBefore: before, permissionStateAfter: await permissionState(),
    promptShown: null, videoTracks: s ? s.getVideoTracks().length : 0, audioTracks: s ? s.getAudioTracks().length : 0, settings: settings(s) });
  /* The stream stays open for camera.frames; camera.facing releases it. */
  ctx.state.stream = s;
  ctx.state.granted = !!s;
  if (s && !ctx.unattended) {
    const a = await ctx.ask('Did a permission prompt appear?', [['yes', 'Yes'], ['no', 'No'], ['unknown', 'Not sure']]);
    o.promptShown = a === 'unknown' ? null : a === 'yes';
  }
  return result(!!s, o);
};

/* Counts frames and samples a 32×24 canvas. A dark sample (mean luma under 10) is a covered
   lens, a stream that never rendered, or a camera still settling its exposure: every sample
   dark is black. Once a sample is lit the dark ones say nothing of motion, so frozen is every
   lit sample alike (every sample alike while none is lit): a camera that freezes after its
   dark exposure frames reads as frozen, not as two pictures. requestVideoFrameCallback
   (Chrome 83, Safari 15.4) counts real frames; without it the distinct samples stand in, over
   the whole span, from `settle` ms on. With it, sampling starts at the first frame the element
   presents (at most `settle` ms: before it a canvas draws nothing) and ends once `decide` ms
   have shown two distinct lit pictures at a live camera's rate (a frame every `liveFrame` ms
   or sooner): black needs every sample dark and frozen every lit sample alike, so neither can
   turn true after that, and `frames` is the rate per second over the time sampled. A slower
   stream (WebKitGTK's first frames come slowly) is counted over the whole span. */
async function sampleFrames(v, { span, decide, liveFrame, settle }, onLit) {
  const canvas = document.createElement('canvas');
  canvas.width = 32;
  canvas.height = 24;
  const g = canvas.getContext('2d'), samples = [], distinct = {}, distinctLit = {}, rounds = 10, counted = !!v.requestVideoFrameCallback;
  let callbacks = 0, counting = true, error = null, litSamples = 0;
  if (counted) {
    await Promise.race([new Promise((presented) => v.requestVideoFrameCallback(() => presented())), I.sleep(settle)]);
    const onFrame = () => { if (counting) { callbacks++; v.requestVideoFrameCallback(onFrame); } };
    v.requestVideoFrameCallback(onFrame);
  } else await I.sleep(settle);
  const t0 = performance.now();
  for (let round = 0; round <= rounds; round++) {
    try {
      g.drawImage(v, 0, 0, 32, 24);
      const d = g.getImageData(0, 0, 32, 24).data;
      let sum = 0, hash = 0;
      for (let i = 0; i < d.length; i += 4) {
        /* Rec. 601 luma. */
        sum += 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
        hash = (hash * 31 + d[i] + d[i + 1] * 7 + d[i + 2] * 13) | 0;
      }
      const luma = sum / (32 * 24);
      samples.push(luma);
      if (luma >= 10) {
        if (!litSamples && onLit) onLit();
        litSamples++;
        distinctLit[hash] = 1;
      }
      distinct[hash] = 1;
    } catch (e) { error = I.errName(e); }
    const spent = performance.now() - t0;
    if (counted && Object.keys(distinctLit).length > 1 && spent >= decide && spent <= callbacks * liveFrame) break;
    if (round < rounds) await I.sleep(span / rounds);
  }
  counting = false;
  const kinds = Object.keys(distinct).length, sampledMs = Math.max(1, Math.round(performance.now() - t0));
  return {
    frames: counted ? Math.round(callbacks * 1000 / sampledMs) : kinds, frameSource: counted ? 'frameCallbacks' : 'distinctSamples', sampledMs,
    black: samples.length > 0 && !litSamples,
    frozen: litSamples ? litSamples > 1 && Object.keys(distinctLit).length === 1 : samples.length > 1 && kinds === 1,
    meanLuma: samples.length ? Math.round(samples.reduce((a, l) => a + l, 0) / samples.length) : null, sampleError: error
  };
}

/* The preview's first lit frame as evidence for the report: a JPEG at most 320 px wide, sent as an
   upload of this probe (the report shows it inline). `?snapshot=off` sends none. It never
   decides the step: a failed send is only said in `snapshot`. */
const SNAPSHOT_WIDTH = 320;
async function sendSnapshot(v, ctx) {
  if (ctx.params.snapshot === 'off') return 'off';
  if (!(v.videoWidth > 0)) return 'no-frame';
  const canvas = document.createElement('canvas');
  canvas.width = Math.min(SNAPSHOT_WIDTH, v.videoWidth);
  canvas.height = Math.round(v.videoHeight * canvas.width / v.videoWidth);
  try {
    canvas.getContext('2d').drawImage(v, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.7));
    if (!blob) return 'no-frame';
    const form = new FormData();
    form.append('run', ctx.run);
    if (ctx.params.key) form.append('key', ctx.params.key);
    form.append('probe', ctx.probe.id);
    form.append('file', blob, 'camera-preview.jpg');
    const r = await fetch('/probe/upload', { method: 'POST', body: form, credentials: 'same-origin' });
    return r.ok ? 'sent' : `refused ${r.status}`;
  } catch (e) { return `failed: ${I.errName(e)}`; }
}

P['camera.frames'] = async (ctx) => {
  const stream = ctx.state.stream;
  if (!stream) return skipped('camera-not-granted');
  const v = document.createElement('video');
  v.muted = v.autoplay = true;
  /* The attributes as well as the properties: iOS reads playsinline from the attribute. */
  ['playsinline', 'webkit-playsinline', 'muted', 'autoplay'].forEach((a) => v.setAttribute(a, ''));
  v.className = 'probe-video';
  v.srcObject = stream;
  ctx.stage.appendChild(v);
  const fs = I.watchFullscreen(v), r = await I.play(v, ctx.limit('playMs'));
  const limits = { span: ctx.limit('sampleMs'), decide: ctx.limit('decideMs'), liveFrame: ctx.limit('liveFrameMs'), settle: ctx.limit('settleMs') };
  /* The snapshot is of the first lit sample's frame, sent while the sampling goes on: a playing
     stream with a lit sample is not black, so it is sent exactly when it was sent after the
     sampling, without the JPEG's encoding and upload after it. */
  let snapshot = null;
  const onLit = r.played ? () => { snapshot = sendSnapshot(v, ctx); } : null;
  const o = I.pick(await sampleFrames(v, limits, onLit), ['frames', 'sampledMs', 'black', 'frozen', 'frameSource', 'meanLuma', 'sampleError'], {
    playing: r.played, width: v.videoWidth | 0, height: v.videoHeight | 0, fullscreen: fs.entered || I.isFullscreen(v),
    settings: settings(stream), errorName: r.errorName });
  if (o.playing && !o.black) o.snapshot = await (snapshot || sendSnapshot(v, ctx));
  v.srcObject = null;
  v.remove();
  return result(o.playing && !o.black && !o.frozen && !o.fullscreen && o.frames > 0, o);
};

/* Phones open one camera at a time: a second request while the first stream is live fails
   with NotReadableError, which would read as a broken camera. */
function releaseCamera(ctx) {
  stopStream(ctx.state.stream);
  ctx.state.stream = null;
}

P['camera.facing'] = async (ctx) => {
  if (!ctx.state.granted) return skipped('camera-not-granted');
  releaseCamera(ctx);
  const o = {};
  for (const mode of ['environment', 'user']) {
    /* ideal, not exact: a laptop's single camera still answers, and getSettings says which it was. */
    const g = await gum({ video: { facingMode: { ideal: mode } } }, ctx.limit('grantWaitMs'));
    o[mode + 'Ok'] = !!g.stream;
    o[mode + 'Facing'] = g.stream ? (settings(g.stream) || {}).facingMode || '' : null;
    o[mode + 'ErrorName'] = g.errorName;
    stopStream(g.stream);
  }
  return info(o);
};

/* The rate the element presents frames at, once the first one came (at most `span` ms after
   play()): requestVideoFrameCallback (Chrome 83, Safari 15.4), null where it is missing.
   presentedFrames (which counts a frame whose callback was skipped) over the frames' own
   media time, which a camera stamps at capture: exact from three frames, so it stops there,
   at most `span` ms (a 15-a-second camera); over the callbacks' clock, the display's (16.7 ms
   apart), for the whole span where media time does not advance
   (https://wicg.github.io/video-rvfc/#dom-videoframecallbackmetadata-presentedframes).
   A small muted playsinline preview, never fullscreen. */
const EXACT_AFTER = 2;
async function deliveredFps(ctx, stream, span) {
  const v = document.createElement('video');
  if (!v.requestVideoFrameCallback) return null;
  v.muted = v.autoplay = true;
  ['playsinline', 'webkit-playsinline', 'muted', 'autoplay'].forEach((a) => v.setAttribute(a, ''));
  v.className = 'probe-video';
  v.srcObject = stream;
  ctx.stage.appendChild(v);
  try {
    const p = v.play();
    if (p) p.catch(() => {});
  } catch (e) { /* counted as no frames */ }
  await Promise.race([new Promise((presented) => v.requestVideoFrameCallback(() => presented())), I.sleep(span)]);
  let frames = 0, counting = true, first = null, last = null, exact;
  const timed = (a, b) => a.media !== null && b.media > a.media;
  const enough = new Promise((resolve) => { exact = resolve; });
  const onFrame = (now, meta) => {
    if (!counting) return;
    frames++;
    const at = { now, n: meta && typeof meta.presentedFrames === 'number' ? meta.presentedFrames : frames,
      media: meta && typeof meta.mediaTime === 'number' ? meta.mediaTime : null };
    if (!first) first = at;
    last = at;
    if (timed(first, at) && at.n - first.n >= EXACT_AFTER) exact();
    v.requestVideoFrameCallback(onFrame);
  };
  v.requestVideoFrameCallback(onFrame);
  const t0 = I.now();
  await Promise.race([enough, I.sleep(span)]);
  counting = false;
  const round = (x) => Math.round(x * 10) / 10;
  const fps = first && timed(first, last) ? round((last.n - first.n) / (last.media - first.media))
    : first && last.now > first.now ? round((last.n - first.n) * 1000 / (last.now - first.now))
      : round(frames * 1000 / Math.max(1, I.now() - t0));
  v.srcObject = null;
  v.remove();
  return fps;
}

/* The catalog's ladder (StandardProbes.resolutionLadder): VGA, HD, Full HD as `ideal`
   constraints (https://w3c.github.io/mediacapture-main/#dfn-ideal), so the camera answers with
   the nearest size it has instead of refusing. Information: which size is enough is the flow's. */
const ladderOf = (ctx) => ctx.catalog.thresholds.resolutionLadder;
P['camera.resolution'] = async (ctx) => {
  if (!ctx.state.granted) return skipped('camera-not-granted');
  releaseCamera(ctx);
  const o = { ladder: [], maxWidth: null, maxHeight: null, maxFrameRate: null };
  for (const requested of ladderOf(ctx)) {
    const size = requested.split('x').map(Number);
    const g = await gum({ video: { width: { ideal: size[0] }, height: { ideal: size[1] } } }, ctx.limit('grantWaitMs'));
    const s = settings(g.stream) || {};
    const step = { requested, outcome: g.outcome, width: s.width || null, height: s.height || null, frameRate: s.frameRate || null,
      deliveredFps: null, errorName: g.errorName };
    if (g.stream) step.deliveredFps = await deliveredFps(ctx, g.stream, ctx.limit('countMs'));
    stopStream(g.stream);
    o.ladder.push(step);
    if (step.width && step.width > (o.maxWidth || 0)) Object.assign(o, { maxWidth: step.width, maxHeight: step.height });
    if (step.frameRate && step.frameRate > (o.maxFrameRate || 0)) o.maxFrameRate = Math.round(step.frameRate * 100) / 100;
  }
  return info(o);
};

/* The same request again: a host that prompts every time shows as a slow grant or a
   second prompt. */
P['camera.reacquire'] = async (ctx) => {
  if (!ctx.state.granted) return skipped('camera-not-granted');
  releaseCamera(ctx);
  const before = await permissionState(), g = await gum({ video: true }, grantWait(ctx));
  stopStream(g.stream);
  const o = I.pick(g, ['outcome', 'errorName', 'errorMessage', 'elapsedMs'], { permissionStateBefore: before, promptShown: null });
  if (g.stream && !ctx.unattended) o.promptShown = (await ctx.ask('Did a prompt appear again?', [['yes', 'Yes'], ['no', 'No']])) === 'yes';
  return result(!!g.stream, o);
};

/* Only the camera may be granted: a host that grants whatever the page asks for hands out
   the microphone and the screen too (Android: grant(request.getResources()) in
   onPermissionRequest, https://developer.android.com/reference/android/webkit/PermissionRequest). */
P['camera.scope'] = async (ctx) => {
  ctx.ui.panel('The page now asks for the microphone and to share the screen, to check that the app grants only the camera. ' +
    'A microphone or screen-share prompt here means the app passes on more than the camera: refuse it (tap Deny or Cancel).', []);
  const limit = grantWait(ctx), micBefore = await microphoneState(), audio = await gum({ audio: true }, limit);
  /* camera.microphone measures this grant instead of asking a second time (one prompt, not
     two): the answer stays in ctx.state, its stream open until that step stops it, or stopped
     now when that step is not in the run. */
  ctx.state.scopeAudio = I.pick(audio, ['outcome', 'errorName', 'errorMessage', 'elapsedMs', 'stream'], { permissionStateBefore: micBefore });
  if (!runsStep(ctx, 'camera.microphone')) stopStream(audio.stream);
  const both = await gum({ video: true, audio: true }, limit);
  stopStream(both.stream);
  const tracks = (g) => g.stream ? g.stream.getAudioTracks().length : 0;
  /* Chromium resolves {video, audio} with video alone when only the camera is granted:
     the audio tracks tell an audio grant from that. */
  const o = { audioOutcome: audio.outcome, audioErrorName: audio.errorName, elapsedMs: audio.elapsedMs,
    videoAudioOutcome: both.outcome, videoAudioErrorName: both.errorName, videoAudioTracks: tracks(both), audioTracks: tracks(audio) + tracks(both) };
  const md = navigator.mediaDevices;
  if (!md || typeof md.getDisplayMedia !== 'function') o.displayOutcome = 'unsupported';
  else {
    try {
      stopStream(await I.within(md.getDisplayMedia({ video: true }), ctx.limit('displayMs'), 'getDisplayMedia'));
      o.displayOutcome = 'granted';
    } catch (e) { o.displayOutcome = 'error'; o.displayErrorName = I.errName(e); }
  }
  return result(audio.outcome !== 'granted' && !o.audioTracks && o.displayOutcome !== 'granted', o);
};

/* permissions.query({name: 'microphone'}): missing in older WebKit, throws in older Firefox;
   a state the catalog does not list reads as "unsupported" too. */
async function microphoneState() {
  try {
    const s = (await I.within(navigator.permissions.query({ name: 'microphone' }), I.pageLimit('permissionQueryMs'), 'permissions.query')).state;
    return ['granted', 'denied', 'prompt'].indexOf(s) >= 0 ? s : 'unsupported';
  } catch (e) { return 'unsupported'; }
}
/* Whether a later step runs in this run (?probes= may leave it out). */
const runsStep = (ctx, id) => !ctx.params.probes || ctx.params.probes.split(',').indexOf(id) >= 0;

/* The catalog's noise floor (Diff.silentLevel, exported as thresholds.silentLevel): a live
   microphone in a quiet room reads about -60 dBFS (0.001), a muted or dead input exact zeros. */
const silentLevelOf = (ctx) => ctx.catalog.thresholds.silentLevel;
/* Peak RMS of the input over `span` ms: a MediaStreamAudioSourceNode into an AnalyserNode
   (https://webaudio.github.io/web-audio-api/#dom-analysernode-getfloattimedomaindata), read
   twenty times. The analyser feeds a zero gain into the destination, so every engine pulls
   audio through it and nothing is heard. A context that is missing, throws or stays
   suspended (no user activation) measures nothing: level null, not a false silence. */
async function inputLevel(stream, span, silent) {
  const track = stream.getAudioTracks()[0], AC = window.AudioContext || window.webkitAudioContext;
  const o = { level: null, sampledMs: null, silent: null, muted: !!track.muted };
  if (!AC) return o;
  let ac = null;
  try {
    ac = new AC();
    const analyser = ac.createAnalyser(), mute = ac.createGain();
    analyser.fftSize = 2048;
    mute.gain.value = 0;
    ac.createMediaStreamSource(stream).connect(analyser);
    analyser.connect(mute);
    mute.connect(ac.destination);
    if (ac.state !== 'running' && ac.resume) await I.within(ac.resume(), span, 'AudioContext.resume').catch(() => {});
    if (ac.state === 'running') Object.assign(o, await sampleLevel(analyser, track, span, silent));
  } catch (e) { /* no Web Audio here: the level stays unmeasured */ }
  try {
    const closing = ac && ac.close && ac.close();
    if (closing && closing.catch) closing.catch(() => {});
  } catch (e) { /* already closed */ }
  return o;
}
async function sampleLevel(analyser, track, span, silent) {
  const o = { muted: !!track.muted };
  const f = new Float32Array(analyser.fftSize), b = new Uint8Array(analyser.fftSize), t0 = I.now(), rounds = 20;
  let peak = 0;
  for (let i = 0; i < rounds; i++) {
    await I.sleep(span / rounds);
    /* getFloatTimeDomainData is missing in Safari before 14.1: bytes centred on 128 there. */
    if (analyser.getFloatTimeDomainData) analyser.getFloatTimeDomainData(f);
    else { analyser.getByteTimeDomainData(b); b.forEach((x, j) => { f[j] = (x - 128) / 128; }); }
    let sum = 0;
    for (let j = 0; j < f.length; j++) sum += f[j] * f[j];
    peak = Math.max(peak, Math.sqrt(sum / f.length));
    if (track.muted) o.muted = true;
  }
  return Object.assign(o, { level: Math.round(peak * 1e6) / 1e6, sampledMs: Math.round(I.now() - t0), silent: peak < silent });
}
const audioSettings = (track) => {
  const s = track.getSettings ? track.getSettings() : {};
  return I.pick(s, ['sampleRate', 'channelCount', 'echoCancellation', 'noiseSuppression', 'autoGainControl'], {});
};

/* The microphone camera.scope was granted (via "scope"); its own {audio:true} request only
   where that step did not run in this page (?probes=, a resumed run). A grant fails in an app's
   WebView, which must grant only the camera; in a browser the server reads the person's
   choice and the level. */
P['camera.microphone'] = async (ctx) => {
  const kept = ctx.state.scopeAudio, via = kept ? 'scope' : 'own';
  ctx.state.scopeAudio = null;
  const before = kept ? kept.permissionStateBefore : await microphoneState();
  let g = kept || await gum({ audio: true }, grantWait(ctx)), s = g.stream;
  /* On iOS a later getUserMedia mutes the tracks an earlier one gave (WebKit bug 179363,
     https://bugs.webkit.org/show_bug.cgi?id=179363): camera.scope's {video, audio} request
     can silence the track it kept. The grant stands, so asking again gives a live track. */
  const stale = s && s.getAudioTracks().some((t) => t.readyState === 'ended' || t.muted);
  if (stale) {
    stopStream(s);
    const again = await gum({ audio: true }, grantWait(ctx));
    if (again.stream) { s = again.stream; g = Object.assign({}, g, { stream: s }); }
  }
  ctx.atEnd(() => stopStream(s));
  const track = s && s.getAudioTracks()[0];
  const o = I.pick(g, ['outcome', 'errorName', 'errorMessage', 'elapsedMs'], { via, audioTracks: s ? s.getAudioTracks().length : 0,
    level: null, sampledMs: null, silent: null, muted: null, settings: null, permissionStateBefore: before });
  if (track) {
    if (!ctx.unattended) ctx.ui.panel(ctx.probe.instructions, []);
    o.settings = audioSettings(track);
    Object.assign(o, await inputLevel(s, ctx.limit('sampleMs'), silentLevelOf(ctx)));
  }
  stopStream(s);
  return result(o.outcome !== 'granted', o);
};

/* A frame on the same host's other port, then on another host, asks for the camera with
   allow="camera": the frame's permission policy lets the request reach the host, so the
   host's own origin check is what answers. */
P['camera.foreignOrigin'] = async (ctx) => {
  const targets = { otherPort: ctx.origins.secondPort, otherHost: ctx.origins.secondHost };
  if (!targets.otherPort && !targets.otherHost) return skipped('no-second-origin');
  const o = { via: 'frame' };
  for (const key of ['otherPort', 'otherHost']) {
    const origin = targets[key];
    const m = origin && await I.frameMessage(ctx, `${origin}/frames/camera.html?parent=${encodeURIComponent(location.origin)}`,
      origin, 'probe-camera', ctx.limit('frameAnswerMs'), 'camera ' + origin);
    o[key + 'Outcome'] = m ? m.outcome : 'not-run';
    o[key + 'ErrorName'] = m ? m.errorName : origin ? 'FrameDidNotAnswer' : null;
    o[key + 'ElapsedMs'] = m ? m.elapsedMs : null;
  }
  return result(o.otherPortOutcome !== 'granted' && o.otherHostOutcome !== 'granted', o);
};
})();

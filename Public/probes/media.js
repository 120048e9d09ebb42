/* Phase media: autoplay with sound and inline playback, with the fixture clip. */
(() => {
'use strict';
const I = window.ProbeImpl, P = I.probes;

/* Unmuted, without a gesture: Android's WebView refuses it until
   setMediaPlaybackRequiresUserGesture(false); iOS until mediaTypesRequiringUserActionForPlayback is []. */
P['media.autoplay'] = async (ctx) => {
  const v = I.fixtureVideo(ctx, false), r = await I.play(v, ctx.limit('playMs'));
  v.pause();
  v.remove();
  return I.result(r.allowed, r);
};

/* Muted and playsinline: it must stay in the page. iPhone WKWebView defaults
   allowsInlineMediaPlayback to false and plays fullscreen
   (https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/allowsinlinemediaplayback). */
P['media.inline'] = async (ctx) => {
  const v = I.fixtureVideo(ctx, true), fs = I.watchFullscreen(v), r = await I.play(v, ctx.limit('playMs'));
  await I.sleep(ctx.limit('fullscreenSettleMs'));
  const o = { played: r.played, allowed: r.allowed, enteredFullscreen: fs.entered || I.isFullscreen(v), errorName: r.errorName };
  o.inline = r.allowed && !o.enteredFullscreen;
  v.pause();
  if (v.webkitExitFullscreen && I.isFullscreen(v)) v.webkitExitFullscreen();
  v.remove();
  return I.result(o.inline, o);
};
})();

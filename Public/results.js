/* The run API and the results queue.
   Every result is kept in memory and in localStorage until the server has answered for it,
   so a crash, a navigation or a dropped network loses nothing. Re-sending is harmless: the
   server is idempotent per (run, probe, attempt). */
(function () {
  'use strict';

  /* keepalive requests may carry at most 64 KiB in flight (Fetch §4.5); stay under it. */
  var KEEPALIVE_MAX = 60000;

  function ApiError(status, body) {
    var e = (body && body.error) || {};
    this.name = 'ApiError';
    this.status = status;
    this.code = e.code || 'http_' + status;
    this.message = e.message || 'HTTP ' + status;
  }

  /* JSON in, JSON out; a non-2xx answer throws ApiError with the server's message. */
  function api(method, path, body) {
    var init = { method: method, credentials: 'same-origin', cache: 'no-store', headers: {} };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(path, init).then(function (r) {
      return r.text().then(function (text) {
        var data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
        if (!r.ok) throw new ApiError(r.status, data);
        return data;
      });
    });
  }

  function Queue(run) {
    this.run = run;
    this.key = 'probe.queue.' + run;
    this.items = [];
    this.sending = null;
    this.rejected = [];
    this.listeners = [];
    try {
      var saved = JSON.parse(localStorage.getItem(this.key) || '[]');
      if (Array.isArray(saved)) this.items = saved;
    } catch (e) { /* storage off: memory only */ }
  }

  Queue.prototype.save = function () {
    try {
      if (this.items.length) localStorage.setItem(this.key, JSON.stringify(this.items));
      else localStorage.removeItem(this.key);
    } catch (e) { /* storage off or full: memory still holds them */ }
  };

  Queue.prototype.add = function (result) {
    this.items.push(result);
    this.save();
    return this.flush();
  };

  Queue.prototype.onDelivered = function (fn) { this.listeners.push(fn); };

  /* Sends everything queued; resolves true when the queue is empty afterwards. Results that
     arrive while a send is in flight go out with the next one. */
  Queue.prototype.flush = function () {
    var self = this;
    if (this.sending) return this.sending.then(function () { return self.items.length ? self.flush() : true; });
    if (!this.items.length) return Promise.resolve(true);
    var batch = this.items.slice();
    var url = '/api/runs/' + encodeURIComponent(this.run) + '/results';
    var text = JSON.stringify({ results: batch });
    this.sending = send(url, text).then(function (answer) {
      /* Delivered, or refused for good (4xx): either way, sending it again cannot help. */
      if (answer.refused) self.rejected.push({ count: batch.length, message: answer.message });
      self.items = self.items.filter(function (r) { return batch.indexOf(r) < 0; });
      self.save();
      self.listeners.forEach(function (fn) { fn(batch, answer); });
    }, function () { /* offline or server down: keep them for the next flush */ })
      .then(function () { self.sending = null; return self.items.length === 0; });
    return this.sending;
  };

  /* When the page is going away, a beacon is the only request the browser promises to
     finish; the items stay queued, and the next visit sends them again (idempotent). */
  Queue.prototype.beacon = function () {
    if (!this.items.length || !navigator.sendBeacon) return;
    var blob = new Blob([JSON.stringify({ results: this.items })], { type: 'text/plain;charset=UTF-8' });
    try { navigator.sendBeacon('/api/runs/' + encodeURIComponent(this.run) + '/results', blob); } catch (e) { /* nothing left to try */ }
  };

  /* fetch with keepalive, so the post survives a navigation; where fetch or keepalive is
     missing, sendBeacon (text/plain: a JSON Blob type throws in some Chrome versions). */
  function send(url, text) {
    var init = { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: text };
    if (text.length < KEEPALIVE_MAX) init.keepalive = true;
    if (typeof fetch !== 'function') return beaconSend(url, text);
    var request;
    try { request = fetch(url, init); } catch (e) { return beaconSend(url, text); }
    return request.then(function (r) {
      return r.text().then(function (body) {
        var data = null;
        try { data = JSON.parse(body); } catch (e) { data = null; }
        if (r.ok) return { ok: true, data: data };
        if (r.status >= 400 && r.status < 500 && r.status !== 408 && r.status !== 429) {
          return { refused: true, message: (data && data.error && data.error.message) || 'HTTP ' + r.status };
        }
        throw new ApiError(r.status, data);
      });
    });
  }

  function beaconSend(url, text) {
    var ok = navigator.sendBeacon && navigator.sendBeacon(url, new Blob([text], { type: 'text/plain;charset=UTF-8' }));
    return ok ? Promise.resolve({ ok: true, beacon: true }) : Promise.reject(new Error('no way to send'));
  }

  window.ProbeResults = { api: api, Queue: Queue, ApiError: ApiError };
})();

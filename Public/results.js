/* The run API and the results queue (memory and localStorage until the server answers). */
(() => {
'use strict';

/* keepalive bodies: 64 KiB in flight. */
const KEEPALIVE_MAX = 60000;

const apiError = (status, body) => {
  const e = (body && body.error) || {};
  return Object.assign(new Error(e.message || 'HTTP ' + status), { name: 'ApiError', status, code: e.code || 'http_' + status });
};
const parse = (text) => { try { return text ? JSON.parse(text) : null; } catch (e) { return null; } };

/* `cache`: 'no-store' unless said; 'no-cache' keeps an answer the server tags and asks for it
   again with If-None-Match (https://fetch.spec.whatwg.org/#concept-request-cache-mode). */
async function api(method, path, body, cache) {
  const init = { method, credentials: 'same-origin', cache: cache || 'no-store', headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init), data = parse(await r.text());
  if (!r.ok) throw apiError(r.status, data);
  return data;
}

/* The server takes JSON only. Some Chrome versions throw on a JSON Blob: the queue stays in
   localStorage for the next visit. */
const beacon = (url, text) => {
  try { return !!navigator.sendBeacon && navigator.sendBeacon(url, new Blob([text], { type: 'application/json' })); } catch (e) { return false; }
};

async function send(url, text) {
  let r;
  try {
    r = fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: text, keepalive: text.length < KEEPALIVE_MAX });
  } catch (e) {
    if (beacon(url, text)) return { ok: true, beacon: true };
    throw e;
  }
  r = await r;
  const data = parse(await r.text());
  if (r.ok) return { ok: true, data };
  /* A retry will not change these. */
  if (r.status < 500 && r.status !== 408 && r.status !== 429) return { refused: true, status: r.status };
  throw apiError(r.status, data);
}

class Queue {
  constructor(run, writeKey) {
    this.run = run;
    this.key = 'probe.queue.' + run;
    /* In the query, not a header: sendBeacon cannot set headers. */
    this.url = `/api/runs/${encodeURIComponent(run)}/results` + (writeKey ? '?key=' + encodeURIComponent(writeKey) : '');
    this.items = [];
    this.sending = null;
    this.listeners = [];
    try { this.items = JSON.parse(localStorage.getItem(this.key) || '[]'); } catch (e) { /* memory only */ }
  }

  save() {
    try {
      if (this.items.length) localStorage.setItem(this.key, JSON.stringify(this.items));
      else localStorage.removeItem(this.key);
    } catch (e) { /* memory only */ }
  }

  add(result) {
    this.items.push(result);
    this.save();
    return this.flush();
  }

  onDelivered(fn) { this.listeners.push(fn); }

  /* A result the server must have before the page goes on (a step's start marker), sent at
     once on its own, not after the batch in flight; queued when that fails. */
  async sendNow(result) {
    try {
      const answer = await send(this.url, JSON.stringify({ results: [result] }));
      if (answer.ok || answer.refused) return true;
    } catch (e) { /* queued below */ }
    return this.add(result);
  }

  /* True when the queue is empty. */
  async flush() {
    while (this.sending) await this.sending;
    while (this.items.length && !this.completing) {
      const batch = this.single ? this.items.slice(0, 1) : this.items.slice();
      this.sending = send(this.url, JSON.stringify({ results: batch })).then((answer) => {
        /* One malformed result refuses its batch: resend one by one (unless the completion
           carries them). */
        if (answer.refused && batch.length > 1 && !this.completing) return (this.single = true);
        this.items = this.items.filter((r) => batch.indexOf(r) < 0);
        this.save();
        this.listeners.forEach((fn) => fn(batch, answer));
        return true;
      }, () => false);
      const sent = await this.sending;
      this.sending = null;
      if (!sent) break;
    }
    return !this.items.length;
  }

  /* The completion carrying every result not acknowledged, the batch in flight too (the server
     keeps a result once): one round trip at the end. `complete(body)` throws when unanswered. */
  async completeWith(complete) {
    if (this.single && this.items.length) throw new Error('a result was refused: they go one by one');
    const last = this.items.slice();
    this.completing = true;
    let answer;
    try { answer = await complete(last.length ? { results: last } : {}); } catch (e) { this.completing = false; throw e; }
    this.items = this.items.filter((r) => last.indexOf(r) < 0);
    this.save();
    if (last.length) this.listeners.forEach((fn) => fn(last, { ok: true, data: answer }));
    return answer;
  }

  /* Leaving: only a beacon is sure to finish. */
  beacon() {
    if (this.items.length) beacon(this.url, JSON.stringify({ results: this.items }));
  }
}

window.ProbeResults = { api, Queue };
})();

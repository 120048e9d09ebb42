"""What both WebView hosts share: the app's settings as arguments, the origin check an app
writes in its permission callback, the device-farm script's taps, and the event log.

Kept free of GTK and Qt so that either host (system Python for PyGObject, the runner's
Python for PyQt6) can import it."""

import argparse
import hashlib
import json
import socket
import ssl
import sys
import time
from urllib.parse import urlsplit

# The tap steps a device-farm script clicks by their stable ids (docs/requirements.md#product-rules)
# come from the catalog: each probe's `farmTap` (button id, taps) in the page's
# GET /api/config (`farm_taps`). Steps whose result is the person's answer (file.capture:
# "did the camera open directly?", nav.customScheme, nav.returnUrl) have none and are left
# to the page's unattended timeout: a script cannot answer them truthfully. When a tapped
# chooser never answers, the page itself ends the step after ?answerWait= (its "Nothing
# happened" answer): the script does not press that for it. file.cancel asks for "cancel,
# then pick": its farmTap says two taps.
# A person who cancels a chooser first sees it: the system picker takes a few hundred ms to
# appear and the cancel is a second tap. The catalog reads a cancel within 250 ms of the
# tap as "no chooser was shown" (Diff.fastCancelMs), so the hosts cancel at a person's pace.
PERSON_CANCEL_S = 0.8

# Looks for the farm's buttons without running as a user gesture in the page's world.
_FIND_TAPS_JS = """
(function (ids) {
  var out = [];
  ids.forEach(function (id) {
    var b = document.getElementById(id);
    if (!b || b.tagName !== 'BUTTON' || b.disabled) return;
    var r = b.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return;
    if (r.top < 0 || r.bottom > innerHeight) { b.scrollIntoView({ block: 'center' }); r = b.getBoundingClientRect(); }
    out.push({ id: id, x: r.left + r.width / 2, y: r.top + r.height / 2, top: r.top, bottom: r.bottom });
  });
  return JSON.stringify({ taps: out, finished: document.documentElement.getAttribute('data-finished'),
    innerHeight: innerHeight });
})(%s)
"""


def find_taps_js(buttons):
    """The snippet that reports the visible, enabled farm buttons among `buttons` (ids)."""
    return _FIND_TAPS_JS % json.dumps(list(buttons))


def parse_settings(argv=None, engine=""):
    p = argparse.ArgumentParser(description=f"A {engine} WebView host configured like an app.")
    p.add_argument("url", help="the page to open")
    p.add_argument("--javascript", choices=("on", "off"), default="on")
    p.add_argument("--dom-storage", choices=("on", "off"), default="on")
    p.add_argument("--cookies", choices=("always", "no-third-party", "never"), default="always")
    p.add_argument("--media-handler", choices=("none", "own-origin", "host-only", "all", "deny"), default="own-origin",
                   help="the app's media-capture callback: none, grant its own origin (scheme, host, port), "
                        "grant when the host matches, grant every origin, deny everything")
    p.add_argument("--grant", choices=("video", "requested"), default="video",
                   help="what a grant covers: the camera only, or every resource the page asked for")
    p.add_argument("--file-chooser", choices=("none", "pick", "cancel-then-pick", "ignore"), default="pick",
                   help="none: the engine's default; pick: answer with --file; cancel-then-pick: cancel the first "
                        "request, answer later ones with --file; ignore: take the request and never answer it")
    p.add_argument("--file", default=None, help="the fixture picked in the chooser")
    p.add_argument("--gesture-required", choices=("on", "off"), default="off", help="media playback needs a user gesture")
    p.add_argument("--inline", choices=("on", "off"), default="on", help="inline media playback")
    p.add_argument("--host-report", choices=("off", "on", "stale"), default="off",
                   help="answer the page's host report (docs/host-report.md): on reads the WebView's own settings, "
                        "stale reads another instance's (an app that reports the wrong WebView)")
    p.add_argument("--geolocation", choices=("grant", "deny", "ignore"), default="grant",
                   help="the app's geolocation callback: grant its own origin (Android: onGeolocationPermissionsShowPrompt "
                        "invoking the callback with allow; iOS: location granted), deny at once, or take the request "
                        "and never answer it")
    p.add_argument("--os-camera", choices=("authorized", "denied"), default="authorized",
                   help="the app's OS camera permission: denied refuses every camera request before the handler")
    p.add_argument("--trust-ca", default=None, metavar="CA_PEM", help="trust the server's local CA (else: no trust)")
    p.add_argument("--app-origin", default=None, help="the app's own origin for the permission check "
                   "(default: the origin of the URL)")
    # A wrapper's signals (docs/wrappers.md): the bridge global its native side injects before
    # the page's scripts run, and a token an app appends to the user agent.
    p.add_argument("--wrapper-script", default=None, help="JavaScript run in the page's main world at document start, "
                   "as a wrapper's bridge injection (e.g. \"window._cordovaNative = {}\")")
    p.add_argument("--user-agent-suffix", default=None, help="appended to the engine's user agent, as an app's token")
    p.add_argument("--screenshot", default=None, help="PNG of the device view when the page has finished")
    p.add_argument("--timeout", type=float, default=240, help="give up after this many seconds")
    p.add_argument("--width", type=int, default=390)
    p.add_argument("--height", type=int, default=844)
    a = p.parse_args(argv)
    if a.file_chooser in ("pick", "cancel-then-pick") and not a.file:
        p.error("--file-chooser pick needs --file")
    if not a.app_origin:
        a.app_origin = origin_of(a.url)
    return a


def origin_of(url):
    u = urlsplit(url)
    port = u.port or {"https": 443, "http": 80}.get(u.scheme, 0)
    return (u.scheme, u.hostname, port)


def app_decides(mode, requesting_origin, app_origin):
    """The app's permission callback, as apps write it (docs/requirements.md#camera-getusermedia): True grants."""
    scheme, host, port = requesting_origin
    if mode == "all":
        return True
    if mode == "host-only":
        return host == app_origin[1]
    if mode == "own-origin":
        return (scheme, host, port) == tuple(app_origin)
    return False  # deny


class Log:
    """One JSON line per event on stdout: the runner keeps them with the case."""

    def __init__(self):
        self.t0 = time.monotonic()

    def __call__(self, event, **fields):
        fields.update(event=event, t=round(time.monotonic() - self.t0, 3))
        sys.stdout.write(json.dumps(fields) + "\n")
        sys.stdout.flush()


class Farm:
    """The device-farm script: which tap to click next, and how often."""

    def __init__(self, taps):
        """`taps`: (button id, taps a person makes) in page order (`farm_taps`)."""
        self.buttons = [button for button, _ in taps]
        self.max_clicks = dict(taps)
        self.clicks = {}
        self.last = 0.0
        self.last_id = None
        self.chooser_open = False

    def next_tap(self, found):
        now = time.monotonic()
        # A person taps again only once the chooser is gone, and not in the same instant.
        if self.chooser_open or now - self.last < 0.6:
            return None
        for tap in found:
            if self.clicks.get(tap["id"], 0) < self.max_clicks.get(tap["id"], 1):
                return tap
        return None

    def chooser_opened(self):
        self.chooser_open = True

    def chooser_closed(self):
        self.chooser_open = False
        self.last = time.monotonic()

    def clicked(self, tap_id):
        self.clicks[tap_id] = self.clicks.get(tap_id, 0) + 1
        self.last = time.monotonic()
        self.last_id = tap_id


# What a stuck page shows, for the log: its progress line, the steps still running or
# waiting, and the document's URL (read in the farm's script world; no gesture).
STUCK_JS = """JSON.stringify({progress: (document.getElementById('progress') || {}).textContent,
  running: [].map.call(document.querySelectorAll('li.step.running, li.step.waiting'), function (li) { return li.id; }),
  url: location.pathname + location.search.replace(/key=[^&]*/, 'key=…')})"""


class Chooser:
    """The app's file-chooser callback and the person in front of it: what the n-th
    request is answered with. file.cancel tells the person "cancel the chooser, then tap
    again and pick a photo"; the farm script does exactly that in every mode that answers."""

    def __init__(self, mode, path):
        self.mode, self.path, self.count = mode, path, 0
        self.per_tap = {}

    def answer(self, tap_id=None):
        self.count += 1
        n = self.per_tap[tap_id] = self.per_tap.get(tap_id, 0) + 1
        if self.mode == "pick":
            return "cancel" if tap_id == "tap-file-cancel" and n == 1 else "pick"
        if self.mode == "cancel-then-pick":
            return "cancel" if self.count == 1 or (tap_id == "tap-file-cancel" and n == 1) else "pick"
        return self.mode  # none / ignore


def verified_leaf_certs(ca_pem, urls):
    """The app trusts the local CA: it checks each origin's chain against the CA itself
    (Python's ssl does the verification) and returns {host: [PEM of the verified leaf]}.
    An origin whose chain does not verify is left out, so the engine refuses it."""
    ctx = ssl.create_default_context(cafile=ca_pem)
    out = {}
    for url in urls:
        u = urlsplit(url)
        try:
            with socket.create_connection((u.hostname, u.port or 443), timeout=5) as raw:
                with ctx.wrap_socket(raw, server_hostname=u.hostname) as tls:
                    der = tls.getpeercert(binary_form=True)
        except (OSError, ssl.SSLError) as e:
            sys.stderr.write(f"host: {url} did not verify against {ca_pem}: {e}\n")
            continue
        out.setdefault(u.hostname, []).append((ssl.DER_cert_to_PEM_cert(der), hashlib.sha256(der).hexdigest()))
    return out


_CONFIGS = {}


def run_config(url, ca_pem):
    """The page's GET /api/config on the server of `url` (read once per server): its origins
    and the catalog."""
    u = urlsplit(url)
    key = (u.scheme, u.hostname, u.port, ca_pem)
    if key not in _CONFIGS:
        import http.client
        if u.scheme == "http":
            conn = http.client.HTTPConnection(u.hostname, u.port or 80, timeout=5)
        else:
            ctx = ssl.create_default_context(cafile=ca_pem) if ca_pem else ssl._create_unverified_context()
            conn = http.client.HTTPSConnection(u.hostname, u.port or 443, context=ctx, timeout=5)
        try:
            conn.request("GET", "/api/config")
            _CONFIGS[key] = json.loads(conn.getresponse().read())
        finally:
            conn.close()
    return _CONFIGS[key]


def farm_taps(url, ca_pem):
    """The buttons a farm taps, (id, taps a person makes), in page order: each probe's
    `farmTap` in the catalog the page's server exports."""
    probes = run_config(url, ca_pem)["catalog"]["probes"]
    return [(p["farmTap"]["button"], p["farmTap"]["clicks"]) for p in probes if p.get("farmTap")]


def origins_of_run(url, ca_pem):
    """The page's second origins (GET /api/config), for the certificate trust above."""
    data = run_config(url, ca_pem)
    origins = data.get("origins") or {}
    return [o for o in (origins.get("primary"), origins.get("secondPort"), origins.get("secondHost")) if o and o.startswith("https:")]

"""Bad input to every endpoint: malformed JSON, wrong types, unknown probes, oversized
bodies, invalid run ids, invalid UTF-8, huge numbers. Each gets a 4xx JSON error that names
what was wrong, and nothing is stored.

The routes are read from the router registrations in the source, and every one must have
cases here: a new endpoint fails this suite until someone says what bad input it gets."""
import json
import os
import re
import sqlite3

import pytest

from support import REPO, Server, result, status_line

# Where routes are registered: every Swift file of the server and the CLI, but the API
# client (its `http.get("/…")` calls are requests, not routes).
ROUTE_ROOTS = ["Sources/ProbeServer", "Sources/probe-server"]
ROUTE_EXCLUDED = ["Sources/ProbeServer/Remote/"]
ROUTER_RECEIVERS = r"(?:router|r|setup)"
# The JSON body limit (HTTPLimits.jsonBodyBytes) and one byte past it.
JSON_BODY_LIMIT = 1024 * 1024 + 64 * 1024
# The upload route's limit (HTTPLimits.uploadBodyBytes).
UPLOAD_BODY_LIMIT = 32 * 1024 * 1024


def registered_routes():
    """(method, pattern) of every router registration, the pattern as written in the source
    (a literal path, an interpolated one, or the name of a constant)."""
    routes = set()
    for root in ROUTE_ROOTS:
        for folder, _, files in os.walk(os.path.join(REPO, root)):
            for name in files:
                path = os.path.join(folder, name)
                if not name.endswith(".swift") or any(x in path for x in ROUTE_EXCLUDED):
                    continue
                text = open(path).read()
                for m in re.finditer(ROUTER_RECEIVERS + r'\.add\("([A-Z]+)",\s*"([^"]+)"', text):
                    routes.add((m.group(1), m.group(2)))
                for m in re.finditer(ROUTER_RECEIVERS + r'\.(get|post|delete)\((?:"([^"]+)"|([A-Za-z_][A-Za-z_.]*)\s*[,)])', text):
                    routes.add((m.group(1).upper(), m.group(2) or m.group(3)))
    return routes


RUN = "{run}"  # replaced by a real run id
VALID = json.dumps(result("{run}")).encode()

# Per route: (what, method, path, body, extra headers, expected status, a word the message must hold).
CASES = {
    ("GET", "/api/config"): [
        ("malformed run id", "GET", "/api/config?run=%zz", None, {}, 400, "run id"),
    ],
    ("POST", "/api/runs"): [
        ("malformed JSON", "POST", "/api/runs", b"{", {}, 400, "JSON"),
        ("array, not object", "POST", "/api/runs", b"[1]", {}, 400, "object"),
        ("wrong type", "POST", "/api/runs", b'{"label":5}', {}, 400, "label"),
        ("unknown requirement set", "POST", "/api/runs", b'{"requirementSet":"nope"}', {}, 400, "requirement set"),
        ("unknown platform", "POST", "/api/runs", b'{"platform":"nope"}', {}, 400, "platform"),
        ("invalid id", "POST", "/api/runs", b'{"id":"../etc"}', {}, 400, "id"),
        ("nested metadata", "POST", "/api/runs", b'{"metadata":{"a":{"b":1}}}', {}, 400, "metadata.a"),
        ("label over the store limit", "POST", "/api/runs", json.dumps({"label": "x" * 201}).encode(), {}, 400, "label"),
        ("metadata over the store limit", "POST", "/api/runs", json.dumps({"metadata": {"k": "x" * 70000}}).encode(), {}, 400, "metadata"),
        ("invalid UTF-8", "POST", "/api/runs", b'{"label":"\xff\xfe"}', {}, 400, "JSON"),
        ("huge number", "POST", "/api/runs", b'{"metadata":{"n":1e999}}', {}, 400, "out of range"),
        ("multipart body", "POST", "/api/runs", b"--x--", {"Content-Type": "multipart/form-data; boundary=x"}, 415, "Content-Type"),
        ("text/plain body", "POST", "/api/runs", b"{}", {"Content-Type": "text/plain"}, 415, "application/json"),
        ("form-encoded body", "POST", "/api/runs", b"label=x", {"Content-Type": "application/x-www-form-urlencoded"}, 415, "application/json"),
        ("foreign Origin", "POST", "/api/runs", b"{}", {"Origin": "https://evil.example"}, 403, "evil.example"),
        ("cross-site fetch", "POST", "/api/runs", b"{}", {"Sec-Fetch-Site": "cross-site"}, 403, "Sec-Fetch-Site"),
        ("chosen id without the token", "POST", "/api/runs", b'{"id":"ci-4711"}', {}, 403, "token"),
        ("oversized body", "POST", "/api/runs", b"x" * (JSON_BODY_LIMIT + 1), {}, 413, "limit"),
        ("device over the store limit", "POST", "/api/runs", json.dumps({"metadata": {"deviceModel": "é" * 101}}).encode(), {}, 400, "metadata.deviceModel"),
    ],
    ("POST", "/api/platform"): [
        ("malformed JSON", "POST", "/api/platform", b"{", {}, 400, "JSON"),
        ("array, not object", "POST", "/api/platform", b"[1]", {}, 400, "object"),
        ("multipart body", "POST", "/api/platform", b"--x--", {"Content-Type": "multipart/form-data; boundary=x"}, 415, "Content-Type"),
        ("oversized body", "POST", "/api/platform", b"x" * (JSON_BODY_LIMIT + 1), {}, 413, "limit"),
    ],
    ("GET", "/api/runs"): [
        ("no token", "GET", "/api/runs", None, {}, 401, "token"),
        ("bad limit", "GET", "/api/runs?limit=abc", None, "token", 400, "limit"),
        ("huge limit", "GET", "/api/runs?limit=99999999999999999999999", None, "token", 400, "limit"),
        ("bad since", "GET", "/api/runs?since=yesterday", None, "token", 400, "since"),
    ],
    ("GET", "/api/runs/:id"): [
        ("invalid run id", "GET", "/api/runs/a%20b", None, {}, 400, "run id"),
        ("run id too long", "GET", "/api/runs/" + "x" * 65, None, {}, 400, "run id"),
        ("invalid UTF-8 in id", "GET", "/api/runs/%ff", None, {}, 400, "percent-encoding"),
        ("unknown run", "GET", "/api/runs/nope", None, {}, 404, "no run"),
    ],
    ("DELETE", "/api/runs/:id"): [
        ("no token", "DELETE", "/api/runs/" + RUN, None, {}, 401, "token"),
        ("invalid run id", "DELETE", "/api/runs/a.b", None, "token", 400, "run id"),
        ("unknown run", "DELETE", "/api/runs/nope", None, "token", 404, "no run"),
    ],
    ("POST", "/api/runs/:id/results"): [
        ("malformed JSON", "POST", "/api/runs/{run}/results", b'{"run":', {}, 400, "JSON"),
        ("empty body", "POST", "/api/runs/{run}/results", b"", {}, 400, "JSON"),
        ("wrong type", "POST", "/api/runs/{run}/results", VALID.replace(b'"attempt": 1', b'"attempt": "1"'), {}, 400, "attempt"),
        ("wrong status", "POST", "/api/runs/{run}/results", VALID.replace(b'"pass"', b'"great"'), {}, 400, "status"),
        ("unknown probe", "POST", "/api/runs/{run}/results", VALID.replace(b"storage.local", b"no.such"), {}, 400, "unknown probe"),
        ("observed field of the wrong type", "POST", "/api/runs/{run}/results",
         VALID.replace(b'"available": true', b'"available": "yes"'), {}, 400, "observed.available"),
        ("result for another run", "POST", "/api/runs/{run}/results", VALID.replace(b"{run}", b"other"), {}, 400, "run"),
        ("invalid UTF-8", "POST", "/api/runs/{run}/results", VALID.replace(b"2026-11-30", b"\xff\xfe"), {}, 400, "JSON"),
        ("huge number", "POST", "/api/runs/{run}/results", VALID.replace(b'"attempt": 1', b'"attempt": 1e999'), {}, 400, "JSON"),
        ("integral number beyond Int", "POST", "/api/runs/{run}/results", VALID.replace(b'"attempt": 1', b'"attempt": 1e20'), {}, 400, "attempt"),
        ("attempt over the store limit", "POST", "/api/runs/{run}/results", VALID.replace(b'"attempt": 1', b'"attempt": 1001'), {}, 400, "attempt"),
        ("negative elapsedMs", "POST", "/api/runs/{run}/results", VALID.replace(b'"elapsedMs": 1.5', b'"elapsedMs": -1'), {}, 400, "elapsedMs"),
        ("empty batch", "POST", "/api/runs/{run}/results", b'{"results":[]}', {}, 400, "no result"),
        ("batch too large", "POST", "/api/runs/{run}/results", json.dumps([result("{run}", attempt=1)] * 501).encode(), {}, 400, "500"),
        ("deep nesting", "POST", "/api/runs/{run}/results", b"[" * 100000, {}, 400, "JSON"),
        ("oversized body", "POST", "/api/runs/{run}/results", b"x" * (JSON_BODY_LIMIT + 1), {}, 413, "limit"),
        ("invalid run id", "POST", "/api/runs/a%2Fb/results", VALID, {}, 400, "run id"),
        ("unknown run", "POST", "/api/runs/nope/results", VALID.replace(b"{run}", b"nope"), {}, 404, "no run"),
        ("no write key", "POST", "/api/runs/{run}/results", VALID, {}, 404, "write key"),
        ("wrong write key", "POST", "/api/runs/{run}/results?key=" + "0" * 32, VALID, {}, 404, "write key"),
        ("text/plain body", "POST", "/api/runs/{run}/results", VALID, {"Content-Type": "text/plain;charset=UTF-8"}, 415, "application/json"),
    ],
    ("POST", "/api/runs/:id/complete"): [
        ("invalid run id", "POST", "/api/runs/%2e%2e/complete", None, {}, 400, "run id"),
        ("unknown run", "POST", "/api/runs/nope/complete", None, {}, 404, "no run"),
        ("no write key", "POST", "/api/runs/{run}/complete", None, {}, 404, "write key"),
        ("foreign Origin", "POST", "/api/runs/{run}/complete", b"{}", {"Origin": "null"}, 403, "origin"),
    ],
    ("GET", "/api/runs/:id/diff"): [
        ("invalid run id", "GET", "/api/runs/a%00/diff", None, {}, 400, "run id"),
        ("unknown run", "GET", "/api/runs/nope/diff", None, {}, 404, "no run"),
        ("unknown profile", "GET", "/api/runs/{run}/diff?profile=nope", None, {}, 400, "profile"),
        ("unknown platform", "GET", "/api/runs/{run}/diff?platform=nope", None, {}, 400, "platform"),
    ],
    ("GET", "/api/runs/:id/wait"): [
        ("invalid run id", "GET", "/api/runs/%20/wait", None, {}, 400, "run id"),
        ("huge timeout", "GET", "/api/runs/{run}/wait?timeout=99999999999999999999", None, {}, 400, "timeout"),
        ("negative timeout", "GET", "/api/runs/{run}/wait?timeout=-1", None, {}, 400, "timeout"),
        ("unknown run", "GET", "/api/runs/nope/wait?timeout=0", None, {}, 404, "no run"),
    ],
    ("GET", "/api/compare"): [
        ("no token", "GET", "/api/compare?a={run}&b={run}", None, {}, 401, "token"),
        ("missing run", "GET", "/api/compare?a={run}", None, "token", 400, "two run ids"),
        ("invalid run id", "GET", "/api/compare?a={run}&b=a.b", None, "token", 400, "two run ids"),
        ("unknown run", "GET", "/api/compare?a={run}&b=nope", None, "token", 404, "no run"),
    ],
    # Client addresses: behind the token; it reads no input beyond that.
    ("GET", "/api/tls/refusals"): [
        ("no token", "GET", "/api/tls/refusals", None, {}, 401, "token"),
        ("wrong token", "GET", "/api/tls/refusals", None, {"Authorization": "Bearer wrong"}, 401, "token"),
        ("wrong method", "DELETE", "/api/tls/refusals", None, "token", 405, "GET"),
    ],
    # Fixed answers that read no input: wrong methods are what is left to get wrong.
    ("GET", "/api/catalog"): [("wrong method", "POST", "/api/catalog", b"{}", {}, 405, "GET")],
    ("GET", "/api/profiles"): [("wrong method", "DELETE", "/api/profiles", None, {}, 405, "GET")],
    ("GET", "/api/health"): [("wrong method", "PUT", "/api/health", b"x", {}, 405, "GET")],
    ("GET", "/healthz"): [("wrong method", "PUT", "/healthz", b"x", {}, 405, "GET")],
    ("GET", "/readyz"): [("wrong method", "POST", "/readyz", b"x", {}, 405, "GET")],
    ("GET", "/metrics"): [
        ("no token", "GET", "/metrics", None, {}, 401, "token"),
        ("wrong method", "POST", "/metrics", b"x", "token", 405, "GET"),
    ],
    ("POST", "/api/runs/:id/pin"): [
        ("no token", "POST", "/api/runs/" + RUN + "/pin", b"{}", {}, 401, "token"),
        ("invalid run id", "POST", "/api/runs/a.b/pin", b"{}", "token", 400, "run id"),
        ("unknown run", "POST", "/api/runs/nope/pin", b"{}", "token", 404, "no run"),
    ],
    ("DELETE", "/api/runs/:id/pin"): [
        ("no token", "DELETE", "/api/runs/" + RUN + "/pin", None, {}, 401, "token"),
        ("unknown run", "DELETE", "/api/runs/nope/pin", None, "token", 404, "no run"),
    ],
    ("GET", "/setup"): [("wrong method", "POST", "/setup", b"x", {}, 405, "GET")],
    ("GET", "/assets/setup.css"): [("wrong method", "POST", "/assets/setup.css", b"x", {}, 405, "GET")],
    ("GET", "/ca.pem"): [("wrong method", "POST", "/ca.pem", b"x", {}, 405, "GET")],
    ("GET", "/ca.mobileconfig"): [("wrong method", "POST", "/ca.mobileconfig", b"x", {}, 405, "GET")],
    # The setup port's own router (not started in these tests: --setup-port off).
    ("GET", "/"): [],
    ("GET", "/api/openapi.json"): [("wrong method", "POST", "/api/openapi.json", b"{}", {}, 405, "GET")],
    ("GET", "/api/runs/:id/\\(format.rawValue)"): [
        (f"{what} ({fmt})", "GET", path.replace("FMT", fmt), None, {}, status, word)
        for fmt in ("report.json", "report.junit.xml", "report.md")
        for what, path, status, word in (("invalid run id", "/api/runs/a%2Fb/FMT", 400, "run id"),
                                         ("unknown run", "/api/runs/nope/FMT", 404, "no run"))
    ],
    # Pages for people answer HTML: the check is the status and that the page says why.
    ("GET", "/runs/:id"): [
        ("invalid run id", "GET", "/runs/a%20b", None, {}, 404, "html:no such run"),
        ("unknown run", "GET", "/runs/nope", None, {}, 404, "html:no such run"),
    ],
    ("GET", "/runs"): [
        ("no token", "GET", "/runs", None, {}, 401, "token"),
        ("wrong token", "GET", "/runs?token=wrong", None, {"Sec-Fetch-Site": "none", "Sec-Fetch-Dest": "document"}, 401, "token"),
        ("token in the query, not from the address bar", "GET", "/runs?token=wrong", None, {}, 400, "Authorization: Bearer"),
    ],
    ("GET", "ReportStyles.path"): [("wrong method", "POST", "/assets/report.css", b"x", {}, 405, "GET")],
    ("GET", "ReportStyles.printPath"): [
        ("no run", "GET", "/assets/report-print.css", None, {}, 400, "run"),
        ("invalid run id", "GET", "/assets/report-print.css?run=a%22b", None, {}, 400, "run"),
    ],
    ("GET", "ReportScript.path"): [("wrong method", "POST", "/assets/report.js", b"x", {}, 405, "GET")],
    # The probes' own endpoints. Echo and hash take any body by design: their bad input is
    # a body past the limit; the rest read parameters or nothing.
    ("GET", "/probe/bytes"): [
        ("size not a number", "GET", "/probe/bytes?size=abc", None, {}, 400, "size"),
        ("negative size", "GET", "/probe/bytes?size=-1", None, {}, 400, "size"),
        ("huge size", "GET", "/probe/bytes?size=99999999999999999999999", None, {}, 400, "size"),
        ("bad seed", "GET", "/probe/bytes?seed=-3", None, {}, 400, "seed"),
    ],
    ("POST", "/probe/upload"): [
        ("not multipart", "POST", "/probe/upload", b"{}", {"Content-Type": "application/json"}, 415, "multipart"),
        ("no boundary", "POST", "/probe/upload", b"x", {"Content-Type": "multipart/form-data"}, 400, "boundary"),
        ("invalid boundary", "POST", "/probe/upload", b"x", {"Content-Type": "multipart/form-data; boundary=" + "b" * 71}, 400, "boundary"),
        ("cut short", "POST", "/probe/upload", b"--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.jpg\"\r\n\r\nabc",
         {"Content-Type": "multipart/form-data; boundary=b"}, 400, "cut short"),
        ("no file part", "POST", "/probe/upload", b"--b\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nabc\r\n--b--\r\n",
         {"Content-Type": "multipart/form-data; boundary=b"}, 400, "file"),
        ("malformed part header", "POST", "/probe/upload", b"--b\r\nno colon here\r\n\r\nabc\r\n--b--\r\n",
         {"Content-Type": "multipart/form-data; boundary=b"}, 400, "header"),
        ("foreign Origin", "POST", "/probe/upload", b"x", {"Content-Type": "multipart/form-data; boundary=b", "Origin": "https://evil.example"}, 403, "evil.example"),
        ("over the upload limit", "POST", "/probe/upload", None,
         {"Content-Type": "multipart/form-data; boundary=b", "Content-Length": str(UPLOAD_BODY_LIMIT + 1)}, 413, "limit"),
    ],
    ("POST", "/probe/echo"): [("oversized body", "POST", "/probe/echo", b"x" * (JSON_BODY_LIMIT + 1), {}, 413, "limit")],
    ("POST", "/probe/sha256"): [("oversized body", "POST", "/probe/sha256", b"x" * (JSON_BODY_LIMIT + 1), {}, 413, "limit")],
    ("OPTIONS", "/probe/cors/echo"): [
        ("foreign origin", "OPTIONS", "/probe/cors/echo", None,
         {"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}, 403, "origin"),
    ],
    ("POST", "/probe/cors/echo"): [("oversized body", "POST", "/probe/cors/echo", b"x" * (JSON_BODY_LIMIT + 1), {}, 413, "limit")],
    ("GET", "/probe/noscript.gif"): [("wrong method", "POST", "/probe/noscript.gif", b"x", {}, 405, "GET")],
    ("GET", "/probe/cookie/set"): [("wrong method", "POST", "/probe/cookie/set", b"x", {}, 405, "GET")],
    ("GET", "/probe/cookie/echo"): [("wrong method", "DELETE", "/probe/cookie/echo", None, {}, 405, "GET")],
    ("GET", "/probe/cookie/third-party/set"): [("wrong method", "POST", "/probe/cookie/third-party/set", b"x", {}, 405, "GET")],
    ("GET", "/probe/cors/ping"): [("wrong method", "POST", "/probe/cors/ping", b"x", {}, 405, "GET")],
    ("GET", "/probe/json"): [("wrong method", "PUT", "/probe/json", b"{}", {}, 405, "GET")],
    ("GET", "/probe/mixed/ping"): [("wrong method", "POST", "/probe/mixed/ping", b"x", {}, 405, "GET")],
    ("GET", "/probe/mixed/pixel.png"): [("wrong method", "POST", "/probe/mixed/pixel.png", b"x", {}, 405, "GET")],
    # Answers 500 on purpose (nav.loadError shows the WebView an error page).
    ("GET", "/probe/status/500"): [("wrong method", "POST", "/probe/status/500", b"x", {}, 405, "GET")],
    # The QR image draws only addresses of this server, never a foreign link.
    ("GET", "QRImage.path"): [
        ("no url", "GET", "/qr.svg", None, {}, 400, "url is missing"),
        ("foreign origin", "GET", "/qr.svg?url=https%3A%2F%2Fevil.example%2F", None, {}, 400, "another origin"),
        ("plain http", "GET", "/qr.svg?url=http%3A%2F%2Flocalhost%2F", None, {}, 400, "https://"),
        ("user name in the url", "GET", "/qr.svg?url=https%3A%2F%2Fa%40localhost%2F", None, {}, 400, "user name"),
        ("url over the limit", "GET", "/qr.svg?url=https%3A%2F%2Flocalhost%2F" + "a" * 1100, None, {}, 400, "at most 1024"),
        ("wrong method", "POST", "/qr.svg", b"x", {}, 405, "GET"),
    ],
}


def test_EveryRegisteredRoute_HasBadInputCases():
    missing = registered_routes() - set(CASES)
    assert not missing, f"routes without bad-input cases in {__file__}: {sorted(missing)}"


@pytest.fixture(scope="module")
def server():
    # TLS, so that the certificate routes (/ca.pem, /ca.mobileconfig) exist.
    with Server(tls=True) as s:
        yield s


ALL = [(route, case) for route, cases in sorted(CASES.items()) for case in cases]


def counts(data_dir):
    db = sqlite3.connect(f"file:{data_dir}/probe.sqlite?mode=ro", uri=True)
    try:
        return db.execute("SELECT (SELECT count(*) FROM runs), (SELECT count(*) FROM results)").fetchone()
    finally:
        db.close()


def test_BadInput_GetsA4xxJSONErrorNamingIt_AndNothingIsStored(server):
    import http.client
    import ssl
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE

    def send(method, path, body, headers):
        conn = http.client.HTTPSConnection("127.0.0.1", server.port, timeout=30, context=ctx)
        try:
            conn.putrequest(method, path, skip_accept_encoding=True)
            for k, v in headers.items():
                conn.putheader(k, v)
            if body is not None:
                conn.putheader("Content-Length", str(len(body)))
            elif method in ("POST", "PUT") and "Content-Length" not in headers:
                conn.putheader("Content-Length", "0")
            conn.endheaders()
            if body is not None:
                try:
                    conn.send(body)
                except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                    pass  # refused before the body was read (413): the answer is waiting
            resp = conn.getresponse()
            if resp.status == 405 and not resp.getheader("Allow"):
                return 0, "405 without Allow", resp.read()
            return resp.status, resp.getheader("Content-Type", ""), resp.read()
        finally:
            conn.close()

    status, _, body = send("POST", "/api/runs", b"{}", {"Content-Type": "application/json"})
    assert status == 201, body
    run = json.loads(body)["id"]
    before = counts(server.data_dir)
    failures = []
    for (route, (what, method, path, body, headers, expected, word)) in ALL:
        path = path.replace("{run}", run)
        if body is not None:
            body = body.replace(b"{run}", run.encode())
        if headers == "token":
            headers = {"Authorization": "Bearer " + server.token()}
        headers = dict(headers)
        # The API takes JSON only (415 otherwise, a case of its own): JSON cases go as JSON.
        if body is not None and path.startswith("/api/") and "Content-Type" not in headers:
            headers["Content-Type"] = "application/json"
        # A page's error is a page for a browser's navigation (ErrorResponse); a program that
        # does not ask for HTML gets the JSON error, as everywhere else.
        if word.startswith("html:"):
            headers.setdefault("Accept", "text/html,application/xhtml+xml")
        status, ctype, data = send(method, path, body, headers)
        label = f"{route[0]} {route[1]} / {what}: {status} {data[:200]!r}"
        if status != expected:
            failures.append(f"expected {expected}: {label}")
            continue
        if word.startswith("html:"):
            if "text/html" not in ctype or word[5:].lower() not in data.decode(errors="replace").lower():
                failures.append(f"not an HTML page saying {word[5:]!r}: {label}")
            continue
        if "application/json" not in ctype:
            failures.append(f"not JSON: {label}")
            continue
        error = json.loads(data).get("error", {})
        if word.lower() not in (error.get("message", "") + " " + (error.get("field") or "")).lower():
            failures.append(f"message does not name {word!r}: {label}")
    assert not failures, "\n".join(failures)
    assert counts(server.data_dir) == before, "a refused request stored something"

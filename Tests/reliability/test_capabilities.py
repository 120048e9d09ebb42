"""Runs as capabilities, cross-site writes and token hygiene, attacked the way someone on the
same network would (docs/security-capabilities.md): each test is one attack, reproduced as
it worked against the server before write keys, and what stops it now.

Every server here is the real binary on loopback; the throttle tests get a server of their
own, since they use up their address's budget on purpose."""
import http.client
import json
import os
import re
import socket
import ssl
import time

import pytest

from support import LOOPBACK, Server, result

# The rules of RateLimiter (Sources/ProbeServer/API/RateLimiter.swift), as this suite relies on them.
LOOKUP_BURST = 100
TOKEN_GUESS_BURST = 10
# What a browser sends when a person types /runs?token= into its address bar (Fetch Metadata).
ADDRESS_BAR = {"Sec-Fetch-Site": "none", "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate"}
GENERATED_BYTES_BURST = 16 * 1024 * 1024
MIB = 1024 * 1024


@pytest.fixture(scope="module")
def server():
    with Server() as s:
        yield s


def create(server, body=None, headers=None):
    status, _, data, parsed = server.request("POST", "/api/runs", body if body is not None else {}, headers=headers)
    assert status == 201, (status, data)
    return parsed


def bearer(server):
    return {"Authorization": "Bearer " + server.token()}


def results_of(server, run, key=None):
    path = f"/api/runs/{run}" + (f"?key={key}" if key else "")
    status, _, data, parsed = server.request("GET", path, headers=bearer(server))
    assert status == 200, (status, data)
    return parsed.get("results", [])


# MARK: forged results, completion and the beacon


def test_ForgedFirstResult_WithOnlyTheId_IsRefusedLikeAMissingRun_AndTheDevicesOwnIsKept(server):
    run = create(server)
    forged = result(run["id"], "storage.local", status="pass")
    status, _, data, parsed = server.request("POST", f"/api/runs/{run['id']}/results", forged)
    assert status == 404, (status, data)
    assert parsed["error"]["code"] == "run_not_found"
    # The device posts its real failure with the key from its URL: it is the first write.
    real = result(run["id"], "storage.local", status="fail", observed={"available": False})
    status, _, data, parsed = server.request("POST", f"/api/runs/{run['id']}/results?key={run['writeKey']}", real)
    assert status == 200 and parsed["accepted"] == 1, (status, data)
    stored = results_of(server, run["id"])
    assert [(r["probe"], r["status"]) for r in stored] == [("storage.local", "fail")]


def test_CompletingWithOnlyTheId_IsRefused_WithTheKeyHeaderItWorks(server):
    run = create(server)
    status, _, data, _ = server.request("POST", f"/api/runs/{run['id']}/complete", {})
    assert status == 404, (status, data)
    status, _, data, _ = server.request("GET", f"/api/runs/{run['id']}/wait?timeout=0")
    assert json.loads(data)["completed"] is False
    status, _, data, _ = server.request("POST", f"/api/runs/{run['id']}/complete", {}, headers={"X-Probe-Key": run["writeKey"]})
    assert status == 200, (status, data)


def test_BeaconFromAnyPage_NeitherKillsNorTouchesTheRun_AndStillAnswersTheImage(server):
    run = create(server, {"platform": "android-webview"})
    # <img src="https://HOST/probe/noscript.gif?run=ID"> on any page, or its Referer.
    for headers, path in [({}, f"/probe/noscript.gif?run={run['id']}"),
                          ({"Referer": f"https://evil.example/?run={run['id']}"}, "/probe/noscript.gif"),
                          ({}, f"/probe/noscript.gif?run={run['id']}&key={'0' * 32}")]:
        status, h, body, _ = server.request("GET", path, headers=headers)
        assert status == 200 and h["content-type"] == "image/gif" and body.startswith(b"GIF89a")
    # A write through the same store afterwards: a taken beacon would be stored by now.
    time.sleep(0.2)
    ok = result(run["id"], "storage.local")
    assert server.request("POST", f"/api/runs/{run['id']}/results?key={run['writeKey']}", ok)[0] == 200
    assert [r["probe"] for r in results_of(server, run["id"])] == ["storage.local"]
    status, _, data, parsed = server.request("GET", f"/api/runs/{run['id']}/wait?timeout=0")
    assert parsed["completed"] is False and parsed.get("verdict") is None


def test_BeaconWithTheKey_RecordsJavaScriptOff_ButNeverCompletesTheRun(server):
    run = create(server, {"platform": "android-webview"})
    status, _, _, _ = server.request("GET", "/probe/noscript.gif",
                                     headers={"Referer": f"http://{LOOPBACK}:{server.port}{run['url']}"})
    assert status == 200
    for _ in range(100):
        stored = results_of(server, run["id"])
        if stored:
            break
        time.sleep(0.02)
    assert [(r["probe"], r["status"]) for r in stored] == [("env.script", "fail")]
    # The beacon used to complete the run right after storing the result: give it the time.
    time.sleep(0.2)
    parsed = server.request("GET", f"/api/runs/{run['id']}/wait?timeout=0")[3]
    assert parsed["completed"] is False


def test_UploadWithoutTheKey_IsNotKeptWithTheRun(server):
    run = create(server)
    boundary = "b0undary"

    def body(extra=b""):
        return (f"--{boundary}\r\nContent-Disposition: form-data; name=\"run\"\r\n\r\n{run['id']}\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"probe\"\r\n\r\nfile.accept\r\n").encode() + extra + (
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n"
                f"Content-Type: image/png\r\n\r\n").encode() + b"\x89PNG\r\n\x1a\n1234" + f"\r\n--{boundary}--\r\n".encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
    status, _, data, _ = server.request("POST", "/probe/upload", body(), headers=headers)
    assert status == 404, (status, data)
    keyed = f"--{boundary}\r\nContent-Disposition: form-data; name=\"key\"\r\n\r\n{run['writeKey']}\r\n".encode()
    status, _, data, _ = server.request("POST", "/probe/upload", body(keyed), headers=headers)
    assert status == 200, (status, data)
    status, _, page, _ = server.request("GET", f"/runs/{run['id']}")
    assert page.count(b"a.png") >= 1


# MARK: cross-site writes


CROSS_SITE = [
    ("text/plain", {"Content-Type": "text/plain;charset=UTF-8"}, 415),
    ("form-encoded", {"Content-Type": "application/x-www-form-urlencoded"}, 415),
    ("foreign Origin", {"Content-Type": "application/json", "Origin": "https://evil.example"}, 403),
    ("Sec-Fetch-Site cross-site", {"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403),
    ("opaque Origin", {"Content-Type": "application/json", "Origin": "null"}, 403),
]


@pytest.mark.parametrize("what,headers,expected", CROSS_SITE, ids=[c[0] for c in CROSS_SITE])
def test_CrossSitePage_CannotCreatePostOrComplete(server, what, headers, expected):
    run = create(server)
    key = run["writeKey"]
    body = json.dumps(result(run["id"])).encode()
    before = len(results_of(server, run["id"]))
    for path, payload in [("/api/runs", b"{}"), (f"/api/runs/{run['id']}/results?key={key}", body),
                          (f"/api/runs/{run['id']}/complete?key={key}", b"{}")]:
        status, _, data, parsed = server.request("POST", path, payload, headers=headers)
        assert status == expected, (what, path, status, data)
        error = parsed["error"]
        if expected == 415:
            assert error["code"] == "unsupported_media_type" and "application/json" in error["message"]
        else:
            assert error["code"] == "cross_origin"
            if "Origin" in headers:
                assert headers["Origin"] in error["message"]
    assert len(results_of(server, run["id"])) == before
    parsed = server.request("GET", f"/api/runs/{run['id']}/wait?timeout=0")[3]
    assert parsed["completed"] is False


def test_ThePagesOwnOrigin_AndHeaderlessClients_StillWrite(server):
    own = f"http://{LOOPBACK}:{server.port}"
    run = create(server, headers={"Origin": own, "Sec-Fetch-Site": "same-origin"})
    r = result(run["id"])
    status, _, data, _ = server.request("POST", f"/api/runs/{run['id']}/results?key={run['writeKey']}", r,
                                        headers={"Origin": own, "Sec-Fetch-Site": "same-origin"})
    assert status == 200, (status, data)
    # curl, CI, the CLI: no Origin, no Sec-Fetch-Site.
    assert create(server)["id"]


def test_CrossSiteUpload_IsRefused(server):
    status, _, data, parsed = server.request("POST", "/probe/upload", b"--b--\r\n",
                                             headers={"Content-Type": "multipart/form-data; boundary=b",
                                                      "Origin": "https://evil.example"})
    assert status == 403 and parsed["error"]["code"] == "cross_origin", (status, data)
    status, _, data, _ = server.request("POST", "/probe/upload", b"", headers={"Content-Type": "text/plain"})
    assert status == 415, (status, data)


# MARK: chosen ids and existence


def test_CallerChosenId_NeedsTheToken(server):
    status, _, data, parsed = server.request("POST", "/api/runs", {"id": "ci-4711"})
    assert status == 403, (status, data)
    assert parsed["error"]["field"] == "id" and "token" in parsed["error"]["message"]
    created = create(server, {"id": "ci-4711"}, headers=bearer(server))
    assert created["id"] == "ci-4711" and created["url"] == f"/?run=ci-4711&key={created['writeKey']}"


def test_ExistingId_IsNotConfirmedBy409_WithoutTheToken(server):
    create(server, {"id": "ci-5000"}, headers=bearer(server))
    status, _, _, parsed = server.request("POST", "/api/runs", {"id": "ci-5000"})
    assert status == 403 and parsed["error"]["code"] == "token_required"
    status, _, _, parsed = server.request("POST", "/api/runs", {"id": "ci-5000"}, headers=bearer(server))
    assert status == 409 and parsed["error"]["code"] == "run_exists"


@pytest.fixture(scope="module")
def chosen(server):
    return create(server, {"id": "ci-6000"}, headers=bearer(server))


@pytest.mark.parametrize("path", ["/api/runs/{id}", "/api/runs/{id}/diff", "/api/runs/{id}/wait?timeout=0",
                                  "/api/runs/{id}/report.json", "/api/runs/{id}/report.md"])
def test_WrongKey_OnAChosenId_AnswersExactlyLikeAMissingRun(server, chosen, path):
    sep = "&" if "?" in path else "?"
    for suffix in ["", f"{sep}key={'0' * 32}"]:
        existing = server.request("GET", path.format(id="ci-6000") + suffix)
        missing = server.request("GET", path.format(id="ci-6001") + suffix)
        assert existing[0] == missing[0] == 404, (existing[:3], missing[:3])
        assert existing[2].replace(b"ci-6000", b"ID") == missing[2].replace(b"ci-6001", b"ID")
    assert server.request("GET", path.format(id="ci-6000") + f"{sep}key={chosen['writeKey']}")[0] == 200


def test_ChosenIdReportPage_IsNotFoundWithoutTheKey(server):
    created = create(server, {"id": "ci-7000"}, headers=bearer(server))
    status, _, page, _ = server.request("GET", "/runs/ci-7000")
    assert status == 404 and b"ci-7000" in page
    assert server.request("GET", created["reportUrl"])[0] == 200


def test_RunLookups_AreThrottledPerAddress_NotForTheToken():
    with Server() as s:
        created = create(s, {"id": "ci-4711"}, headers=bearer(s))
        statuses = []
        retry = None
        for i in range(3 * LOOKUP_BURST):
            status, h, _, _ = s.request("HEAD" if i % 2 else "GET", f"/api/runs/ci-{i}")
            statuses.append(status)
            if status == 429:
                retry = h.get("retry-after")
                break
        assert 429 in statuses, f"{len(statuses)} guesses, none throttled"
        assert retry and int(retry) >= 1
        assert statuses.count(404) >= LOOKUP_BURST // 2
        # Throttled, the right key gets nothing either. The bucket refills one lookup every
        # 50 ms (20/s), so a loaded machine may let one through between two requests: each try
        # throttles the address again and asks with the key at once, and a key that were
        # exempt would never be refused.
        keyed = []
        for _ in range(50):
            throttled = any(s.request("GET", "/api/runs/ci-nope")[0] == 429 for _ in range(3 * LOOKUP_BURST))
            assert throttled, "the address was not throttled again"
            keyed.append(s.request("GET", f"/api/runs/ci-4711?key={created['writeKey']}")[0])
            if keyed[-1] == 429:
                break
        assert keyed[-1] == 429, f"the write key was never throttled: {keyed}"
        # The token is not throttled.
        assert s.request("GET", "/api/runs/ci-4711", headers=bearer(s))[0] == 200


# MARK: the token


def test_AccessLog_NeverHoldsTheTokenOrAWriteKey():
    with Server(log_level="info") as s:
        token = s.token()
        run = create(s)
        assert s.request("GET", f"/runs?token={token}", headers=ADDRESS_BAR)[0] in (302, 303)
        s.request("GET", f"/?run={run['id']}&key={run['writeKey']}&mode=unattended")
        s.request("POST", f"/api/runs/{run['id']}/results?key={run['writeKey']}", result(run["id"]))
        s.request("GET", "/runs?%74oken=" + token, headers=ADDRESS_BAR)
        s.request("GET", "/runs?token=a-wrong-guess", headers=ADDRESS_BAR)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and s.log_text().count(" access ") < 5:
            time.sleep(0.05)
        log = s.log_text()
    assert log.count(" access ") >= 5, log[-2000:]
    assert token not in log and run["writeKey"] not in log and "a-wrong-guess" not in log, log[-2000:]
    assert "token=REDACTED" in log and "key=REDACTED" in log


def test_CookieEcho_DoesNotEchoTheAccessTokenCookie(server):
    token = server.token()
    status, _, data, parsed = server.request("GET", "/probe/cookie/echo",
                                             headers={"Cookie": f"probe_token={token}; probe_http=abc"})
    assert status == 200
    assert parsed["cookies"] == {"probe_http": "abc"}
    assert token.encode() not in data


def test_WrongTokenGuesses_AreThrottled_WhileTheRightTokenStillWorks():
    with Server() as s:
        statuses = []
        for i in range(5 * TOKEN_GUESS_BURST):
            status, h, _, parsed = s.request("GET", "/api/runs", headers={"Authorization": f"Bearer guess-{i}"})
            statuses.append(status)
            if status == 429:
                assert int(h["retry-after"]) >= 1 and parsed["error"]["code"] == "too_many_token_guesses"
                break
        assert statuses[:TOKEN_GUESS_BURST] == [401] * TOKEN_GUESS_BURST, statuses
        assert statuses[-1] == 429, statuses
        # The generated token (64 hex digits) cannot be found by trying, so the guesses do not
        # lock it out: it is taken, in the header and from the address bar alike ...
        assert s.request("GET", "/api/runs", headers=bearer(s))[0] == 200
        assert s.request("GET", "/runs?token=" + s.token(), headers=ADDRESS_BAR)[0] in (302, 303)
        # ... while every further wrong guess is still refused unanswered.
        assert s.request("GET", "/api/runs", headers={"Authorization": "Bearer one-more-guess"})[0] == 429


def test_AShortChosenToken_IsLockedOutWithItsAddressesGuesses_SoItCannotBeGuessed():
    # A hand-chosen --token under 32 characters could be found by trying: answering it during
    # the lockout would let guessing go on at the request rate, so it waits like any guess.
    with Server(extra=("--token", "short-chosen")) as s:
        # The operator is told at start; a guesser is not (the 429 reads the same for any token).
        assert "openssl rand -hex 16" in s.log_text(), s.log_text()[-2000:]
        for i in range(TOKEN_GUESS_BURST + 1):
            s.request("GET", "/api/runs", headers={"Authorization": f"Bearer guess-{i}"})
        status, _, _, parsed = s.request("GET", "/api/runs", headers={"Authorization": "Bearer short-chosen"})
        assert status == 429, parsed
        assert "shorter" not in parsed["error"]["message"], parsed


# MARK: the refusal list and /probe/bytes


def test_RefusalList_IsNotInARunWithoutTheToken():
    with Server(tls=True) as s:
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE

        def get(path, headers=None):
            conn = http.client.HTTPSConnection(LOOPBACK, s.port, timeout=30, context=ctx)
            try:
                conn.request("GET" if not path.startswith("POST ") else "POST", path.removeprefix("POST "),
                             body=b"{}" if path.startswith("POST ") else None,
                             headers=dict(headers or {}, **{"Content-Type": "application/json"}))
                r = conn.getresponse()
                return r.status, json.loads(r.read() or b"null")
            finally:
                conn.close()

        status, run = get("POST /api/runs")
        assert status == 201
        # A client that does not trust the local CA: its handshake ends with an alert.
        strict = ssl.create_default_context()
        with socket.create_connection((LOOPBACK, s.port), timeout=10) as raw:
            with pytest.raises(ssl.SSLError):
                strict.wrap_socket(raw, server_hostname="localhost")
        with_token = None
        for _ in range(100):
            status, with_token = get(f"/api/runs/{run['id']}", bearer(s))
            if with_token.get("certificateRefusals"):
                break
            time.sleep(0.05)
        assert with_token.get("certificateRefusals"), with_token
        status, anonymous = get(f"/api/runs/{run['id']}")
        assert status == 200 and "certificateRefusals" not in anonymous, anonymous


def test_GeneratedBytes_AreRateLimitedPerAddress():
    with Server() as s:
        statuses = []
        for _ in range(3 * GENERATED_BYTES_BURST // MIB):
            status, h, body, _ = s.request("GET", f"/probe/bytes?size={MIB}")
            statuses.append(status)
            if status == 429:
                assert int(h["retry-after"]) >= 1
                break
            assert len(body) == MIB
        assert statuses[-1] == 429, f"{len(statuses)} MiB served, none refused"
        # What the page needs, a run's 128 KiB, always got through before the limit (and more).
        assert statuses.count(200) >= GENERATED_BYTES_BURST // MIB

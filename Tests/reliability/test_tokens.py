"""Named tokens with scopes (`probe-server token`): enforced by the running server, kept as
digests in the data folder, revoked at once."""
import os
import subprocess

from support import SERVER_BINARY, Server, result

# The wrong-token budget of an address (RateLimiter.tokenGuesses: 10 at once, then 1/s).
TOKEN_GUESS_BURST = 10


def token_cli(data_dir, *args):
    return subprocess.run([SERVER_BINARY, "token", *args, "--data-dir", data_dir],
                          capture_output=True, text=True, timeout=30)


def create(data_dir, name, scope):
    out = token_cli(data_dir, "create", name, "--scope", scope)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_ReadToken_ReadsButCannotDelete_403NamingTheScope():
    with Server() as server:
        read = create(server.data_dir, "dashboard", "read")
        run = server.create_run()
        status, _, data, parsed = server.request("GET", "/api/runs", headers=bearer(read))
        assert status == 200 and any(r["id"] == run for r in parsed["runs"]), data
        assert server.request("GET", "/metrics", headers=bearer(read))[0] == 200
        status, _, data, parsed = server.request("DELETE", f"/api/runs/{run}", headers=bearer(read))
        assert status == 403, data
        assert parsed["error"]["code"] == "scope_required"
        assert "admin" in parsed["error"]["message"]
        # A read token writes nothing either.
        status, _, _, _ = server.request("POST", f"/api/runs/{run}/results", {"results": [result(run)]}, headers=bearer(read))
        assert status == 404
        # The server's own token stays admin.
        assert server.request("DELETE", f"/api/runs/{run}", headers=bearer(server.token()))[0] == 204


def test_IngestToken_CreatesRunsWithChosenIdsAndPostsResults_ButCannotList():
    with Server() as server:
        ingest = create(server.data_dir, "ci", "ingest")
        status, _, data, parsed = server.request("POST", "/api/runs", {"id": "ci-4711"}, headers=bearer(ingest))
        assert status == 201, data
        status, _, data, parsed = server.request("POST", "/api/runs/ci-4711/results", {"results": [result("ci-4711")]},
                                                 headers=bearer(ingest))
        assert status == 200 and parsed["accepted"] == 1, data
        status, _, _, parsed = server.request("GET", "/api/runs", headers=bearer(ingest))
        assert status == 403 and "read" in parsed["error"]["message"]


def test_RevokedToken_Gets401_OnTheRunningServer():
    with Server() as server:
        read = create(server.data_dir, "gone", "read")
        assert server.request("GET", "/api/runs", headers=bearer(read))[0] == 200
        out = token_cli(server.data_dir, "revoke", "gone")
        assert out.returncode == 0, out.stderr
        status, hdrs, _, _ = server.request("GET", "/api/runs", headers=bearer(read))
        assert status == 401 and "bearer" in hdrs["www-authenticate"].lower()


def test_TokenList_NeverShowsSecrets_AndTheFileHoldsOnlyDigests():
    with Server() as server:
        secret = create(server.data_dir, "ci", "ingest")
        out = token_cli(server.data_dir, "list")
        assert out.returncode == 0
        assert "ci" in out.stdout and "ingest" in out.stdout
        assert secret not in out.stdout and secret not in out.stderr
        path = os.path.join(server.data_dir, "tokens.json")
        assert secret not in open(path).read()
        assert oct(os.stat(path).st_mode & 0o777) == "0o600"
        again = token_cli(server.data_dir, "create", "ci", "--scope", "read")
        assert again.returncode != 0 and "revoke it first" in again.stderr


def test_Pin_NeedsAnAdminToken_AndTheCLIPinsAndUnpins():
    with Server() as server:
        read = create(server.data_dir, "viewer", "read")
        run = server.create_run()
        status, _, _, parsed = server.request("POST", f"/api/runs/{run}/pin", {}, headers=bearer(read))
        assert status == 403 and "admin" in parsed["error"]["message"]
        status, _, data, parsed = server.request("POST", f"/api/runs/{run}/pin", {}, headers=bearer(server.token()))
        assert (status, parsed) == (200, {"id": run, "pinned": True}), data
        assert server.request("POST", "/api/runs/missing-run/pin", {}, headers=bearer(server.token()))[0] == 404
        cli = [SERVER_BINARY, "runs", "--server", f"http://127.0.0.1:{server.port}", "--data-dir", server.data_dir]
        out = subprocess.run(cli + ["--unpin", run], capture_output=True, text=True, timeout=30)
        assert out.returncode == 0 and "unpinned" in out.stdout, out.stderr
        out = subprocess.run(cli + ["--pin", run], capture_output=True, text=True, timeout=30)
        assert out.returncode == 0 and "pinned" in out.stdout, out.stderr


# MARK: lockout


def test_APageOnTheOperatorsAddress_CannotLockTheOperatorOutOfTheirToken():
    """In CI the emulator and the job's `probe-server runs`/`wait` share one address. A page
    in the emulator that loads `<img src="https://HOST/runs?token=x">` (as a current browser
    sends it, and as an old WebView without Fetch Metadata does), and a process there that
    guesses in the header, must not make the right token 429."""
    emulator = "127.0.0.1"  # the address the CLI below connects from too
    with Server() as server:
        token = server.token()
        img_current = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "image", "Sec-Fetch-Mode": "no-cors"}
        for i in range(3 * TOKEN_GUESS_BURST):
            status, _, _, parsed = server.request("GET", f"/runs?token=x{i}", headers=img_current, source=emulator)
            assert status == 400 and parsed["error"]["code"] == "token_in_query", (status, parsed)
            status, _, _, parsed = server.request("GET", f"/runs?token=y{i}", source=emulator)
            assert status == 400 and parsed["error"]["code"] == "token_in_query", (status, parsed)
            # A fetch from the page with the cookie it cannot read: the page's guess is not looked at.
            status, _, _, _ = server.request("GET", "/api/runs", headers={"Cookie": f"probe_token=z{i}",
                                                                          "Sec-Fetch-Site": "cross-site",
                                                                          "Origin": "https://evil.example"},
                                             source=emulator)
            assert status == 401
        # Guesses that are looked at (a header, as only a non-browser client sends) use up the budget ...
        statuses = [server.request("GET", "/api/runs", headers=bearer(f"guess-{i}"), source=emulator)[0]
                    for i in range(3 * TOKEN_GUESS_BURST)]
        assert statuses[-1] == 429, statuses
        # ... and the right token from the same address still works, through the CLI too.
        status, _, data, _ = server.request("GET", "/api/runs", headers=bearer(token), source=emulator)
        assert status == 200, data
        out = subprocess.run([SERVER_BINARY, "runs", "--server", f"http://127.0.0.1:{server.port}", "--token", token],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, (out.returncode, out.stderr)


def test_QueryToken_IsTakenOnlyFromTheAddressBarOrTheSignInForm():
    with Server() as server:
        token = server.token()
        for headers in ({}, {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "document"},
                        {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "image"},
                        {"Sec-Fetch-Site": "same-site", "Sec-Fetch-Dest": "document"}):
            status, _, data, parsed = server.request("GET", f"/runs?token={token}", headers=headers)
            assert status == 400 and parsed["error"]["field"] == "token", (headers, status, data)
            assert "Authorization: Bearer" in parsed["error"]["message"]
        # A browser that asks for HTML gets the sign-in page, saying why.
        status, _, data, _ = server.request("GET", f"/runs?token={token}", headers={"Accept": "text/html"})
        assert status == 400 and b"sign in with the form" in data, data
        for site in ("none", "same-origin"):
            status, headers, _, _ = server.request("GET", f"/runs?token={token}",
                                                   headers={"Sec-Fetch-Site": site, "Sec-Fetch-Dest": "document"})
            assert status in (302, 303) and "probe_token=" in headers.get("set-cookie", ""), (site, status)

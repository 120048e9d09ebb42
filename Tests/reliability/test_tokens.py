"""Named tokens with scopes (`probe-server token`): enforced by the running server, kept as
digests in the data folder, revoked at once."""
import os
import subprocess

from support import SERVER_BINARY, Server, result


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

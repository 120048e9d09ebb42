"""Resources and surfaces an anonymous client on the network must not be able to exhaust
or abuse (docs/security.md): quotas per run and per store, runs per address per hour,
long polls bounded and dropped when the client goes away, the descriptor cap, the data
folder, the CSP, away.html and terminal/Markdown neutralisation.

Every test runs the real server binary over real sockets. Results are posted with the admin
token (`Authorization: Bearer`), which also passes a per-run write key check."""
import concurrent.futures
import http.client
import json
import os
import re
import resource
import socket
import ssl
import stat
import subprocess
import tempfile
import threading
import time

import pytest

from support import LOOPBACK, SERVER_BINARY, REPO, Server, result, rss_kib, status_line

# The quotas of Sources/ProbeStore/Quotas.swift and the bounds of RunWaiters.swift.
MAX_RESULTS_PER_RUN = 2_000
MAX_RESULT_BYTES_PER_RUN = 8 * 1024 * 1024
MAX_UPLOADS_PER_RUN = 16
MAX_UPLOAD_BYTES_PER_RUN = 64 * 1024 * 1024
MAX_WAITS_PER_ADDRESS = 64
BATCH = 500  # ResultDecoder.maxBatchCount (the store takes the same limit)


def auth(server):
    return {"Authorization": "Bearer " + server.token()}


def post_results(server, run, results):
    return server.request("POST", f"/api/runs/{run}/results", {"results": results}, headers=auth(server))


def big_result(run, attempt, size):
    return result(run, probe="storage.local", attempt=attempt, observed={"available": True, "note": "x" * size})


def multipart(run, probe, size, boundary="probeboundary"):
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"run\"\r\n\r\n{run}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"probe\"\r\n\r\n{probe}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode()
    body = head + b"\x89PNG\r\n\x1a\n" + b"\0" * max(0, size - 8) + f"\r\n--{boundary}--\r\n".encode()
    return body, {"Content-Type": f"multipart/form-data; boundary={boundary}"}


def upload(server, run, size):
    body, headers = multipart(run, "storage.local", size)
    # The page uploads with the run's write key from its URL.
    return server.request("POST", f"/probe/upload?key={server.keys[run]}", body, headers=headers, timeout=60)


def error_of(parsed):
    return (parsed or {}).get("error", {})


def peak_rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


# MARK: quotas


def test_ResultsBeyondTheRunQuota_AreRefusedNamingTheLimit():
    with Server() as server:
        run = server.create_run()
        probes = ["storage.local", "storage.session"]
        results = [result(run, probe=p, attempt=a) for p in probes for a in range(1, MAX_RESULTS_PER_RUN // 2 + 1)]
        for i in range(0, len(results), BATCH):
            status, _, data, _ = post_results(server, run, results[i:i + BATCH])
            assert status == 200, data
        status, _, data, parsed = post_results(server, run, [result(run, probe="storage.indexedDB", attempt=1)])
        assert status == 413, data
        assert error_of(parsed)["code"] == "run_results_quota"
        assert str(MAX_RESULTS_PER_RUN) in error_of(parsed)["message"].replace(",", "")
        # A resend of what is stored is still answered (duplicates add nothing).
        status, _, data, _ = post_results(server, run, results[:10])
        assert status == 200, data


def test_ResultBytesBeyondTheRunQuota_AreRefusedNamingTheLimit():
    with Server() as server:
        run = server.create_run()
        size = 250 * 1024
        attempt, stored, refused = 1, 0, None
        while stored <= MAX_RESULT_BYTES_PER_RUN + 4 * size:
            batch = [big_result(run, attempt + i, size) for i in range(4)]
            attempt += 4
            status, _, data, parsed = post_results(server, run, batch)
            if status != 200:
                refused = (status, parsed)
                break
            stored += 4 * size
        assert refused is not None, f"{stored} bytes stored without a refusal"
        assert refused[0] == 413 and error_of(refused[1])["code"] == "run_result_bytes_quota", refused
        assert "8 MiB" in error_of(refused[1])["message"]
        assert stored <= MAX_RESULT_BYTES_PER_RUN


def test_UploadsBeyondTheRunQuota_AreRefusedNamingTheLimit():
    with Server() as server:
        run = server.create_run()
        for _ in range(MAX_UPLOADS_PER_RUN):
            status, _, data, _ = upload(server, run, 1024)
            assert status == 200, data
        status, _, data, parsed = upload(server, run, 1024)
        assert status == 413, data
        assert error_of(parsed)["code"] == "run_uploads_quota" and "16" in error_of(parsed)["message"]
        uploads = os.listdir(os.path.join(server.data_dir, "uploads", run))
        assert len(uploads) == MAX_UPLOADS_PER_RUN


def test_UploadBytesBeyondTheRunQuota_AreRefusedNamingTheLimit():
    with Server() as server:
        run = server.create_run()
        size = 30 * 1024 * 1024
        for _ in range(MAX_UPLOAD_BYTES_PER_RUN // size):
            status, _, data, _ = upload(server, run, size)
            assert status == 200, data[:300]
        status, _, data, parsed = upload(server, run, size)
        assert status == 413, data[:300]
        assert error_of(parsed)["code"] == "run_upload_bytes_quota" and "64 MiB" in error_of(parsed)["message"]
        held = sum(os.path.getsize(os.path.join(server.data_dir, "uploads", run, f))
                   for f in os.listdir(os.path.join(server.data_dir, "uploads", run)))
        assert held <= MAX_UPLOAD_BYTES_PER_RUN


def test_RunsPerAddressPerHour_AreCappedForAnonymousClients():
    with Server(extra=["--runs-per-hour", "5"]) as server:
        for _ in range(5):
            server.create_run()
        status, headers, data, parsed = server.request("POST", "/api/runs", {})
        assert status == 429, data
        assert error_of(parsed)["code"] == "runs_per_hour_quota" and "5 runs" in error_of(parsed)["message"]
        assert int(headers["retry-after"]) > 0
        # The token holder (a CI job, the operator) is not counted.
        status, _, data, _ = server.request("POST", "/api/runs", {}, headers=auth(server))
        assert status == 201, data


def test_StoreAtMaxStore_RefusesNewWritesWith507():
    with Server(extra=["--max-store", "3M"]) as server:
        refused = None
        for n in range(40):
            run_status, _, _, run_parsed = server.request("POST", "/api/runs", {}, headers=auth(server))
            if run_status != 201:
                refused = (run_status, run_parsed)
                break
            run = run_parsed["id"]
            status, _, data, parsed = post_results(server, run, [big_result(run, a, 250 * 1024) for a in (1, 2)])
            if status != 200:
                refused = (status, parsed)
                break
        assert refused is not None, "40 runs of 500 KiB stored in a 3 MiB store"
        assert refused[0] == 507 and error_of(refused[1])["code"] == "store_full", refused
        assert "3 MiB" in error_of(refused[1])["message"]
        db = os.path.getsize(os.path.join(server.data_dir, "probe.sqlite"))
        assert db < 3 * 1024 * 1024 + 2 * 1024 * 1024, db
        # Reads still work: the operator can look and delete.
        assert server.request("GET", "/api/health")[0] == 200


# MARK: memory


def fill_largest_run(server):
    """A run at its result-bytes quota, with as many results as that allows."""
    run = server.create_run()
    size = 60 * 1024
    attempt = 1
    for _ in range(MAX_RESULT_BYTES_PER_RUN // (16 * size) + 3):
        batch = [big_result(run, attempt + i, size) for i in range(16)]
        status, _, _, _ = post_results(server, run, batch)
        if status != 200:
            return run
        attempt += 16
    raise AssertionError("the run took more than its quota of observations")


def test_LargestRunReports_CostBoundedMemory():
    with Server() as server:
        run = fill_largest_run(server)
        import sqlite3
        db = sqlite3.connect(f"file:{server.data_dir}/probe.sqlite?mode=ro", uri=True)
        held = db.execute("select result_bytes from runs where id = ?", (run,)).fetchone()[0]
        db.close()
        assert held > MAX_RESULT_BYTES_PER_RUN - 16 * 61 * 1024, held  # within one batch of the quota
        before = peak_rss_kib(server.pid)
        paths = [f"/api/runs/{run}/report.json", f"/api/runs/{run}", f"/api/runs/{run}/report.md",
                 f"/api/runs/{run}/report.junit.xml", f"/runs/{run}"]

        def get(path):
            status, _, data, _ = server.request("GET", path, headers=auth(server), timeout=120)
            return status, len(data)
        for path in paths:
            with concurrent.futures.ThreadPoolExecutor(3) as pool:
                answers = list(pool.map(get, [path] * 3))
            assert all(s == 200 for s, _ in answers), answers
        peak = peak_rss_kib(server.pid)
        print(f"\nVmHWM before {before // 1024} MiB, after 3 concurrent GETs of each of {len(paths)} reports {peak // 1024} MiB")
        # docs/security.md: the bound is stated there; 2 GB was measured before the quotas.
        assert peak < 600 * 1024, peak


def dense_observed(i):
    """An observation of many small values, the shape that costs most to parse per byte."""
    return {"entries": [{"name": f"field{j}", "ok": True, "value": j + 0.5, "list": [1, 2, "a", None],
                         "text": f"caf\u00e9 {i}.{j}"} for j in range(560)], "available": True}


def fill_anonymously(server, run, target_bytes):
    """Posts dense observations with the run's write key only (no token) until the run holds
    about `target_bytes` or its quota refuses; returns the results stored."""
    attempt, held = 1, 0
    while held < target_bytes:
        batch = [result(run, probe="storage.local", attempt=attempt + i, observed=dense_observed(attempt + i)) for i in range(16)]
        status, _, _, _ = server.request("POST", server.results_path(run), {"results": batch})
        if status != 200:
            break
        held += sum(len(json.dumps(r["observed"])) for r in batch)
        attempt += 16
    return attempt - 1


def judged_bytes(server):
    _, _, data, _ = server.request("GET", "/metrics", headers=auth(server))
    m = re.search(rb"^probe_judged_observation_bytes_total (\d+)", data, re.M)
    assert m, "the metric of observation bytes judged is missing"
    return int(m.group(1))


def test_AnonymousReadsOfAFullRun_ParseItsObservationsOnlyWithinTheAddressesShare():
    """One anonymous client filled a run to its 8 MiB quota and asked for its judgement again
    and again: ~2 s of server CPU each, every other device's results waiting behind it. Now
    an address pays for what judging parses (RateLimiter.judgedObservations: 32 MiB at once,
    4 MiB a second), and a completed run's kept judgement is read back parsing nothing."""
    with Server() as server:
        run = server.create_run()
        fill_anonymously(server, run, MAX_RESULT_BYTES_PER_RUN)
        other = f"/api/runs/{run}/diff?platform=ios-safari"
        statuses = [server.request("GET", other, timeout=120)[0] for _ in range(8)]
        assert statuses.count(200) >= 3, statuses
        assert 429 in statuses, f"an anonymous address judged {statuses.count(200)} full runs in a row: {statuses}"
        refused = server.request("GET", other)
        assert refused[0] == 429 and refused[3]["error"]["code"] == "too_many_judgements", refused[3]
        assert "MiB a second" in refused[3]["error"]["message"] and "retry-after" in refused[1]
        # The token holder is not counted.
        assert server.request("GET", other, headers=auth(server), timeout=120)[0] == 200
        # Completed: judged once more by complete, then every reader reads the kept judgement.
        assert server.request("POST", f"/api/runs/{run}/complete?key={server.keys[run]}", {}, timeout=120)[0] == 200
        before = judged_bytes(server)
        for path in (f"/api/runs/{run}/report.json", f"/api/runs/{run}/diff", f"/runs/{run}",
                     f"/api/runs/{run}/report.md", f"/api/runs/{run}/report.junit.xml"):
            for _ in range(5):
                status, _, data, _ = server.request("GET", path, timeout=120)
                assert status == 200, (path, status, data[:200])
        assert judged_bytes(server) == before, "a completed run's readers parsed its observations again"


def test_ConcurrentLargeUploads_AreBoundedInFlight():
    with Server() as server:
        run = server.create_run()
        body, headers = multipart(run, "storage.local", 31 * 1024 * 1024)
        headers = dict(headers, **{"Content-Length": str(len(body))})
        statuses = []

        def send(_):
            import http.client
            conn = http.client.HTTPConnection(LOOPBACK, server.port, timeout=120)
            try:
                conn.request("POST", f"/probe/upload?key={server.keys[run]}", body=body, headers=headers)
                r = conn.getresponse()
                r.read()
                return r.status
            except (BrokenPipeError, ConnectionResetError):
                return "reset"
            finally:
                conn.close()
        with concurrent.futures.ThreadPoolExecutor(64) as pool:
            statuses = list(pool.map(send, range(64)))
        peak = peak_rss_kib(server.pid)
        print(f"\n64 concurrent 31 MiB uploads: {statuses.count(200)} stored, "
              f"{sum(1 for s in statuses if s == 503 or s == 'reset')} refused, VmHWM {peak // 1024} MiB")
        assert statuses.count(200) >= 1
        assert any(s in (503, "reset") for s in statuses), statuses
        assert peak < 900 * 1024, peak  # 1.6 GB before the bound


# MARK: long polls


def open_wait(server, run, timeout=60, source=LOOPBACK):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((source, 0))
    s.settimeout(10)
    s.connect((LOOPBACK, server.port))
    # With the token, as CI waits: anonymous lookups are throttled (20/s), which would refuse
    # some of these waits before they count against the waits' own bound.
    s.sendall(f"GET /api/runs/{run}/wait?timeout={timeout} HTTP/1.1\r\nHost: x\r\n"
              f"Authorization: Bearer {server.token()}\r\n\r\n".encode())
    return s


def read_status(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    m = re.match(rb"HTTP/1\.1 (\d+)", data)
    return (int(m.group(1)) if m else None), data


def socket_count(pid):
    """Sockets the server holds (SQLite readers open files lazily, so all fds would drift)."""
    n = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            n += os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:")
        except OSError:
            pass
    return n


def close_wait_count(port):
    out = subprocess.run(["ss", "-Htan", "state", "close-wait", f"( sport = :{port} )"],
                         capture_output=True, text=True).stdout
    return len([line for line in out.splitlines() if line.strip()])


# How long a test waits for the state it needs. Generous: a loaded machine (Tests/flake-hunt.sh)
# is slow, and a state that never comes (a descriptor held for a 600 s wait) is still told apart.
EVENT_DEADLINE_SECONDS = 30


def wait_until(predicate, seconds=EVENT_DEADLINE_SECONDS, pause=0.05):
    """Polls until `predicate` holds or the deadline passes: waits for an event, not a time."""
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() >= deadline:
            return predicate()
        time.sleep(pause)
    return True


def long_polls(server):
    """Waits the server holds now (`probe_long_polls` of /metrics)."""
    status, _, data, _ = server.request("GET", "/metrics", headers={"Authorization": f"Bearer {server.token()}"})
    assert status == 200, data
    return int(float(re.search(rb"^probe_long_polls (\S+)$", data, re.M).group(1)))


def test_WaitsBeyondThePerAddressBound_AreRefusedNamingTheLimit():
    with Server() as server:
        run = server.create_run()
        socks = [open_wait(server, run) for _ in range(MAX_WAITS_PER_ADDRESS)]
        try:
            # Two loops register waits in parallel: the 64 are held before the 65th asks.
            assert wait_until(lambda: long_polls(server) == MAX_WAITS_PER_ADDRESS), long_polls(server)
            extra = open_wait(server, run)
            status, data = read_status(extra)
            extra.close()
            assert status == 429, data
            assert b"too_many_waits" in data and b"64" in data
        finally:
            for s in socks:
                s.close()
        # Closed waits give their places back.
        def accepted():
            s = open_wait(server, run, timeout=1)
            status, _ = read_status(s)
            s.close()
            return status == 200
        assert wait_until(accepted)


def test_AbortedWaits_LeaveNoCloseWaitAndNoWaiter():
    with Server() as server:
        baseline = socket_count(server.pid)  # the listeners
        run = server.create_run()
        assert wait_until(lambda: socket_count(server.pid) <= baseline)  # create_run's connection is gone

        def all_gone(what):
            # Each aborted wait frees its descriptor and its waiter at once; one the server
            # missed holds both until its own timeout (600 s), far past the deadline.
            assert wait_until(lambda: socket_count(server.pid) <= baseline), (what, socket_count(server.pid), baseline)
            assert wait_until(lambda: long_polls(server) == 0), (what, long_polls(server))
            assert wait_until(lambda: close_wait_count(server.port) == 0), (what, close_wait_count(server.port))

        socks = [open_wait(server, run, timeout=600) for _ in range(50)]
        assert wait_until(lambda: socket_count(server.pid) >= baseline + 50)
        for s in socks:
            s.close()  # FIN while the wait is pending: the client went away
        all_gone("FIN")
        # Resets too.
        socks = [open_wait(server, run, timeout=600) for _ in range(50)]
        assert wait_until(lambda: socket_count(server.pid) >= baseline + 50)
        for s in socks:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            s.close()
        all_gone("RST")
        # A FIN right behind the request: it reaches the server before the wait has looked up
        # the run and registered (another thread does that), the window where a hang-up was missed.
        for _ in range(50):
            open_wait(server, run, timeout=600).close()
        all_gone("FIN behind the request")
        # And no waiter stays behind holding a place: 64 new waits still fit.
        again = [open_wait(server, run, timeout=60) for _ in range(MAX_WAITS_PER_ADDRESS)]
        try:
            assert wait_until(lambda: long_polls(server) == MAX_WAITS_PER_ADDRESS), long_polls(server)
            probe = open_wait(server, run, timeout=1)
            status, data = read_status(probe)
            probe.close()
            assert status == 429, data  # the 65th: the 64 above hold every place, none leaked
        finally:
            for s in again:
                s.close()


def test_DescriptorCap_BacksOffWithoutSpinningAndRecovers():
    nofile = 256
    with Server(nofile=(nofile, nofile), log_level="warn") as server:
        run = server.create_run()
        socks = []
        # More waits than descriptors, from several loopback addresses (64 per address).
        for i in range(nofile + 60):
            source = f"127.0.0.{2 + i // 60}"
            try:
                socks.append(open_wait(server, run, timeout=600, source=source))
            except OSError:
                break  # the backlog is full: the kernel stops completing handshakes
        # The loops ran out of descriptors and backed off (what the rest of the test looks at).
        assert wait_until(lambda: "out of file descriptors" in server.log_text()), server.log_text()[-2000:]
        status_during = None
        try:
            status_during = server.request("GET", "/api/health", timeout=1)[0]
        except OSError:
            pass
        for s in socks:
            s.close()
        def healthy():
            try:
                return server.request("GET", "/api/health", timeout=2)[0] == 200
            except OSError:
                return False
        assert wait_until(healthy, pause=0.2), server.log_text()[-2000:]
        log = server.log_text()
        lines = [l for l in log.splitlines() if "file descriptors" in l]
        print(f"\n{len(socks)} connections opened under ulimit -n {nofile}; health during: {status_during}; "
              f"{len(lines)} log lines about descriptors")
        assert any("out of file descriptors" in l for l in lines), log[-2000:]
        # One line when it starts, one per 10 s while it lasts, one when it ends, per loop.
        assert len(lines) <= 12, lines[:20]


def test_OneAddress_CannotHoldEveryDescriptor_AnotherDeviceIsServed():
    """1,100 connections from one address under a 1,024-descriptor cap took every descriptor:
    other devices waited in the backlog until they timed out. Now one address holds at most a
    quarter of the cap (HTTPLimits.connectionsPerAddress); the rest are refused at accept with
    a 503 naming the limit, logged a bounded number of times."""
    nofile, attempts = 1024, 1100
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < attempts + 200:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(attempts + 200, hard), hard))
    with Server(nofile=(nofile, nofile), log_level="warn") as server:
        socks = []
        try:
            for _ in range(attempts):
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.bind(("127.0.0.2", 0))
                s.settimeout(10)
                s.connect((LOOPBACK, server.port))
                socks.append(s)
            # Another device is answered while they are open (10 s is a liveness bound).
            status, _, data, _ = server.request("GET", "/api/health", timeout=10, source="127.0.0.3")
            assert status == 200, data
            # The last one was over the bound: answered 503 naming it, and closed.
            answer = b""
            while True:
                chunk = socks[-1].recv(65536)
                if not chunk:
                    break
                answer += chunk
            assert status_line(answer) == 503, answer[:300]
            body = json.loads(answer.split(b"\r\n\r\n", 1)[1])
            assert body["error"]["code"] == "too_many_connections", body
            assert "256 connections" in body["error"]["message"], body  # a quarter of 1,024
            # The ones under the bound are served as ever.
            socks[0].sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            assert status_line(socks[0].recv(65536)) == 200
        finally:
            for s in socks:
                s.close()
        lines = [l for l in server.log_text().splitlines() if "per address" in l]
        print(f"\n{attempts} connections from one address under ulimit -n {nofile}: {len(lines)} log lines about the bound")
        assert lines and len(lines) <= 4, lines[:10]


def test_OneAddressOverTLS_IsRefusedBeforeAnyHandshake_AnotherDeviceIsServed():
    """Over TLS a connection over the bound is closed at accept: no handshake is spent on it.
    Prints what each held TLS connection costs the server (RSS)."""
    nofile, attempts = 1024, 300
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    with Server(tls=True, nofile=(nofile, nofile), log_level="warn") as server:
        before = rss_kib(server.pid)
        held, refused = [], 0
        try:
            for _ in range(attempts):
                raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                raw.bind(("127.0.0.2", 0))
                raw.settimeout(10)
                raw.connect((LOOPBACK, server.port))
                try:
                    held.append(ctx.wrap_socket(raw, server_hostname="localhost"))
                except (ssl.SSLError, ConnectionError, OSError):
                    refused += 1
                    raw.close()
            during = rss_kib(server.pid)
            assert len(held) == nofile // 4 and refused == attempts - nofile // 4, (len(held), refused)
            conn = http.client.HTTPSConnection(LOOPBACK, server.port, timeout=10, context=ctx, source_address=("127.0.0.3", 0))
            conn.request("GET", "/api/health")
            assert conn.getresponse().status == 200
            conn.close()
        finally:
            for s in held:
                s.close()
        print(f"\n{attempts} TLS connections from one address under ulimit -n {nofile}: {len(held)} held, "
              f"{refused} refused before their handshake; RSS {before} -> {during} KiB "
              f"({(during - before) / max(1, len(held)):.1f} KiB per held connection)")


def test_KeepAlive_EndsAfterItsRequests_WithConnectionClose():
    """Any request renewed the 60 s idle clock, so a client asking once a minute kept its
    connection for ever. Now the 1,000th answer on a connection (nginx's keepalive_requests)
    says Connection: close, and the server closes it."""
    requests = 1000  # HTTPLimits.requestsPerConnection
    with Server() as server:
        conn = http.client.HTTPConnection(LOOPBACK, server.port, timeout=10)
        for i in range(1, requests + 1):
            conn.request("GET", "/api/health")
            resp = conn.getresponse()
            resp.read()
            assert resp.status == 200
            closing = (resp.getheader("Connection") or "").lower() == "close"
            assert closing == (i == requests), f"answer {i}: Connection: {resp.getheader('Connection')}"
        conn.close()


# MARK: the data folder


def start_serve(data_dir, extra=()):
    return subprocess.run([SERVER_BINARY, "serve", "--host", LOOPBACK, "--port", "0", "--second-port", "off",
                           "--setup-port", "off", "--data-dir", data_dir, "--log-level", "warn",
                           "--public", os.path.join(REPO, "Public")] + list(extra),
                          capture_output=True, text=True, timeout=60)


def test_NewDataFolder_IsOwnerOnlyWithPrivateFiles0600():
    parent = tempfile.mkdtemp(prefix="probe-folder-")
    data = os.path.join(parent, "data")
    try:
        with Server(data_dir=data, tls=True):
            pass
        assert stat.S_IMODE(os.stat(data).st_mode) == 0o700
        for name in ["token", "key.pem", "probe.sqlite"]:
            assert stat.S_IMODE(os.stat(os.path.join(data, name)).st_mode) == 0o600, name
        # The CA's key lives in the user's CA folder (support.Server: DATA-ca), owner-only too.
        assert stat.S_IMODE(os.stat(data + "-ca").st_mode) == 0o700
        assert stat.S_IMODE(os.stat(os.path.join(data + "-ca", "ca-key.pem")).st_mode) == 0o600
        assert not os.path.exists(os.path.join(data, "ca-key.pem"))
    finally:
        subprocess.run(["rm", "-rf", parent])


def test_WorldWritableFolderWithPlantedFiles_IsRefusedWithExit73():
    data = tempfile.mkdtemp(prefix="probe-planted-")
    try:
        os.chmod(data, 0o777)
        with open(os.path.join(data, "token"), "w") as f:
            f.write("planted-token\n")
        done = start_serve(data)
        assert done.returncode == 73, (done.returncode, done.stderr)
        assert "chmod 700" in done.stderr and "writable by every user" in done.stderr, done.stderr
        with open(os.path.join(data, "token")) as f:
            assert f.read() == "planted-token\n"
        assert not os.path.exists(os.path.join(data, "probe.sqlite"))
    finally:
        subprocess.run(["rm", "-rf", data])


@pytest.mark.parametrize("name", ["token", "ca-key.pem"])
def test_SymlinkedSecret_IsRefusedNeverFollowed(name):
    data = tempfile.mkdtemp(prefix="probe-symlink-")
    target = tempfile.NamedTemporaryFile(delete=False, prefix="probe-target-")
    try:
        target.write(b"precious\n")
        target.close()
        os.symlink(target.name, os.path.join(data, name))
        done = start_serve(data, [] if name == "token" else [])
        assert done.returncode == 73, (done.returncode, done.stderr)
        assert "symbolic link" in done.stderr and f"rm {data}/{name}" in done.stderr, done.stderr
        with open(target.name, "rb") as f:
            assert f.read() == b"precious\n"
    finally:
        subprocess.run(["rm", "-rf", data, target.name])


# MARK: CSP, away.html


def free_ports(n=3):
    for _ in range(50):
        with socket.socket() as s:
            s.bind((LOOPBACK, 0))
            base = s.getsockname()[1]
        if base > 65000:
            continue
        try:
            held = []
            for p in range(base, base + n):
                s = socket.socket()
                s.bind((LOOPBACK, p))
                held.append(s)
            for s in held:
                s.close()
            return base
        except OSError:
            for s in held:
                s.close()
    raise RuntimeError("no free ports")


def test_CSP_NamesExactOriginsWithoutWildcardHosts():
    base = free_ports()
    server = Server(tls=True, extra=["--port", str(base), "--second-port", str(base + 1), "--setup-port", str(base + 2)])
    # Server.start passes --port 0 first; the later flags win.
    with server:
        import ssl
        import http.client
        conn = http.client.HTTPSConnection(LOOPBACK, server.port, context=ssl._create_unverified_context(), timeout=10)
        conn.request("GET", "/")
        r = conn.getresponse()
        r.read()
        csp = r.getheader("Content-Security-Policy")
        conn.close()
    directives = dict((d.strip().split(" ", 1) + [""])[:2] for d in csp.split(";"))
    for name in ["frame-ancestors", "frame-src", "connect-src", "img-src"]:
        sources = directives[name].split()
        assert not any("*" in s for s in sources), (name, sources)
        assert f"https://localhost:{base + 1}" in sources, (name, sources)
        assert f"https://127.0.0.1:{base}" in sources, (name, sources)
        assert f"http://localhost:{base + 2}" in sources, (name, sources)


AWAY_ATTACKS = [
    "/%09/evil.example:8443/",
    "/%0A/evil.example/",
    "/%0D/evil.example/",
    "//evil.example/",
    "/\\evil.example/",
    "\\\\evil.example/",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    " //evil.example/",
]


def stay_home(origin, foreign):
    """A route handler that lets requests to `origin` through and records (and aborts) the rest."""
    def route(r):
        if r.request.url.startswith(origin + "/"):
            r.continue_()
        else:
            foreign.append(r.request.url)
            r.abort()
    return route


def test_AwayPage_SendsNobodyAnywhere_WhateverItsQuery():
    """away.html follows no parameter: an open redirect would load any page inside the WebView
    under test, with the app's bridges, and a same-origin one needs a parse the browser does
    its own way (the WHATWG URL parser strips tab, CR and LF and reads backslashes as slashes:
    "/%09/evil.example" is "//evil.example", https://url.spec.whatwg.org/#concept-basic-url-parser).
    Its one link goes to this device's own run, else to the start page."""
    from playwright.sync_api import sync_playwright
    from urllib.parse import quote
    with Server() as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        try:
            origin = f"http://{LOOPBACK}:{server.port}"
            for back in AWAY_ATTACKS + ["/away.html?return=1#top", "/?navcheck=1"]:
                for name in ("back", "close"):
                    context = browser.new_context()
                    foreign = []
                    context.route("**/*", stay_home(origin, foreign))
                    page = context.new_page()
                    target = back if back.startswith("/%") else quote(back, safe="")
                    opened = f"{origin}/away.html?{name}={target}"
                    page.goto(opened)
                    page.wait_for_timeout(300)
                    href = page.evaluate("() => document.getElementById('away-back').href")
                    url = page.url
                    context.close()
                    assert not foreign, (name, back, foreign)
                    assert url == opened, (name, back, url)
                    assert href == f"{origin}/", (name, back, href)
        finally:
            browser.close()


# MARK: terminal and Markdown


HOSTILE_LABEL = "nightly\n  verdict:   READY \u202eYDAER"


def cli(server, *args):
    return subprocess.run([SERVER_BINARY, *args, "--server", f"http://{LOOPBACK}:{server.port}", "--token", server.token()],
                          capture_output=True, text=True, timeout=60, env=dict(os.environ, NO_COLOR="1"))


def test_TerminalOutput_ShowsNewlinesAndBidiControlsEscaped():
    with Server() as server:
        status, _, data, parsed = server.request("POST", "/api/runs", {"label": HOSTILE_LABEL})
        assert status == 201, data
        run = parsed["id"]
        post_results(server, run, [result(run)])
        for args in (["runs"], ["report", run]):
            done = cli(server, *args)
            out = done.stdout
            assert "\u202e" not in out and "\\u{202E}" in out, (args, out)
            assert "nightly\\n  verdict:   READY" in out, (args, out)
            # The only verdict line is the server's own.
            assert not any(line.strip().startswith("verdict:   READY") for line in out.splitlines()), out


# Characters that show nothing on a terminal: zero-width space, a tag character, the line and
# paragraph separators, a byte-order mark, a soft hyphen, the Hangul filler.
INVISIBLE_LABEL = "nightly\u200b\U000e0041\u2028verdict: READY\u2029\ufeff\u00ad\u3164"


def test_TerminalOutput_ShowsInvisibleCharactersEscaped():
    with Server() as server:
        status, _, data, parsed = server.request("POST", "/api/runs", {"label": INVISIBLE_LABEL})
        assert status == 201, data
        run = parsed["id"]
        post_results(server, run, [result(run)])
        for args in (["runs"], ["report", run], ["wait", run, "--timeout", "5"]):
            if args[0] == "wait":
                status, _, data, _ = server.request("POST", f"/api/runs/{run}/complete", {}, headers=auth(server))
                assert status == 200, data
            out = cli(server, *args).stdout
            assert not [c for c in INVISIBLE_LABEL if ord(c) > 0x7f and c in out], (args, out)
            assert "nightly\\u{200B}\\u{E0041}\\u{2028}verdict: READY\\u{2029}\\u{FEFF}\\u{AD}\\u{3164}" in out, (args, out)


def markdown_of_label(server, label):
    """report.md of a run created with `label` and one result."""
    status, _, data, parsed = server.request("POST", "/api/runs", {"label": label})
    assert status == 201, data
    run = parsed["id"]
    post_results(server, run, [result(run)])
    status, _, body, _ = server.request("GET", f"/api/runs/{run}/report.md", headers=auth(server))
    assert status == 200
    return body.decode()


def test_MarkdownReport_LinksNoIssueOrPullRequestReference():
    with Server() as server:
        text = markdown_of_label(server, "fixes org/repo#1, #2 and GH-3")
        assert "org/repo&#35;1" in text and "&#35;2" in text and "GH\u2060-3" in text, text
        assert not re.search(r"(?<!&)#\d|GH-\d", text), re.findall(r".{20}(?:(?<!&)#\d|GH-\d).{5}", text)


def test_MarkdownReport_NeutralisesMentionsTableBreaksAndBidi():
    with Server() as server:
        text = markdown_of_label(server, "@octocat | x \u202e")
        assert "@\u2060octocat" in text and "@octocat" not in text
        assert "\\|" in text and "\u202e" not in text and "\\u{202E}" in text


# Words that are each a workflow command if they reach the start of a log line (the runner
# trims leading whitespace first), a legacy `##[…]` command anywhere, and links GitHub would
# autolink: what a device sends through its label, metadata and an observed error message.
FORGED_COMMANDS = " ".join(["::notice::forged"] * 6 + ["::stop-commands::x", "##[set-output name=a]b", "::warning::w"] * 3)
PLANTED_LINKS = "see https://evil.example/x HTTP://evil.example/y www.evil.example victim@evil.example"
ANDROID_WEBVIEW = ("Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) "
                   "Version/4.0 Chrome/130.0.6723.86 Mobile Safari/537.36")
AUTOLINKABLE = re.compile(r"(?i)(https?://|www\.)evil|[\w.+-]+@evil\.")


def test_WaitInGitHubActions_PrintsNoWorkflowCommandFromDeviceText(tmp_path):
    with Server() as server:
        forged = FORGED_COMMANDS + " " + PLANTED_LINKS
        # A label holds at most 200 bytes; the error message carries the long text.
        short = "::notice::forged ##[set-output name=l]v ::warning::w https://evil.example/l www.evil.example"
        run = server.create_run(label=short, metadata={"deviceModel": short})
        denied = result(run, probe="camera.getUserMedia", status="fail",
                        observed={"outcome": "error", "errorName": "NotAllowedError", "errorMessage": forged,
                                  "elapsedMs": 8, "promptShown": False})
        platform = result(run, probe="env.platform", status="info", observed={"userAgent": ANDROID_WEBVIEW})
        status, _, data, _ = server.request("POST", server.results_path(run), {"results": [platform, denied]})
        assert status in (200, 201), data
        status, _, data, _ = server.request("POST", f"/api/runs/{run}/complete", {}, headers={"X-Probe-Key": server.keys[run]})
        assert status == 200, data
        summary, markdown = tmp_path / "summary.md", tmp_path / "report.md"
        env = dict(os.environ, NO_COLOR="1", GITHUB_ACTIONS="true", GITHUB_STEP_SUMMARY=str(summary))
        done = subprocess.run([SERVER_BINARY, "wait", run, "--server", f"http://{LOOPBACK}:{server.port}",
                               "--token", server.token(), "--timeout", "30", "--markdown", str(markdown)],
                              capture_output=True, text=True, timeout=60, env=env)
        assert done.returncode in (1, 2), done.stderr  # findings, or incomplete: 2 of the probes ran
        assert "forged" in done.stdout, "the device text is shown, as data"

        # The runner reads stdout and stderr alike.
        lines = done.stdout.splitlines() + done.stderr.splitlines()
        stop = lines[0]
        assert re.fullmatch(r"::stop-commands::probe-server-[0-9a-f]{32}", stop), lines[:3]
        resume = "::" + stop[len("::stop-commands::"):] + "::"
        assert resume in lines
        annotations = done.stdout.splitlines()[done.stdout.splitlines().index(resume) + 1:]
        assert any(a.startswith("::error ") for a in annotations), done.stdout
        assert all(re.match(r"::(error|warning) title=[^:,]*::", a) for a in annotations), annotations
        for line in lines:
            if line in (stop, resume) or line in annotations:
                continue
            assert not line.lstrip().startswith("::"), line
            assert "##[" not in line, line

        status, _, body, _ = server.request("GET", f"/api/runs/{run}/report.md", headers=auth(server))
        assert status == 200
        for name, text in (("report.md", body.decode()), ("--markdown", markdown.read_text()),
                           ("GITHUB_STEP_SUMMARY", summary.read_text())):
            assert "forged" in text, name
            assert not AUTOLINKABLE.search(text), (name, AUTOLINKABLE.search(text))


# MARK: /qr.svg


def qr_get(server, url, context):
    import http.client
    import urllib.parse
    conn = http.client.HTTPSConnection("localhost", server.port, context=context, timeout=30)
    try:
        conn.request("GET", "/qr.svg?url=" + urllib.parse.quote(url, safe=""))
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def own_url(server, length, tag=""):
    base = f"https://localhost:{server.port}/?run=r{tag}&key="
    return base + "k" * (length - len(base))


def test_QRCode_OfA1000ByteOwnURL_DecodesBackWithZbar(tmp_path):
    # Before: 1,024 bytes were advertised, but nothing over 213 (version 10) was drawn.
    import ssl
    with Server(tls=True) as server:
        context = ssl.create_default_context(cafile=os.path.join(server.data_dir, "ca.pem"))
        url = own_url(server, 1000)
        assert len(url.encode()) == 1000
        status, headers, svg = qr_get(server, url, context)
        assert status == 200, svg[:300]
        assert headers["content-type"] == "image/svg+xml"
        (tmp_path / "code.svg").write_bytes(svg)
        subprocess.run(["rsvg-convert", "-o", str(tmp_path / "code.png"), str(tmp_path / "code.svg")], check=True)
        decoded = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(tmp_path / "code.png")],
                                 capture_output=True, text=True, check=True).stdout.strip()
        assert decoded == url


def test_QRCodes_BeyondTheDrawingRate_Are429_WhileCachedOnesStillAnswer():
    # Before: every request drew a code on the event loop, unthrottled.
    import ssl
    with Server(tls=True) as server:
        context = ssl.create_default_context(cafile=os.path.join(server.data_dir, "ca.pem"))
        first = own_url(server, 120, tag="0")
        assert qr_get(server, first, context)[0] == 200
        # Far past the burst of 20, side by side: the rate is taken before the drawing, so
        # however long one takes, the bucket (5/s) cannot keep up.
        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            answers = list(pool.map(lambda i: qr_get(server, own_url(server, 120, tag=str(i)), context), range(1, 201)))
        assert {status for status, _, _ in answers} <= {200, 429}, [a[2][:200] for a in answers if a[0] not in (200, 429)][:1]
        refused = [(headers, json.loads(body)) for status, headers, body in answers if status == 429]
        assert refused, "no QR code was refused"
        headers, body = refused[0]
        assert int(headers["retry-after"]) >= 1
        assert body["error"]["code"] == "too_many_qr_codes", body
        # A code drawn recently is answered from the cache, not counted against the rate.
        assert qr_get(server, first, context)[0] == 200

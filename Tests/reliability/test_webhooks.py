"""--webhook: each judged run's verdict posted to a receiver that fails at first, signed with
HMAC-SHA256 (RFC 2104) over a timestamp, the delivery id and the body, delivered at least
once, judged and announced once, on disk before `complete` answers, one receiver never in
the way of another, and never in the way of the results."""
import concurrent.futures
import http.server
import json
import os
import re
import socket
import struct
import threading
import time

from support import REPO, Server, result

SECRET = "webhook-secret-for-the-test"
# Each judged run must reach the receiver within this: a liveness bound, not a timing claim
# (the retries wait 1 s, then 2 s).
DELIVERY_BOUND_S = 30


def readme_receiver():
    """The documented receiver check (the ```python block of "Announcing verdicts" in
    docs/team-instance.md), run as written: returns its `verified(headers, body, secret, now=None)`."""
    with open(os.path.join(REPO, "docs", "team-instance.md"), encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("**Announcing verdicts.**"):]
    block = re.search(r"```python\n(.*?)```", section, re.S)
    assert block, "docs/team-instance.md: no ```python block under 'Announcing verdicts'"
    scope = {}
    exec(compile(block.group(1), "docs/team-instance.md (receiver)", "exec"), scope)
    return scope["verified"]


class Receiver:
    """Answers 500 first, then resets the connection, then accepts; keeps what it accepted.
    `hang=True`: accepts the connection, reads the request and never answers (until closed)."""

    def __init__(self, failures=("500", "reset"), hang=False):
        self.failures = list(failures)
        self.hang = hang
        self.attempts = 0
        self.accepted = []
        # The connections held without an answer, while `hang` was set.
        self.hung = []
        self.release = threading.Event()
        self.lock = threading.Lock()
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                if outer.hang:
                    with outer.lock:
                        outer.attempts += 1
                        outer.hung.append(self.connection)
                    outer.release.wait()
                    self.close_connection = True
                    return
                with outer.lock:
                    outer.attempts += 1
                    failure = outer.failures.pop(0) if outer.failures else None
                    if failure is None:
                        outer.accepted.append((dict(self.headers), body))
                if failure == "500":
                    self.send_response(500)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                elif failure == "reset":
                    # SO_LINGER 0: close() sends a TCP RST instead of a FIN.
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    self.connection.close()
                    self.close_connection = True
                else:
                    self.send_response(204)
                    self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/hook"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def wait_accepted(self, n):
        deadline = time.monotonic() + DELIVERY_BOUND_S
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.accepted) >= n:
                    return list(self.accepted)
            time.sleep(0.05)
        raise AssertionError(f"{len(self.accepted)} deliveries accepted of {n} after {self.attempts} attempts")

    def wait_hung(self, n=1):
        deadline = time.monotonic() + DELIVERY_BOUND_S
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.hung) >= n:
                    return list(self.hung)
            time.sleep(0.05)
        raise AssertionError(f"{len(self.hung)} attempts held of {n}")

    def close(self):
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


def still_open(connection):
    """True while the peer (the server's webhook client) keeps the connection open."""
    try:
        return connection.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def complete(server, run):
    return server.request("POST", f"/api/runs/{run}/complete?key={server.keys[run]}", {})


def judge(server):
    run = server.create_run(label="webhook")
    status, _, data, _ = server.request("POST", server.results_path(run), {"results": [result(run)]})
    assert status == 200, data
    status, _, data, parsed = complete(server, run)
    assert status == 200, data
    return run, parsed["verdict"]


def runs_judged(server):
    """probe_runs_judged_total, every verdict: the verdict feed the terminal line comes from."""
    status, _, data, _ = server.request("GET", "/metrics", headers={"Authorization": "Bearer " + server.token()})
    assert status == 200, data
    return sum(float(v) for v in re.findall(rb"^probe_runs_judged_total\{[^}]*\} (\S+)$", data, re.M))


def test_Webhook_ThatFailsFirst_IsRetriedUntilDelivered_SignedWithTheSecret():
    receiver = Receiver()
    try:
        with Server(extra=["--webhook", receiver.url, "--webhook-secret", SECRET]) as server:
            run, verdict = judge(server)
            # Results keep being acknowledged while the receiver fails.
            other = server.create_run()
            for attempt in range(1, 4):
                status, _, data, parsed = server.request(
                    "POST", server.results_path(other), {"results": [result(other, attempt=attempt)]})
                assert status == 200 and parsed["accepted"] == 1, data
            [(headers, body)] = receiver.wait_accepted(1)
            assert receiver.attempts == 3
            assert readme_receiver()(headers, body, SECRET)
            announced = json.loads(body)
            assert announced["event"] == "run.judged"
            assert announced["run"]["id"] == run and announced["run"]["verdict"] == verdict
            assert announced["run"]["label"] == "webhook"
            assert announced["run"]["report"].endswith("/runs/" + run)
            assert headers["X-Probe-Delivery"]
    finally:
        receiver.close()


def test_Webhook_PendingAtAStop_IsDeliveredAfterTheRestart():
    receiver = Receiver(failures=["500"] * 1000)
    try:
        server = Server(extra=["--webhook", receiver.url, "--webhook-secret", SECRET])
        with server:
            run, _ = judge(server)
            deadline = time.monotonic() + DELIVERY_BOUND_S
            while receiver.attempts == 0 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert receiver.attempts >= 1
            data_dir = server.data_dir
            server.owns_dir = False
        receiver.failures = []
        with Server(data_dir=data_dir, extra=["--webhook", receiver.url, "--webhook-secret", SECRET]):
            [(headers, body)] = receiver.wait_accepted(1)
            assert json.loads(body)["run"]["id"] == run
    finally:
        receiver.close()


def test_Webhook_WithoutASecret_IsAUsageError():
    import subprocess
    from support import SERVER_BINARY
    out = subprocess.run([SERVER_BINARY, "serve", "--http", "--webhook", "http://127.0.0.1:9/x"],
                         capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"}, timeout=30)
    assert out.returncode == 64
    assert "--webhook-secret" in out.stderr


def test_ReadmeReceiver_RefusesAReplayedDelivery_AndATimestampOrIdItWasNotSignedWith():
    verified = readme_receiver()
    receiver = Receiver(failures=[])
    try:
        with Server(extra=["--webhook", receiver.url, "--webhook-secret", SECRET]) as server:
            judge(server)
            [(headers, body)] = receiver.wait_accepted(1)
        sent = int(headers["X-Probe-Timestamp"])
        assert verified(headers, body, SECRET, now=sent)
        # The same capture, re-sent after the tolerance: refused.
        assert not verified(headers, body, SECRET, now=sent + 301)
        # A fresh timestamp, or another delivery id, on the captured signature: refused.
        assert not verified(dict(headers, **{"X-Probe-Timestamp": str(sent + 400)}), body, SECRET, now=sent + 400)
        assert not verified(dict(headers, **{"X-Probe-Delivery": "another"}), body, SECRET, now=sent)
        assert not verified(headers, body + b" ", SECRET, now=sent)
        assert not verified(headers, body, "another secret", now=sent)
    finally:
        receiver.close()


def test_ManyCompletesOfOneRun_AreJudgedAndAnnouncedOnce():
    receiver = Receiver(failures=[])
    try:
        with Server(extra=["--webhook", receiver.url, "--webhook-secret", SECRET]) as server:
            run = server.create_run(label="once")
            assert server.request("POST", server.results_path(run), {"results": [result(run)]})[0] == 200
            with concurrent.futures.ThreadPoolExecutor(16) as pool:
                answers = list(pool.map(lambda _: complete(server, run), range(300)))
            assert {a[0] for a in answers} == {200}, {a[0] for a in answers}
            assert len({a[3]["verdict"] for a in answers}) == 1
            # One queue per receiver, in order: once the next run's delivery is in, any
            # further delivery of the first would have come before it.
            later, _ = judge(server)
            accepted = receiver.wait_accepted(2)
            ids = [json.loads(body)["run"]["id"] for _, body in accepted]
            assert ids == [run, later], ids
            assert runs_judged(server) == 2
    finally:
        receiver.close()


def test_ResultAfterComplete_Is409NamingANewRun_AndTheVerdictStays():
    with Server() as server:
        run = server.create_run()
        assert server.request("POST", server.results_path(run), {"results": [result(run)]})[0] == 200
        status, _, data, first = complete(server, run)
        assert status == 200, data
        status, _, data, refused = server.request(
            "POST", server.results_path(run), {"results": [result(run, attempt=2, status="fail")]})
        assert status == 409, data
        assert refused["error"]["code"] == "run_completed"
        assert "start a new run" in refused["error"]["message"]
        # A retry of a result stored before completion is still a duplicate, not a refusal.
        status, _, data, again = server.request("POST", server.results_path(run), {"results": [result(run)]})
        assert status == 200 and again["duplicates"] == 1, data
        status, _, data, second = complete(server, run)
        assert status == 200 and second["verdict"] == first["verdict"], data
        status, _, _, stored = server.request("GET", f"/api/runs/{run}?key={server.keys[run]}")
        assert stored["verdict"] == first["verdict"]
        assert [r["probe"] for r in stored["results"]] == ["storage.local"]


def test_KilledRightAfterComplete_LosesNoDelivery():
    # The receiver holds the first attempt: nothing after it is attempted before the kill.
    receiver = Receiver(failures=[], hang=True)
    server = Server(extra=["--webhook", receiver.url, "--webhook-secret", SECRET])
    try:
        with server:
            server.owns_dir = False
            runs = [judge(server)[0] for _ in range(20)]
            server.kill()
        receiver.hang = False
        with Server(data_dir=server.data_dir, extra=["--webhook", receiver.url, "--webhook-secret", SECRET]):
            deadline = time.monotonic() + DELIVERY_BOUND_S
            while time.monotonic() < deadline:
                with receiver.lock:
                    delivered = {json.loads(body)["run"]["id"] for _, body in receiver.accepted}
                if delivered >= set(runs):
                    break
                time.sleep(0.05)
            assert delivered == set(runs), f"{len(set(runs) - delivered)} of 20 deliveries lost"
    finally:
        receiver.close()
        import shutil
        shutil.rmtree(server.data_dir, ignore_errors=True)


def test_HungReceiver_DoesNotHoldAnotherReceiversDeliveries():
    hung = Receiver(failures=[], hang=True)
    other = Receiver(failures=[])
    try:
        with Server(extra=["--webhook", hung.url, "--webhook", other.url, "--webhook-secret", SECRET]) as server:
            first, _ = judge(server)
            [held] = hung.wait_hung(1)
            other.wait_accepted(1)
            # Delivered while the hung receiver's attempt is still waiting for its answer.
            assert still_open(held), "the other receiver got its delivery only after the hung attempt gave up"
            second, _ = judge(server)
            accepted = other.wait_accepted(2)
            assert still_open(held)
            assert [json.loads(body)["run"]["id"] for _, body in accepted] == [first, second]
    finally:
        hung.close()
        other.close()

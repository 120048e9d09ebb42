"""--webhook: each judged run's verdict posted to a receiver that fails at first, signed with
HMAC-SHA256 (RFC 2104), delivered at least once, and never in the way of the results."""
import hashlib
import hmac
import http.server
import json
import socket
import struct
import threading
import time

from support import Server, result

SECRET = "webhook-secret-for-the-test"
# Each judged run must reach the receiver within this: a liveness bound, not a timing claim
# (the retries wait 1 s, then 2 s).
DELIVERY_BOUND_S = 30


class Receiver:
    """Answers 500 first, then resets the connection, then accepts; keeps what it accepted."""

    def __init__(self, failures=("500", "reset")):
        self.failures = list(failures)
        self.attempts = 0
        self.accepted = []
        self.lock = threading.Lock()
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
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

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def judge(server):
    run = server.create_run(label="webhook")
    status, _, data, _ = server.request("POST", server.results_path(run), {"results": [result(run)]})
    assert status == 200, data
    status, _, data, parsed = server.request("POST", f"/api/runs/{run}/complete?key={server.keys[run]}", {})
    assert status == 200, data
    return run, parsed["verdict"]


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
            expected = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
            assert hmac.compare_digest(headers["X-Probe-Signature"], expected)
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

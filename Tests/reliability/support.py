"""Shared helpers of the reliability suites: paths, builds, and the server under test.

Everything listens on loopback only and every process started here is stopped by the
fixture or context manager that started it.
"""
import http.client
import json
import os
import re
import resource
import signal
import socket
import subprocess
import tempfile
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# The server binary under test; run.sh builds it in release mode and exports its path.
SERVER_BINARY = os.environ.get("PROBE_SERVER_BIN", "/tmp/build-rel/release/probe-server")
# A server that has not printed its port in this long did not start.
START_TIMEOUT_S = 30
# A graceful stop waits this long before SIGKILL.
STOP_TIMEOUT_S = 15
LOOPBACK = "127.0.0.1"


def build_parser_harness(output):
    subprocess.run([os.path.join(REPO, "Tests/reliability/parser-harness/build.sh"), output], check=True)


class Server:
    """One probe-server process on loopback, plain HTTP unless tls=True."""

    def __init__(self, data_dir=None, tls=False, nofile=None, extra=(), log_level="warn", port=0, binary=None):
        self.owns_dir = data_dir is None
        # Another build of the server (a copy whose bytes differ) where a test needs one.
        self.binary = binary or SERVER_BINARY
        # 0 asks the kernel; a fixed port lets a restarted server take its old place.
        self.fixed_port = port
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="probe-rel-")
        self.tls = tls
        self.nofile = nofile
        self.extra = list(extra)
        self.log_level = log_level
        self.proc = None
        self.port = None
        # Write keys of the runs create_run made, by id.
        self.keys = {}
        self.log_path = os.path.join(tempfile.gettempdir(), f"probe-rel-{os.getpid()}-{id(self)}.log")

    def start(self):
        args = [self.binary, "serve", "--host", LOOPBACK, "--port", str(self.fixed_port), "--second-port", "off",
                "--setup-port", "off", "--data-dir", self.data_dir, "--log-level", self.log_level,
                "--public", os.path.join(REPO, "Public")] + self.extra
        if not self.tls:
            args.append("--http")
        nofile = self.nofile

        def limit():
            if nofile is not None:
                # (soft, hard): the server raises its soft limit to the hard one at start.
                resource.setrlimit(resource.RLIMIT_NOFILE, nofile)
        self.port = None
        self.log = open(self.log_path, "ab")
        # The user's CA folder beside the data folder, never the real home's (docs/tls.md).
        env = dict(os.environ, PROBE_CA_DIR=self.data_dir.rstrip("/") + "-ca")
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=self.log, preexec_fn=limit, env=env)
        deadline = time.monotonic() + START_TIMEOUT_S
        banner = b""
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            banner += line
            m = re.search(rb"listening on \S*:(\d+)", line)
            if m:
                self.port = int(m.group(1))
                break
        if self.port is None:
            self.kill()
            raise RuntimeError(f"server did not start: {banner!r} {self.log_text()[-2000:]}")
        # Drain the rest of the banner in the background so the pipe never fills.
        subprocess.Popen(["cat"], stdin=self.proc.stdout, stdout=subprocess.DEVNULL)
        return self

    @property
    def pid(self):
        return self.proc.pid

    def token(self):
        with open(os.path.join(self.data_dir, "token")) as f:
            return f.read().strip()

    def log_text(self):
        try:
            with open(self.log_path, "rb") as f:
                return f.read().decode(errors="replace")
        except OSError:
            return ""

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.kill()
        self.proc = None

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=STOP_TIMEOUT_S)
        self.proc = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        if self.owns_dir:
            subprocess.run(["rm", "-rf", self.data_dir])

    # MARK: clients

    def connect(self, timeout=10):
        s = socket.create_connection((LOOPBACK, self.port), timeout=timeout)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return s

    def raw(self, data: bytes, timeout=10):
        """Sends bytes on a new connection, returns everything the server sends until it
        closes (or the timeout)."""
        with self.connect(timeout) as s:
            s.sendall(data)
            out = b""
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    out += chunk
            except socket.timeout:
                pass
            return out

    def request(self, method, path, body=None, headers=None, timeout=30, source=None):
        """One request; returns (status, headers dict lower-cased, body bytes, parsed JSON or None).
        `source`: the loopback address to send from (127.0.0.0/8 stands for separate devices)."""
        conn = http.client.HTTPConnection(LOOPBACK, self.port, timeout=timeout,
                                          source_address=(source, 0) if source else None)
        try:
            if isinstance(body, (dict, list)):
                body = json.dumps(body).encode()
                headers = dict(headers or {}, **{"Content-Type": "application/json"})
            conn.request(method, path, body=body, headers=headers or {})
            resp = conn.getresponse()
            data = resp.read()
            try:
                parsed = json.loads(data) if data else None
            except ValueError:
                parsed = None
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, data, parsed
        finally:
            conn.close()

    def create_run(self, **fields):
        """Creates a run and keeps its write key (results and complete need it)."""
        status, _, data, parsed = self.request("POST", "/api/runs", fields or {})
        assert status == 201, (status, data)
        self.keys[parsed["id"]] = parsed["writeKey"]
        return parsed["id"]

    def results_path(self, run_id):
        """Where the device posts the results of a run this client created: with its key."""
        return f"/api/runs/{run_id}/results?key={self.keys[run_id]}"


def result(run, probe="storage.local", attempt=1, **extra):
    r = {"run": run, "probe": probe, "attempt": attempt, "status": "pass",
         "observed": {"available": True}, "elapsedMs": 1.5, "at": "2026-11-30T03:00:00Z"}
    r.update(extra)
    return r


def status_line(response: bytes):
    """The status code of the first response in raw bytes, or None."""
    m = re.match(rb"HTTP/1\.[01] (\d{3}) ", response)
    return int(m.group(1)) if m else None


def fd_count(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0

"""Shared fixtures: the real probe-server binary, started on free loopback ports."""
import os
import re
import signal
import socket
import subprocess
import tempfile
import time

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("PROBE_SERVER_BIN", os.path.join(ROOT, ".build", "debug", "probe-server"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ca_dir_beside(data_dir):
    """The user CA folder a test gives a data folder: `DATA-ca` beside it, so no suite reads or
    writes the CA of the real home (docs/tls.md, "Where the CA lives"), a fresh data folder
    gets a fresh CA as before, and a restart with the same data folder finds the same CA."""
    return str(data_dir).rstrip("/") + "-ca"


class Server:
    """A probe-server process with its own data dir and CA folder (PROBE_CA_DIR); stdout (the
    banner) is captured. `binary`: another build than the suite's (PROBE_SERVER_BIN)."""

    # A port free when picked can be taken before the server binds it (another suite's
    # client, an outgoing connection's ephemeral port): the server then exits saying so, and
    # a fresh set of ports is picked, a few times at most.
    PORT_TAKEN = "is already served"
    START_ATTEMPTS = 3

    def __init__(self, *extra, data_dir=None, log_level="warn", ca_dir=None, env=None, binary=None):
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="probe-system-")
        # ca_dir="": no PROBE_CA_DIR, so the server finds the CA folder from `env`'s HOME and
        # XDG_DATA_HOME, as a user's shell has them.
        self.ca_dir = ca_dir_beside(self.data_dir) if ca_dir is None else ca_dir
        self.env = {k: v for k, v in os.environ.items() if k != "PROBE_CA_DIR"}
        if self.ca_dir:
            self.env["PROBE_CA_DIR"] = self.ca_dir
        self.env.update(env or {})
        self.out_path = os.path.join(self.data_dir, "stdout.txt")
        self.err_path = os.path.join(self.data_dir, "stderr.txt")
        for attempt in range(self.START_ATTEMPTS):
            self.port = free_port()
            self.second_port = free_port()
            self.setup_port = free_port()
            self.args = [binary or BINARY, "serve", "--port", str(self.port), "--second-port", str(self.second_port),
                         "--setup-port", str(self.setup_port), "--data-dir", self.data_dir,
                         *(["--log-level", log_level] if log_level else []), *extra]
            try:
                self._start()
                return
            except RuntimeError as error:
                if self.PORT_TAKEN not in str(error) or attempt == self.START_ATTEMPTS - 1:
                    raise

    def _start(self):
        self.proc = subprocess.Popen(self.args, cwd=ROOT, env=self.env, stdout=open(self.out_path, "w"),
                                     stderr=open(self.err_path, "w"))
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("probe-server exited: " + open(self.err_path).read())
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.05)
        # The banner is printed right after the listeners are up.
        deadline = time.time() + 5
        while time.time() < deadline and "open the probe page" not in self.banner:
            time.sleep(0.05)

    @property
    def banner(self):
        with open(self.out_path, encoding="utf-8") as f:
            return f.read()

    @property
    def ca(self):
        """The data folder's copy of the CA's certificate, as /setup serves it."""
        return os.path.join(self.data_dir, "ca.pem")

    def url(self, path="/", host="localhost"):
        return f"https://{host}:{self.port}{path}"

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        return self.proc.returncode


@pytest.fixture
def server():
    s = Server()
    yield s
    s.stop()


def scan_url(banner):
    m = re.search(r"scan: (\S+)", banner)
    return m.group(1) if m else None

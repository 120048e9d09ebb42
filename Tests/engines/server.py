"""The real probe-server for the matrix: HTTPS with the local CA it creates, a second
origin (another port; 127.0.0.1 is the other host name), and the run API."""

import json
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
import time
import urllib.error
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, binary, public, log_path):
        self.binary, self.public = binary, public
        self.data = tempfile.mkdtemp(prefix="engines-data-")
        self.port, self.second, self.setup = free_port(), free_port(), free_port()
        self.base = f"https://localhost:{self.port}"
        self.log = open(log_path, "w")
        self.proc = subprocess.Popen(
            [binary, "serve", "--port", str(self.port), "--second-port", str(self.second), "--setup-port", str(self.setup),
             "--data-dir", self.data, "--public", public, "--log-level", "warn"],
            stdout=self.log, stderr=subprocess.STDOUT)
        self.ca = os.path.join(self.data, "ca.pem")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"probe-server exited with {self.proc.returncode}; see {log_path}")
            if os.path.exists(self.ca):
                try:
                    self.get("/api/health")
                    break
                except (OSError, ssl.SSLError, urllib.error.URLError):
                    pass
            time.sleep(0.2)
        else:
            self.stop()
            raise RuntimeError(f"probe-server did not answer on {self.base} within 60 s; see {log_path}")

    def _ctx(self):
        return ssl.create_default_context(cafile=self.ca)

    def token(self):
        with open(os.path.join(self.data, "token")) as f:
            return f.read().strip()

    def request(self, method, path, body=None, timeout=30, token=False):
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        if token:
            headers["Authorization"] = "Bearer " + self.token()
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(req, context=self._ctx(), timeout=timeout) as r:
            return json.loads(r.read() or b"null")

    def get(self, path, timeout=30, token=False):
        return self.request("GET", path, timeout=timeout, token=token)

    def create_run(self, label, platform):
        return self.request("POST", "/api/runs", {"label": label, "platform": platform})

    def wait(self, run, timeout):
        return self.get(f"/api/runs/{run}/wait?timeout={int(timeout)}", timeout=timeout + 15)

    def diff(self, run):
        return self.get(f"/api/runs/{run}/diff")

    def undeclared_fields(self, run):
        """`probe.field` for each field the page posted in this run that its probe does not
        declare in the served catalog (the step-start marker's fields included); the store is
        read read-only, as the page tests do."""
        import sqlite3
        catalog = self.get("/api/config")["catalog"]
        declared = {p["id"]: {f["name"] for f in p["observed"]} for p in catalog["probes"]}
        declared[catalog["stepMarker"]["probe"]] = set(catalog["stepMarker"]["observed"])
        db = sqlite3.connect(f"file:{self.data}/probe.sqlite?mode=ro", uri=True)
        rows = db.execute("select probe, observed from results where run_id = ?", (run,)).fetchall()
        db.close()
        return sorted({f"{probe}.{name}" for probe, observed in rows if probe in declared
                       for name in json.loads(observed) if name not in declared[probe]})

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        shutil.rmtree(self.data, ignore_errors=True)

"""Fixtures for the page tests: the real probe-server binary and headless Chromium.

No mocks: the server is the built binary (HTTPS with its own local CA, the second origin
on port+1, plain HTTP on port+2), the browser is Debian's Chromium with a fake camera."""
import os
import pathlib
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
import ssl
import json

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
PUBLIC = REPO / "Public"
SCRATCH = os.environ.get("PROBE_SCRATCH", "/tmp/build-page")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
UNVERIFIED = ssl._create_unverified_context()


def free_port_triple():
    """A port P with P+1 and P+2 free too (page, second origin, plain-HTTP setup port)."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            base = s.getsockname()[1]
        if base > 65000:
            continue
        ok = True
        for p in (base, base + 1, base + 2):
            with socket.socket() as s:
                try:
                    s.bind(("127.0.0.1", p))
                except OSError:
                    ok = False
        if ok:
            return base
    raise RuntimeError("no three consecutive free ports")


def server_binary():
    explicit = os.environ.get("PROBE_SERVER_BIN")
    if explicit:
        return explicit
    subprocess.run(["swift", "build", "--scratch-path", SCRATCH, "--product", "probe-server"], cwd=REPO, check=True)
    out = subprocess.run(["swift", "build", "--scratch-path", SCRATCH, "--show-bin-path"], cwd=REPO, check=True,
                         capture_output=True, text=True).stdout.strip()
    return os.path.join(out, "probe-server")


class Server:
    def __init__(self, binary):
        self.data = tempfile.mkdtemp(prefix="probe-page-test-")
        self.port = free_port_triple()
        self.base = f"https://localhost:{self.port}"
        self.log = open(os.path.join(self.data, "server.log"), "w")
        self.proc = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--second-port", str(self.port + 1),
             "--setup-port", str(self.port + 2), "--public", str(PUBLIC), "--data-dir", self.data, "--log-level", "warn"],
            # The user's CA folder inside the test's data folder, never the real home's (docs/tls.md).
            env=dict(os.environ, PROBE_CA_DIR=os.path.join(self.data, "user-ca")),
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                self.get("/api/health")
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError("probe-server exited: " + open(self.log.name).read())
                time.sleep(0.2)
        raise RuntimeError("probe-server did not answer within 30 s")

    def get(self, path):
        with urllib.request.urlopen(self.base + path, context=UNVERIFIED, timeout=10) as r:
            return json.loads(r.read())

    def post(self, path, body):
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, context=UNVERIFIED, timeout=10) as r:
            return json.loads(r.read())

    def stored_results(self, run):
        """The results as the server stored them, observed fields included (read-only).
        Every page test reads what the page posted through here, so each also holds the page
        to the catalog's contract: a posted field the probe does not declare fails it."""
        import sqlite3
        db = sqlite3.connect(f"file:{self.data}/probe.sqlite?mode=ro", uri=True)
        rows = db.execute("select probe, attempt, status, reason, observed from results where run_id = ?", (run,)).fetchall()
        db.close()
        undeclared = self.undeclared_fields([(p, json.loads(o)) for p, _, _, _, o in rows])
        assert undeclared == [], (
            f"the page posted fields its probes do not declare: {', '.join(undeclared)}. "
            "Declare them on the probe in Sources/ProbeCatalog/Areas/<Area>/*.swift (observed:) or stop posting them.")
        return {p: {"attempt": a, "status": s, "reason": r, "observed": json.loads(o)} for p, a, s, r, o in rows}

    def declared_fields(self):
        """Probe id → the observed field names the served catalog declares (the step-start
        marker's included)."""
        if not hasattr(self, "_declared"):
            catalog = self.get("/api/config")["catalog"]
            self._declared = {p["id"]: {f["name"] for f in p["observed"]} for p in catalog["probes"]}
            marker = catalog["stepMarker"]
            self._declared[marker["probe"]] = set(marker["observed"])
        return self._declared

    def undeclared_fields(self, posted):
        """`probe.field` for each posted field that the probe does not declare; results of probes
        the catalog does not know are the server's to refuse, not this check's."""
        declared = self.declared_fields()
        return sorted({f"{probe}.{name}" for probe, observed in posted if probe in declared
                       for name in observed if name not in declared[probe]})

    def stored_attempts(self, run, probe):
        """Every attempt of one probe, oldest first."""
        import sqlite3
        db = sqlite3.connect(f"file:{self.data}/probe.sqlite?mode=ro", uri=True)
        rows = db.execute("select attempt, status, observed from results where run_id = ? and probe = ? order by attempt",
                          (run, probe)).fetchall()
        db.close()
        return [{"attempt": a, "status": s, "observed": json.loads(o)} for a, s, o in rows]

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()
        shutil.rmtree(self.data, ignore_errors=True)


@pytest.fixture(scope="session")
def server():
    s = Server(server_binary())
    yield s
    s.stop()


@pytest.fixture(scope="session")
def playwright():
    """One Playwright for the session: its sync API refuses a second one while the first runs."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        yield p


def launch_chromium(playwright, *extra_args):
    """Headless Chromium with its fake camera (a moving, lit test picture, or a file's frames
    with --use-file-for-fake-video-capture in extra_args)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[
        "--no-sandbox", "--use-fake-device-for-media-stream", "--ignore-certificate-errors", *extra_args])


@pytest.fixture(scope="session")
def browser(playwright):
    b = launch_chromium(playwright)
    yield b
    b.close()


def open_page(browser, url, camera=True, viewport=(390, 844)):
    """A fresh context per scenario: permissions and cookies do not leak between tests."""
    context = browser.new_context(ignore_https_errors=True, permissions=["camera"] if camera else [],
                                  viewport={"width": viewport[0], "height": viewport[1]})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    # An unattended run navigates by itself (storage.navigation), maybe before the load
    # event; the DOM is what the tests need, and it is there by DOMContentLoaded.
    page.goto(url, wait_until="domcontentloaded")
    return context, page


def start(page):
    """An attended run opens with the introduction: press its Start (the details left empty)."""
    page.click("#start-run")


def wait_finished(page, timeout=180000):
    # A selector, not wait_for_function: the page's CSP forbids eval, which that uses.
    page.wait_for_selector("html[data-finished]", state="attached", timeout=timeout)
    return page.evaluate("() => ({ run: window.ProbeApp.run, verdict: window.ProbeApp.verdict })")

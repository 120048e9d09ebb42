"""`probe-server try`, the newcomer's first command, run for real: it starts its own server
on free ports, opens the run unattended in headless Chromium, prints one line per step as
the results arrive and then the verdict, exits with the verdict's code, and leaves neither a
Chromium process nor its profile behind."""
import json
import os
import re
import signal
import socket
import subprocess
import tempfile
import time

import pytest

from conftest import BINARY, ROOT, Server, ca_dir_beside, free_port

EXIT_BY_VERDICT = {"READY": 0, "NOT READY": 1, "INCOMPLETE": 2}


def sandbox_usable():
    """Whether Chromium's sandbox can start for the account `try` runs it as: Debian's chromium
    has no setuid helper and needs a user namespace, which a kernel setting or a chroot
    (user_namespaces(7): EPERM in a chroot) can forbid. Asked the way the sandbox asks it: as
    root, as probe-browser, which `try` creates when missing (until then `nobody` stands in: the
    kernel's answer is the same for every unprivileged account)."""
    if os.geteuid() != 0:
        return subprocess.run(["unshare", "--user", "true"], capture_output=True).returncode == 0
    for account in ("probe-browser", "nobody"):
        if subprocess.run(["id", account], capture_output=True).returncode == 0:
            return subprocess.run(["setpriv", f"--reuid={account}", f"--regid={account if account != 'nobody' else 'nogroup'}",
                                   "--clear-groups", "unshare", "--user", "true"], capture_output=True).returncode == 0
    return False


SANDBOX = sandbox_usable()
# Where the sandbox cannot start, `try` in Chromium refuses (below) and these are not run;
# where it can, the refusal cannot be shown and that test is not run.
needs_sandbox = pytest.mark.skipif(not SANDBOX, reason="no user namespace for Chromium's sandbox here")
STEP = re.compile(r"^[✓✗!–i?] \S")


def trial_tmpdir():
    """Short: Chromium's singleton socket goes under TMPDIR and a socket path has 108 bytes.
    Searchable by others (0711, not listable): run as root, `try` runs Chromium as an
    unprivileged account, whose folder then stays inside this one."""
    scratch = tempfile.mkdtemp(prefix="try-", dir="/tmp")
    os.chmod(scratch, 0o711)
    return scratch


def run_try(tmp_path, *extra, ca_dir=None):
    scratch = trial_tmpdir()
    ports = [free_port(), free_port(), free_port()]
    # The engine's profile goes under TMPDIR: a folder of this test's own tells its
    # processes and files from any other Chromium on the machine.
    env = dict(os.environ, TMPDIR=scratch, NO_COLOR="1", PROBE_CA_DIR=ca_dir or ca_dir_beside(tmp_path / "data"))
    args = [BINARY, "try", "--data-dir", str(tmp_path / "data"), "--port", str(ports[0]),
            "--second-port", str(ports[1]), "--setup-port", str(ports[2]), "--timeout", "150", *extra]
    proc = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=400)
    return proc, scratch, ports[0]


def processes_using(folder):
    out = subprocess.run(["ps", "-ww", "-eo", "pid=,args="], capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if str(folder) in line]


def verdict_of(stdout):
    m = re.search(r"^  verdict:   (READY|NOT READY|INCOMPLETE)$", stdout, re.M)
    assert m, stdout
    return m.group(1)


def failed_titles(stdout):
    """The step titles of the verdict's "N steps failed: A, B and C" reason (wrapped at words
    under its first line at 80 columns, so its continuation lines are read too)."""
    m = re.search(r"^             \d+ steps? failed: (.*(?:\n {13}(?!\d+ )\S.*)*)", stdout, re.M)
    assert m, stdout
    reason = re.sub(r"\s*\n\s+", " ", m.group(1))
    return set(re.split(r", | and ", reason))


def knock_ons(stdout):
    """The titles listed under a cause, one per line ("also fails because of it:" then
    "       Server cookie (fail)")."""
    return {re.sub(r" \([a-z -]+\)$", "", t.strip()) for block in re.findall(r"also fails because of it:\n((?:       \S.*\n?)+)", stdout)
            for t in block.splitlines()}


def assert_cleaned_up(scratch, port):
    assert processes_using(scratch) == [], "a Chromium of the trial is still running"
    assert os.listdir(scratch) == [], "the trial's profile folder was left behind"
    os.rmdir(scratch)
    # The server it started is stopped too.
    with socket.socket() as s:
        assert s.connect_ex(("127.0.0.1", port)) != 0, f"port {port} still answers"


def start_try(data, scratch, ports, timeout=None, env=None):
    """`probe-server try` on `ports` (main, second, setup) with TMPDIR `scratch`, its output piped."""
    args = [BINARY, "try", "--data-dir", str(data), "--port", str(ports[0]),
            "--second-port", str(ports[1]), "--setup-port", str(ports[2])]
    if timeout is not None:
        args += ["--timeout", str(timeout)]
    return subprocess.Popen(args, cwd=ROOT, env=dict(os.environ, TMPDIR=scratch, NO_COLOR="1",
                                                     PROBE_CA_DIR=ca_dir_beside(data), **(env or {})),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

@pytest.mark.skipif(SANDBOX, reason="Chromium's sandbox can start here")
def test_try_without_a_usable_sandbox_refuses_and_says_how_to_allow_it(tmp_path):
    """Never --no-sandbox: where no user namespace can be made (a chroot, a kernel that
    forbids them), the trial stops with the way to allow them and leaves nothing running."""
    proc, scratch, port = run_try(tmp_path)
    assert proc.returncode == EXIT_BY_VERDICT["INCOMPLETE"], (proc.returncode, proc.stdout[-2000:], proc.stderr[-2000:])
    assert "Chromium's sandbox could not start" in proc.stderr and "never turns the sandbox off" in proc.stderr, proc.stderr
    assert_cleaned_up(scratch, port)


@needs_sandbox
def test_try_in_chromium_prints_every_step_and_exits_with_the_verdict(tmp_path):
    proc, scratch, port = run_try(tmp_path)
    out = proc.stdout
    verdict = verdict_of(out)
    assert proc.returncode == EXIT_BY_VERDICT[verdict], (proc.returncode, out, proc.stderr)
    steps = [line for line in out.splitlines() if STEP.match(line)]
    for line in ("✓ JavaScript runs", "✓ localStorage", "✓ document.cookie", "✓ Camera access", "✓ Camera preview"):
        assert line in steps, out
    # One line per probe of the catalog, each within 80 columns.
    catalog = json.loads(subprocess.run([BINARY, "catalog", "--json"], capture_output=True, text=True, check=True).stdout)
    assert len(steps) == len(catalog["probes"]), out
    assert all(len(line) <= 80 for line in steps), [line for line in steps if len(line) > 80]
    # The browser stayed until the end: the run completed (the one-shot browser did not).
    assert "did not complete" not in proc.stderr, proc.stderr
    assert re.search(rf"^report: https://localhost:{port}/runs/[0-9a-f]+", out, re.M), out
    # A correct browser is ready: the tap script clicked the file steps, which ran.
    assert verdict == "READY", out
    for line in ("✓ Pick an image", "✓ Cancel, then pick again", "✓ HEIC photo"):
        assert line in steps, out
    assert "FAIL " not in out, out
    # The list speaks the verdict's language: a READY run shows no ✗ (a blocked third-party
    # cookie or autoplay that desktop expects is `i … (expected on Desktop browser)`).
    assert not [line for line in steps if line.startswith("✗")], out
    assert_cleaned_up(scratch, port)


@needs_sandbox
def test_try_issues_its_certificate_from_the_users_ca_that_serve_made(tmp_path):
    """A phone that trusts the user's CA (docs/tls.md, "Where the CA lives") trusts what `try`
    serves too: its data folder gets a leaf of that CA and a copy of its certificate, no CA."""
    ca_dir = str(tmp_path / "user-ca")
    served = tmp_path / "serve-data"
    served.mkdir(mode=0o700)
    Server(data_dir=str(served), ca_dir=ca_dir).stop()
    proc, scratch, port = run_try(tmp_path, ca_dir=ca_dir)
    assert proc.returncode in EXIT_BY_VERDICT.values(), (proc.returncode, proc.stdout, proc.stderr)
    data = tmp_path / "data"
    assert not (data / "ca-key.pem").exists()
    assert (data / "ca.pem").read_text() == open(os.path.join(ca_dir, "ca.pem")).read() == (served / "ca.pem").read_text()
    verify = subprocess.run(["openssl", "verify", "-CAfile", os.path.join(ca_dir, "ca.pem"), str(data / "cert.pem")],
                            capture_output=True, text=True)
    assert verify.returncode == 0, verify.stderr
    assert_cleaned_up(scratch, port)


def offered_on_chromium():
    """The --misconfigure settings `try --help` offers for the chromium engine."""
    text = subprocess.run([BINARY, "try", "--help"], capture_output=True, text=True, check=True).stdout
    section = text.split("SETTINGS FOR --misconfigure", 1)[1]
    return [m.group(1) for m in re.finditer(r"^  (\S+)\s+.*\(([^)]*)\)$", section, re.M) if "chromium" in m.group(2).split(", ")]


@needs_sandbox
def test_every_misconfiguration_offered_for_chromium_ends_not_ready(tmp_path):
    offered = offered_on_chromium()
    assert offered and "camera" not in offered, offered
    for name in offered:
        (tmp_path / name).mkdir()
        proc, scratch, port = run_try(tmp_path / name, "--misconfigure", name)
        assert verdict_of(proc.stdout) == "NOT READY", (name, proc.stdout[-3000:])
        assert proc.returncode == 1, (name, proc.returncode)
        failed = failed_titles(proc.stdout)
        crossed = {line[2:].split(" (attempt")[0] for line in proc.stdout.splitlines() if line.startswith("✗ ")}
        # Every ✗ of the live list is a step the verdict fails (or a consequence of one).
        assert crossed <= failed | knock_ons(proc.stdout), (name, crossed - failed)
        assert_cleaned_up(scratch, port)


def browser_processes(folder):
    """pid → (uid, argv, user namespace) of the Chromium processes whose command line names
    `folder`, read from /proc."""
    found = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
            uid = os.stat(f"/proc/{pid}").st_uid
            namespace = os.readlink(f"/proc/{pid}/ns/user")
        except OSError:
            continue
        if any(folder in a for a in argv) and "chromium" in (argv[0] if argv else ""):
            found[int(pid)] = (uid, argv, namespace)
    return found


@needs_sandbox
def test_try_runs_chromium_with_its_sandbox_as_an_unprivileged_user_over_a_devtools_pipe(tmp_path):
    """Chromium's DevTools on a loopback port has no credential: any local user who finds the
    port drives the browser. Run as root, `try` once gave it --no-sandbox and
    --remote-debugging-port=0; now its sandbox stays on, it runs as an unprivileged account,
    and `try` speaks DevTools over --remote-debugging-pipe."""
    scratch = trial_tmpdir()
    ports = [free_port(), free_port(), free_port()]
    proc = start_try(str(tmp_path / "data"), scratch, ports, timeout=150)
    seen = {}
    try:
        # Read every step line as it comes; look at the browser's processes at each one.
        lines = []
        for line in proc.stdout:
            lines.append(line)
            seen.update(browser_processes(scratch))
        out, err = "".join(lines), proc.stderr.read()
        proc.wait(60)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            proc.wait(60)
    assert verdict_of(out) == "READY", (out, err)
    assert seen, "no Chromium process of the trial was seen while it ran"
    # Chromium rewrites its children's titles into one string: the command lines are read as text.
    argvs = [" ".join(argv) for _, argv, _ in seen.values()]
    assert not [a for a in argvs if "--no-sandbox" in a], argvs
    assert not [a for a in argvs if "--remote-debugging-port" in a], argvs
    browsers = [pid for pid, (_, argv, _) in seen.items() if "--remote-debugging-pipe" in argv]
    assert browsers, argvs
    if os.geteuid() == 0:
        assert all(uid != 0 for uid, _, _ in seen.values()), {pid: uid for pid, (uid, _, _) in seen.items()}
    # The sandbox is on: the renderers live in a user namespace of their own (Chromium's
    # namespace sandbox, https://chromium.googlesource.com/chromium/src/+/main/docs/linux/sandboxing.md).
    assert [a for a in argvs if "--type=renderer" in a], argvs
    outer = seen[browsers[0]][2]
    assert [pid for pid, (_, _, namespace) in seen.items() if namespace != outer], seen
    assert_cleaned_up(scratch, ports[0])


@needs_sandbox
def test_try_interrupted_by_ctrl_c_stops_chromium_and_removes_its_profile(tmp_path):
    scratch = trial_tmpdir()
    ports = [free_port(), free_port(), free_port()]
    proc = start_try(str(tmp_path / "data"), scratch, ports)
    try:
        # Interrupted while the page runs: once the first step has arrived.
        seen = []
        for line in proc.stdout:
            seen.append(line)
            if STEP.match(line):
                break
        assert any(STEP.match(line) for line in seen), "".join(seen) + proc.stderr.read()
        assert processes_using(scratch), "Chromium should be running while the page runs"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        # A failed assertion still ends the trial its own way (a SIGKILL would orphan Chromium).
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                proc.kill()
    assert proc.returncode == 130, (out, err)
    assert "interrupted: the engine and its profile are gone, the server stopped" in out
    assert_cleaned_up(scratch, ports[0])


@needs_sandbox
def test_try_with_cookies_blocked_names_the_cookie_findings_and_exits_1(tmp_path):
    proc, scratch, port = run_try(tmp_path, "--misconfigure", "cookies")
    out = proc.stdout
    assert proc.returncode == 1, (out, proc.stderr)
    assert verdict_of(out) == "NOT READY"
    assert "misconfigured: cookies blocked" in out
    assert "✗ document.cookie" in out and "✗ Server cookie" in out
    # Cookies off: the server cookie and the credentialed fetch fail with it, said under it.
    assert "document.cookie" in failed_titles(out), out
    assert {"Server cookie", "fetch carries the cookie"} <= knock_ons(out), out
    # The finding in people's words, its probe id only on its details line.
    assert re.search(r"^FAIL high +document\.cookie$", out, re.M), out
    assert re.search(r"^ +details: +probe cookie\.document\b", out, re.M), out
    # What the page saw, then the browser's own setting as the cause (its line wraps).
    assert "The cookie was not kept." in out
    assert "the browser's settings refuse cookies for this site" in " ".join(out.split())
    assert_cleaned_up(scratch, port)


def engine_host_available(engine):
    """The engine hosts need the checkout's Tests/engines and their packages; `try` installs
    those as root, so the tests run wherever `try` can set them up."""
    return os.geteuid() == 0 or (engine == "qt" and subprocess.run(
        ["python3", "-c", "import PyQt6.QtWebEngineCore"], capture_output=True).returncode == 0)


def test_try_in_the_qt_host_a_correct_android_webview_is_ready(tmp_path):
    if not engine_host_available("qt"):
        import pytest
        pytest.skip("PyQt6 is missing and pip needs root here")
    proc, scratch, port = run_try(tmp_path, "--engine", "qt")
    out = proc.stdout
    assert "qt, judged as android-webview" in out, out
    assert verdict_of(out) == "READY", (out, proc.stderr)
    assert proc.returncode == 0
    # The host taps the file steps like a device farm: they run, unlike in plain Chromium.
    assert "✓ Pick an image" in out and "✓ Cancel, then pick again" in out, out
    assert "FAIL " not in out
    assert_cleaned_up(scratch, port)


def test_try_in_the_webkit_host_with_storage_off_names_the_storage_findings(tmp_path):
    if not engine_host_available("webkit"):
        import pytest
        pytest.skip("the WebKitGTK packages need apt-get as root")
    proc, scratch, port = run_try(tmp_path, "--engine", "webkit", "--misconfigure", "storage")
    out = proc.stdout
    assert proc.returncode == 1, (out, proc.stderr)
    assert verdict_of(out) == "NOT READY"
    assert "✗ localStorage" in out, out
    # camera.foreignOrigin: WebKitGTK's request has no origin (docs/engines.md), said in a note.
    # storage.navigation's localStorage marker is lost with localStorage: said under it.
    assert failed_titles(out) == {"localStorage", "Camera from another origin"}, out
    assert "Storage across navigation" in knock_ons(out), out
    assert "note: WebKitGTK's permission request carries no origin" in out
    # The finding in people's words, its probe id only on its details line.
    assert re.search(r"^FAIL \w+ +localStorage$", out, re.M), out
    assert re.search(r"^ +details: +probe storage\.local\b", out, re.M), out
    # xvfb-run's Xvfb is in the host's process group: stopped with it.
    assert_cleaned_up(scratch, port)


@needs_sandbox
def test_try_uses_the_server_that_is_running_and_leaves_it_running(tmp_path):
    server = Server()
    try:
        scratch = trial_tmpdir()
        env = dict(os.environ, TMPDIR=scratch, NO_COLOR="1")
        proc = subprocess.run([BINARY, "try", "--server", server.url("").rstrip("/"), "--data-dir", server.data_dir,
                               "--timeout", "150"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=400)
        out = proc.stdout
        assert f"using the probe-server at https://localhost:{server.port}" in out, (out, proc.stderr)
        assert proc.returncode == EXIT_BY_VERDICT[verdict_of(out)], (out, proc.stderr)
        assert "✓ JavaScript runs" in out
        assert processes_using(scratch) == [] and os.listdir(scratch) == []
        os.rmdir(scratch)
        # Not started by try, so not stopped by it.
        assert server.proc.poll() is None
        with socket.create_connection(("127.0.0.1", server.port), timeout=5):
            pass
    finally:
        server.stop()


def test_try_on_a_port_held_by_something_else_says_so_and_exits_69(tmp_path):
    # A plain-HTTP server where try looks for a probe-server.
    holder = subprocess.Popen(["python3", "-m", "http.server", "0", "--bind", "127.0.0.1"], cwd=str(tmp_path),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        port = int(re.search(r"port (\d+)", holder.stdout.readline()).group(1))
        proc = subprocess.run([BINARY, "try", "--port", str(port), "--data-dir", str(tmp_path / "data")],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 69, (proc.stdout, proc.stderr)
        assert f"port {port} is taken by something that is not a probe-server" in proc.stderr
        assert "pass --port N" in proc.stderr
        # Nothing was created for a trial that could not start.
        assert not (tmp_path / "data").exists()
    finally:
        holder.terminate()
        holder.wait(10)


# What a `try` started as root must keep from its browser: the access token, the webhook
# secret, a store password (libpq reads PGPASSWORD; a URL can hold one).
SECRETS = {"PROBE_TOKEN": "tok-5f0c9e1d7a2b4c6e8f0a1b2c3d4e5f60", "PROBE_WEBHOOK_SECRET": "whsec-0a9b8c7d6e5f4a3b2c1d",
           "PGPASSWORD": "pgpass-77e1c0ffee", "PROBE_STORE": "postgres://probe:storepass-1d2e3f@db.invalid/probe"}
# What Chromium may get (BrowserEnvironment): an allow-list, every name of it known.
BROWSER_ENVIRONMENT = {"PATH", "HOME", "TMPDIR", "LANG", "LANGUAGE", "TZ", "FONTCONFIG_FILE", "FONTCONFIG_PATH",
                       "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"}


def environ_of(pid):
    with open(f"/proc/{pid}/environ", "rb") as f:
        return dict(item.decode(errors="replace").split("=", 1) for item in f.read().split(b"\0") if b"=" in item)


def data_folder_with_token(path, token):
    """A data folder whose token is `token`, so that PROBE_TOKEN is the token of the server `try` starts."""
    os.makedirs(path, mode=0o700)
    fd = os.open(os.path.join(path, "token"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    os.write(fd, (token + "\n").encode())
    os.close(fd)


@needs_sandbox
@pytest.mark.skipif(os.geteuid() != 0, reason="the browser's own account is what `try` as root uses")
def test_try_as_root_gives_chromium_its_own_account_no_secret_and_no_run_key_on_its_command_line(tmp_path):
    """Chromium parses the web: as root, `try` once ran it as the shared `nobody`, with its whole
    environment (the token, the webhook secret, the store password) readable in /proc/PID/environ
    by every process of that account, and the run's URL with its write key on its command line,
    which every local user reads. Now it runs as probe-browser (created when missing), with an
    allow-listed environment, and starts on about:blank: the run's URL goes over the DevTools pipe."""
    import pwd
    scratch = trial_tmpdir()
    ports = [free_port(), free_port(), free_port()]
    data = str(tmp_path / "data")
    data_folder_with_token(data, SECRETS["PROBE_TOKEN"])
    proc = start_try(data, scratch, ports, timeout=150, env=SECRETS)
    seen = {}
    try:
        lines = []
        for line in proc.stdout:
            lines.append(line)
            for pid, (uid, argv, _) in browser_processes(scratch).items():
                try:
                    seen.setdefault(pid, (uid, argv, environ_of(pid)))
                except OSError:
                    pass
        out, err = "".join(lines), proc.stderr.read()
        proc.wait(60)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            proc.wait(60)
    assert seen, (out, err)
    # The page still ran, opened over the pipe.
    assert verdict_of(out) == "READY", (out, err)
    account = pwd.getpwnam("probe-browser")
    assert account.pw_shell == "/usr/sbin/nologin", account
    assert {uid for uid, _, _ in seen.values()} == {account.pw_uid}, {pid: uid for pid, (uid, _, _) in seen.items()}
    run_id = re.search(r"^run ([0-9a-zA-Z_-]+):", out, re.M).group(1)
    for pid, (_, argv, environment) in seen.items():
        text = " ".join(argv)
        assert "key=" not in text and run_id not in text and "run=" not in text, (pid, text)
        leaked = [name for name, value in environment.items() if any(secret in value for secret in SECRETS.values())]
        assert not leaked, (pid, leaked)
    browser = [(argv, environment) for _, argv, environment in seen.values() if "--remote-debugging-pipe" in argv]
    assert browser, [argv for _, argv, _ in seen.values()]
    argv, environment = browser[0]
    assert argv[-1] == "about:blank", argv
    extra = {name for name in environment if name not in BROWSER_ENVIRONMENT and not name.startswith("LC_")}
    assert not extra, extra
    assert environment["HOME"].startswith(scratch) and environment["TMPDIR"].startswith(scratch), environment
    assert_cleaned_up(scratch, ports[0])


def process_start_time(pid):
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[19]


@needs_sandbox
def test_try_removes_at_its_next_start_the_folder_a_killed_trial_left_and_nothing_else(tmp_path):
    """SIGKILL gives `try` no chance to clean up: its scratch folder (the browser's profile, its
    cookies and cache, the engine's log) stayed in TMPDIR for good. The next `try` removes such a
    folder once its owner is gone, and leaves a live trial's folder, another user's, and a link."""
    scratch = trial_tmpdir()
    ports = [free_port(), free_port(), free_port()]
    proc = start_try(str(tmp_path / "data"), scratch, ports)
    try:
        for line in proc.stdout:
            if STEP.match(line):
                break
        proc.kill()
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
    # Chromium ends when its DevTools pipe closes with `try`.
    for _ in range(100):
        if not processes_using(scratch):
            break
        time.sleep(0.3)
    left = [name for name in os.listdir(scratch) if name.startswith("probe-try-")]
    assert len(left) == 1, os.listdir(scratch)

    # What must stay: a live trial's folder (this test's own process as its owner), a link
    # named like a scratch folder, and a folder of another account.
    live = os.path.join(scratch, "probe-try-live00")
    os.mkdir(live)
    with open(os.path.join(live, "owner"), "w") as f:
        f.write(f"{os.getpid()} {process_start_time(os.getpid())}\n")
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep").write_text("keep")
    (victim / "owner").write_text("999999 1\n")
    os.symlink(victim, os.path.join(scratch, "probe-try-link00"))
    others = os.path.join(scratch, "probe-try-other0")
    os.mkdir(others)
    with open(os.path.join(others, "owner"), "w") as f:
        f.write("999999 1\n")
    if os.geteuid() == 0:
        os.chown(others, 65534, 65534)
        os.chown(os.path.join(others, "owner"), 65534, 65534)

    out, err = start_try(str(tmp_path / "data"), scratch, ports, timeout=3).communicate(timeout=200)
    assert f"removed {os.path.join(scratch, left[0])}, left by a trial that was killed" in out, (out, err)
    remaining = sorted(os.listdir(scratch))
    kept = ["probe-try-link00", "probe-try-live00"] + (["probe-try-other0"] if os.geteuid() == 0 else [])
    assert [name for name in remaining if name != "probe-try-other0" or os.geteuid() == 0] == kept, remaining
    assert (victim / "keep").read_text() == "keep" and (victim / "owner").exists()
    for name in remaining:
        path = os.path.join(scratch, name)
        os.unlink(path) if os.path.islink(path) else subprocess.run(["rm", "-rf", path], check=True)
    assert processes_using(scratch) == []
    os.rmdir(scratch)

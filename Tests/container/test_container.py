"""The image of the Containerfile, run for real with Podman: a complete run through the
published ports with the certificate covering the --advertise names, a graceful stop on
SIGTERM, the run read back by a new container on the same volume, a non-root process, an
image without compiler or tests, and examples/kubernetes/ started with `podman kube play`
over PostgreSQL. Tests/container/run.sh builds the image and exports PROBE_IMAGE."""
import base64
import contextlib
import json
import os
import re
import socket
import subprocess
import tempfile
import time
import uuid

import pytest
import yaml

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
IMAGE = os.environ.get("PROBE_IMAGE", "localhost/probe-server:test")
POSTGRES_IMAGE = os.environ.get("PROBE_POSTGRES_IMAGE", "localhost/probe-test/postgres:15")
BINARY = os.path.join(ROOT, ".build", "debug", "probe-server")
ADVERTISED = ["127.0.0.1", "probe.test"]
# Bounds for waiting on an event (a log line, a stored row), never a fixed sleep: a cold
# container on the 2-core test machine starts in a few seconds.
START_SECONDS = 90
TRY_SECONDS = 150
# The image a user pulls: Debian slim (78 MB here, 75 MB from the registry), the four
# libraries with their dependencies (11.5 MB), the CA bundle (0.2 MB) and the stripped
# binary with the Swift runtime linked in (19 MB). The limit is the target of
# bench/bench.py (IMAGE_MAX_MB): it catches a compiler, an apt cache (the downloaded .debs
# were 5.5 MB of the 117.0 MB image before `apt-get clean`), the openssl tool or a debug
# binary slipping in.
IMAGE_LIMIT_BYTES = 110 * 1000 * 1000
# Tests/container/run.sh inside a chroot: `podman exec` and `podman cp` join the container's
# mount namespace (setns(2)), whose root from there is the namespace's true root, not the
# container's (a chroot's root is not the root of its mount namespace), so they see the
# wrong tree ("chdir to cwd ("/data") ... no such file or directory"). There the tests
# observe the containers from this host instead: the volume's folder, /proc, HTTP through
# the published port or the pod's address, as a kubelet's httpGet probe does.
REROOTED = bool(os.environ.get("PROBE_CONTAINER_REROOTED"))


def podman(*args, check=True, timeout=300, **kw):
    proc = subprocess.run(["podman", *args], capture_output=True, text=True, timeout=timeout, **kw)
    if check and proc.returncode != 0:
        raise AssertionError(f"podman {' '.join(args)}: exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
    return proc


def free_port_block(count=3):
    """`count` consecutive free TCP ports (the page's second origin is port + 1)."""
    for _ in range(200):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            base = s.getsockname()[1]
        if base + count > 65535:
            continue
        ok = True
        for p in range(base, base + count):
            with socket.socket() as t:
                try:
                    t.bind(("127.0.0.1", p))
                except OSError:
                    ok = False
                    break
        if ok:
            return base
    raise AssertionError("no block of free ports")


def wait_for(what, predicate, seconds, detail=None):
    """Polls `predicate` until it returns a true value; on timeout says what was last seen
    (`detail()`), so a failure names its cause."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}" + (f"\n{detail()}" if detail else ""))


class Container:
    def __init__(self, name, volume, port):
        self.name, self.volume, self.port = name, volume, port
        self.ca = None

    def start(self, *serve_args):
        p = self.port
        # PROBE_SERVER: where the image's HEALTHCHECK (`probe-server health`) asks, when the
        # server listens elsewhere than 8443.
        podman("run", "-d", "--name", self.name, "-v", f"{self.volume}:/data", "-e", f"PROBE_SERVER=https://localhost:{p}",
               "-p", f"127.0.0.1:{p}:{p}", "-p", f"127.0.0.1:{p + 1}:{p + 1}", "-p", f"127.0.0.1:{p + 2}:{p + 2}",
               IMAGE, "serve", "--port", str(p), "--second-port", str(p + 1), "--setup-port", str(p + 2),
               "--advertise", ",".join(ADVERTISED), "--qr", "off", *serve_args)

        def banner():
            state = podman("inspect", "-f", "{{.State.Status}}", self.name).stdout.strip()
            logs = self.logs()
            if state not in ("running", "created", "configured"):
                raise AssertionError(f"the container stopped ({state}):\n{logs}")
            return logs if "open the probe page at" in logs and "local CA" in logs else None
        return wait_for("the banner", banner, START_SECONDS)

    def logs(self):
        proc = podman("logs", self.name, check=False)
        return proc.stdout + proc.stderr

    def copy_out(self, path, dest):
        if REROOTED:
            # The volume's folder on this host holds what the container wrote under /data.
            assert path.startswith("/data/"), path
            source = podman("volume", "inspect", "-f", "{{.Mountpoint}}", self.volume).stdout.strip()
            with open(os.path.join(source, path[len("/data/"):]), "rb") as f, open(dest, "wb") as out:
                out.write(f.read())
            return dest
        podman("cp", f"{self.name}:{path}", dest)
        return dest

    def init_status(self):
        """/proc/PID/status of the container's first process, as this host sees it."""
        pid = podman("inspect", "-f", "{{.State.Pid}}", self.name).stdout.strip()
        with open(f"/proc/{pid}/status") as f:
            return f.read()

    def healthy(self):
        """The image's HEALTHCHECK passes; in a chroot, the same `probe-server health` asked
        from this host through the published port."""
        if REROOTED:
            return subprocess.run([BINARY, "health", "--server", f"https://127.0.0.1:{self.port}", "--cacert", self.ca],
                                  capture_output=True, text=True, timeout=60).returncode == 0
        return podman("healthcheck", "run", self.name, check=False).returncode == 0

    def remove(self):
        podman("rm", "-f", "-t", "0", self.name, check=False)


@pytest.fixture(scope="module")
def volume():
    name = f"probe-test-{uuid.uuid4().hex[:8]}"
    podman("volume", "create", name)
    yield name
    podman("volume", "rm", "-f", name, check=False)


@pytest.fixture(scope="module")
def scratch():
    return tempfile.mkdtemp(prefix="ctr-", dir="/tmp")


def curl(url, ca, token=None, *extra):
    args = ["curl", "-sS", "--max-time", "20", "--cacert", ca, "-o", "-", "-w", "\n%{http_code}", url, *extra]
    if token:
        args += ["-H", f"Authorization: Bearer {token}"]
    out = subprocess.run(args, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    body, _, status = out.stdout.rpartition("\n")
    return int(status), body


def san(port, server_name):
    chain = subprocess.run(["openssl", "s_client", "-connect", f"127.0.0.1:{port}", "-servername", server_name],
                           input="", capture_output=True, text=True, timeout=30).stdout
    x509 = subprocess.run(["openssl", "x509", "-noout", "-ext", "subjectAltName", "-fingerprint", "-sha256"],
                          input=chain, capture_output=True, text=True, timeout=30)
    assert x509.returncode == 0, x509.stderr
    return x509.stdout


def test_Image_HoldsNoCompilerNoTestsAndOnlyResolvableLibraries():
    out = podman("run", "--rm", "--entrypoint", "/bin/sh", IMAGE, "-c",
                 "for t in swift swiftc clang cc gcc ld ld.lld python3 curl; do command -v $t; done; "
                 # companions/ holds the deep-link snippets /setup shows: text to copy, listed below.
                 "find / -xdev -path /opt/probe-server/companions -prune -o \\( -name '*.swift' -o -name 'Tests' -o -name 'test_*.py' -o -name '.build' \\) -print; "
                 "echo SNIPPETS; find /opt/probe-server/companions -type f | sort; "
                 "echo LDD; ldd /opt/probe-server/bin/probe-server; echo LIBPQ; ldconfig -p").stdout
    tools, _, rest = out.partition("SNIPPETS\n")
    snippets, _, rest = rest.partition("LDD\n")
    # Only the eight deep links /setup reads (DeepLinkSnippet.all), none of the companions' sources.
    assert len(snippets.split()) == 8 and all("eepLink" in s or "deep_link" in s for s in snippets.split()), snippets
    ldd, _, cache = rest.partition("LIBPQ\n")
    assert tools.strip() == "", f"the image holds build tools or test files:\n{tools}"
    assert "not found" not in ldd, ldd
    assert "libswift" not in ldd, f"the Swift runtime is linked in, not loaded:\n{ldd}"
    # libpq is loaded with dlopen for a postgres:// store, so ldd does not list it: the
    # image must still hold it (libpq5), where the loader finds it.
    assert "libpq" not in ldd, f"libpq is linked, not loaded on first use:\n{ldd}"
    assert "libpq.so.5 " in cache, f"libpq5 is not installed in the image:\n{cache}"
    size = int(podman("image", "inspect", IMAGE, "--format", "{{.Size}}").stdout.strip())
    print(f"image size: {size / 1e6:.1f} MB")
    assert size < IMAGE_LIMIT_BYTES, f"{size} bytes"


def test_Container_CompletesARunThroughThePublishedPort_StopsOnSIGTERM_AndANewOneReadsItBack(volume, scratch):
    port = free_port_block()
    first = Container(f"probe-a-{uuid.uuid4().hex[:6]}", volume, port)
    second = Container(f"probe-b-{uuid.uuid4().hex[:6]}", volume, port)
    try:
        banner = first.start()
        # The banner, the QR target and /setup name the advertised hosts, not the container's.
        own_ip = podman("inspect", "-f", "{{.NetworkSettings.IPAddress}}", first.name).stdout.strip()
        assert f"https://127.0.0.1:{port}/" in banner and f"https://probe.test:{port}/" in banner, banner
        if own_ip:
            assert own_ip not in banner, f"the container's own address {own_ip} is printed:\n{banner}"
        ca = first.copy_out("/data/ca.pem", os.path.join(scratch, "ca.pem"))
        token = first.copy_out("/data/token", os.path.join(scratch, "token"))
        token = open(token).read().strip()
        # `podman logs` is read by whoever reads logs: where the token is, never the token.
        assert token not in banner, "the generated token is in the container's log"
        assert "podman exec NAME cat /data/token" in banner, banner

        names = san(port, "probe.test")
        assert "IP Address:127.0.0.1" in names and "DNS:probe.test" in names, names
        if own_ip:
            assert own_ip not in names, names
        fingerprint = re.search(r"Fingerprint=(\S+)", names).group(1)

        status, setup = curl(f"http://127.0.0.1:{port + 2}/setup", ca)
        assert status == 200 and f"https://127.0.0.1:{port}/" in setup

        if REROOTED:
            run_id = unattended_run_in_chromium(port, fingerprint)
        else:
            # A complete run: `probe-server try` against the published port, the page in local
            # headless Chromium trusting exactly the container's certificate.
            env = dict(os.environ, TMPDIR=scratch, NO_COLOR="1")
            trial = subprocess.run([BINARY, "try", "--server", f"https://127.0.0.1:{port}", "--cacert", ca,
                                    "--token", token, "--timeout", str(TRY_SECONDS)],
                                   cwd=ROOT, env=env, capture_output=True, text=True, timeout=TRY_SECONDS + 120)
            verdict = re.search(r"^  verdict:   (READY|NOT READY|INCOMPLETE)$", trial.stdout, re.M)
            assert verdict and verdict.group(1) != "INCOMPLETE", f"{trial.returncode}\n{trial.stdout}\n{trial.stderr}"
            run_id = re.search(r"/runs/([A-Za-z0-9_-]+)", trial.stdout).group(1)
        status, body = curl(f"https://127.0.0.1:{port}/api/runs/{run_id}", ca, token)
        assert status == 200, body
        before = json.loads(body)

        # SIGTERM (the image's STOPSIGNAL): finishes what is in flight and exits 0.
        podman("stop", "-t", "30", first.name)
        assert podman("inspect", "-f", "{{.State.ExitCode}}", first.name).stdout.strip() == "0", first.logs()
        assert "stopped" in first.logs()
        first.remove()

        # A new container (another host name and address) on the same volume: the same CA,
        # the same leaf (the advertised set did not change), the token and the run kept.
        banner = second.start()
        assert "access token (shown once" not in banner, "the token was generated again"
        assert re.search(r"Fingerprint=(\S+)", san(port, "localhost")).group(1) == fingerprint
        status, body = curl(f"https://127.0.0.1:{port}/api/runs/{run_id}", ca, token)
        assert status == 200, body
        after = json.loads(body)
        assert after == before, "the run read back differs from the one stored before the stop"

        # Non-root, and the HEALTHCHECK (the binary's own `health`) passes.
        status_text = second.init_status()
        uids = re.search(r"^Uid:\s+(\d+)\s+(\d+)", status_text, re.M)
        assert uids and uids.group(1) != "0" and uids.group(2) != "0", status_text
        second.ca = ca
        assert second.healthy(), second.logs()

        # The system CA store (ClientTrust.system: --webhook, `health` without --cacert) is the
        # image's bundle, /etc/ssl/certs/ca-certificates.crt: a container whose bundle is this
        # server's CA, with no ca.pem in its data folder, verifies the server; with the image's
        # own bundle (public roots only) it refuses it.
        def health_with_system_store(*mount):
            return podman("run", "--rm", "--network", "host", *mount, "-e", "PROBE_DATA_DIR=/tmp", IMAGE,
                          "health", "--server", f"https://127.0.0.1:{port}", check=False)
        trusted = health_with_system_store("-v", f"{ca}:/etc/ssl/certs/ca-certificates.crt:ro")
        assert trusted.returncode == 0, trusted.stdout + trusted.stderr
        untrusted = health_with_system_store()
        assert untrusted.returncode != 0 and "certificate" in (untrusted.stdout + untrusted.stderr).lower(), \
            untrusted.stdout + untrusted.stderr
    finally:
        first.remove()
        second.remove()


def unattended_run_in_chromium(port, fingerprint):
    """The page's unattended run through the published port in headless Chromium, for a
    chroot: there no user namespace can be made (user_namespaces(7)), so `probe-server try`,
    which runs Chromium with its sandbox and never without, cannot start it; the page tests
    drive Chromium the same way. Chromium trusts exactly the container's certificate (its
    SPKI pin) and resolves probe.test to the published port. Returns the completed run's id."""
    from playwright.sync_api import sync_playwright
    chain = subprocess.run(["openssl", "s_client", "-connect", f"127.0.0.1:{port}", "-servername", "probe.test"],
                           input="", capture_output=True, text=True, timeout=30).stdout
    pem = subprocess.run(["openssl", "x509", "-pubkey", "-noout"], input=chain, capture_output=True, text=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=pem.encode(), capture_output=True).stdout
    spki = base64.b64encode(subprocess.run(["openssl", "dgst", "-sha256", "-binary"], input=der,
                                           capture_output=True).stdout).decode()
    complete = re.compile(r"/api/runs/([A-Za-z0-9_-]+)/complete(\?|$)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=[
            f"--ignore-certificate-errors-spki-list={spki}", "--host-resolver-rules=MAP probe.test 127.0.0.1",
            "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
            "--autoplay-policy=no-user-gesture-required"])
        try:
            page = browser.new_page()
            with page.expect_response(lambda r: complete.search(r.url) is not None and r.request.method == "POST",
                                      timeout=TRY_SECONDS * 1000) as answer:
                # "commit": the run navigates by itself (storage.navigation), maybe before load.
                page.goto(f"https://probe.test:{port}/?mode=unattended", wait_until="commit")
            response = answer.value
            assert response.status == 200, f"/complete answered {response.status}: {response.text()}"
            return complete.search(response.url).group(1)
        finally:
            browser.close()


def pod_address(container):
    """The address of a kube-played container's pod on its network."""
    template = "{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}"
    address = podman("inspect", "-f", template, container).stdout.split()
    if not address:
        pod = podman("inspect", "-f", "{{.Pod}}", container).stdout.strip()
        infra = podman("pod", "inspect", "-f", "{{.InfraContainerID}}", pod).stdout.strip()
        address = podman("inspect", "-f", template, infra).stdout.split()
    assert address, f"no address for {container}"
    return address[0]


def k8s_documents(path):
    with open(path) as f:
        return [d for d in yaml.safe_load_all(f) if d]


def on_free_host_ports(documents):
    """The documents with a free host port for every containerPort of their pods. Podman 4.3
    to 4.9 publish a containerPort without hostPort on the same host port (containers/podman
    #15946; 5.0 stopped, #17028), so the example as written would take the host's 8443, 8444,
    8080 and 5432: a probe-server or PostgreSQL already there makes `kube play` fail. A
    hostPort is honoured by every version. Returns {containerPort: hostPort}."""
    published = {}
    for d in documents:
        if d["kind"] not in ("Deployment", "Pod"):
            continue
        spec = d["spec"]["template"]["spec"] if d["kind"] == "Deployment" else d["spec"]
        for container in spec["containers"]:
            for port in container.get("ports", []):
                host = free_port_block(1)
                while host in published.values():
                    host = free_port_block(1)
                port["hostPort"] = published[port["containerPort"]] = host
    return published


@contextlib.contextmanager
def holding(ports):
    """Listens on each of `ports` that is free, as a server on its default ports would."""
    held = []
    try:
        for p in ports:
            s = socket.socket()
            try:
                s.bind(("0.0.0.0", p))
                s.listen()
                held.append(s)
            except OSError:
                s.close()  # taken already: the same condition
        yield
    finally:
        for s in held:
            s.close()


def podman_version():
    text = podman("version", "--format", "{{.Client.Version}}").stdout.strip()
    return tuple(int(x) for x in re.findall(r"\d+", text)[:2])


# The example's ports, which a probe-server on its default ports (or a local PostgreSQL) holds.
DEFAULT_PORTS = [8443, 8444, 8080, 5432]


def test_KubernetesExample_IsPlayedOnFreeHostPorts_NoneOfThemTheExamplesOwn():
    """The part of the Kubernetes test that needs no Podman: every port of every pod gets its
    own free host port, whatever holds the example's ports on this machine."""
    folder = os.path.join(ROOT, "examples", "kubernetes")
    documents = [d for f in ("postgres.yaml", "probe-server.yaml") for d in k8s_documents(os.path.join(folder, f))]
    with holding(DEFAULT_PORTS):
        published = on_free_host_ports(documents)
    assert sorted(published) == sorted(DEFAULT_PORTS), published
    assert len(set(published.values())) == len(published), published
    assert not set(published.values()) & set(DEFAULT_PORTS), published


def test_KubernetesExample_StartsTheServerOverPostgreSQL_AndItIsReady_BesideAServerOnTheDefaultPorts():
    with holding(DEFAULT_PORTS):
        kubernetes_example_is_ready()


def kubernetes_example_is_ready():
    folder = os.path.join(ROOT, "examples", "kubernetes")
    files = [os.path.join(folder, "postgres.yaml"), os.path.join(folder, "probe-server.yaml")]
    documents = [d for f in files for d in k8s_documents(f)]
    deployment = next(d for d in documents if d["kind"] == "Deployment" and d["metadata"]["name"] == "probe-server")
    spec = deployment["spec"]["template"]["spec"]["containers"][0]
    assert spec["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert spec["livenessProbe"]["httpGet"]["path"] == "/healthz"
    from_secret = {e["name"] for e in spec["env"] if "secretKeyRef" in e.get("valueFrom", {})}
    assert {"PROBE_TOKEN", "PROBE_WEBHOOK_SECRET", "PROBE_STORE"} <= from_secret

    # The images the example names, made locally (no registry here).
    podman("tag", IMAGE, spec["image"])
    pg = next(d for d in documents if d["kind"] == "Deployment" and d["metadata"]["name"] == "postgres")
    podman("tag", POSTGRES_IMAGE, pg["spec"]["template"]["spec"]["containers"][0]["image"])
    network = f"probe-kube-{uuid.uuid4().hex[:6]}"
    secrets = [d for d in documents if d["kind"] == "Secret"]
    # Podman 4.3 (Debian 12) stores a Secret document as YAML but its secretKeyRef reads
    # only JSON ("secret ... is not valid JSON"): there, the Secrets are created first as
    # Podman secrets holding the keys (base64 values, as a Secret's data) and the files are
    # played without their Secret documents. Later Podman plays the files as written.
    made_secrets = []
    secrets_as_podman_secrets = podman_version() < (4, 4)
    if secrets_as_podman_secrets:
        for s in secrets:
            data = {k: base64.b64encode(v.encode()).decode() for k, v in s.get("stringData", {}).items()}
            podman("secret", "create", s["metadata"]["name"], "-", input=json.dumps(data))
            made_secrets.append(s["metadata"]["name"])
    # The files as played: on free host ports, and without their Secrets where those are Podman secrets.
    played = []
    for f in files:
        kept = [d for d in k8s_documents(f) if not (secrets_as_podman_secrets and d["kind"] == "Secret")]
        published = on_free_host_ports(kept)
        assert not set(published.values()) & set(DEFAULT_PORTS), published
        out = os.path.join(tempfile.mkdtemp(prefix="kube-", dir="/tmp"), os.path.basename(f))
        with open(out, "w") as w:
            yaml.safe_dump_all(kept, w)
        played.append(out)
    files = played
    podman("network", "create", network)
    try:
        podman("kube", "play", "--network", f"{network}:alias=postgres", files[0])
        names = podman("ps", "-a", "--format", "{{.Names}}").stdout.split()
        postgres = next(n for n in names if n.startswith("postgres-pod") and n.endswith("-postgres"))
        # The store must answer at the server's start (Kubernetes restarts it until then; here
        # the readiness probe's own command is waited for first).
        wait_for("PostgreSQL ready", lambda: podman("exec", postgres, "pg_isready", "-U", "probe", "-d", "probe",
                                                   "-h", "127.0.0.1", check=False).returncode == 0, START_SECONDS)
        podman("kube", "play", "--network", network, files[1])
        names = podman("ps", "-a", "--format", "{{.Names}}").stdout.split()
        server = next(n for n in names if n.startswith("probe-server-pod") and n.endswith("-probe-server"))

        last = {}

        def ready():
            if REROOTED:
                # The readiness probe as a kubelet runs it: GET /readyz at the pod's address.
                address = pod_address(server)
                proc = subprocess.run(["curl", "-sk", "--max-time", "10", "-o", "/dev/null", "-w", "%{http_code}",
                                       f"https://{address}:8443/readyz"], capture_output=True, text=True, timeout=30)
                if proc.returncode == 0 and proc.stdout != "200":
                    proc.returncode = 1
            else:
                proc = podman("exec", server, "probe-server", "health", "--ready", "--server", "https://localhost:8443",
                              check=False)
            last["health"] = f"exit {proc.returncode}: {proc.stdout}{proc.stderr}"
            state = podman("inspect", "-f", "{{.State.Status}}", server).stdout.strip()
            if state not in ("running", "created", "configured"):
                raise AssertionError(f"probe-server stopped ({state}):\n" + podman("logs", server, check=False).stderr)
            return proc.returncode == 0

        def seen():
            logs = podman("logs", server, check=False)
            return f"last `probe-server health --ready`: {last.get('health')}\nserver log:\n{(logs.stdout + logs.stderr)[-3000:]}"
        wait_for("/readyz 200 in the pod", ready, START_SECONDS, detail=seen)
        logs = podman("logs", server, check=False)
        assert "https://probe-server:8443/" in logs.stdout + logs.stderr
        count = "select count(*) from information_schema.tables where table_schema = 'public'"
        if REROOTED:
            # From this host, over TCP to the pod, with the Secret's password.
            password = next(d for d in secrets if d["metadata"]["name"] == "postgres")["stringData"]["password"]
            proc = subprocess.run(["psql", "-h", pod_address(postgres), "-U", "probe", "-d", "probe", "-Atc", count],
                                  capture_output=True, text=True, timeout=60, env=dict(os.environ, PGPASSWORD=password))
            assert proc.returncode == 0, proc.stderr
            tables = proc.stdout
        else:
            tables = podman("exec", postgres, "psql", "-U", "probe", "-d", "probe", "-Atc", count).stdout
        assert int(tables.strip() or 0) > 0, "probe-server made no tables in PostgreSQL"
    finally:
        for f in reversed(files):
            podman("kube", "down", f, check=False)
        podman("network", "rm", "-f", network, check=False)
        for d in documents:
            if d["kind"] == "PersistentVolumeClaim":
                podman("volume", "rm", "-f", d["metadata"]["name"], check=False)
        for name in made_secrets:
            podman("secret", "rm", name, check=False)


def test_BuildContext_HoldsEveryFolderThePackageNames():
    """SwiftPM refuses a manifest whose target path is missing ("invalid custom path"), so a
    test target added to Package.swift and left out of .containerignore breaks the image's
    build: every `path:` the manifest names is let in."""
    manifest = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    paths = set(re.findall(r'path:\s*"([^"]+)"', manifest))
    allowed = [line[1:].strip().rstrip("/") for line in open(os.path.join(ROOT, ".containerignore"), encoding="utf-8")
               if line.startswith("!")]
    missing = sorted(p for p in paths if not any(p == a or p.startswith(a + "/") for a in allowed))
    assert paths and not missing, f"Package.swift names {missing}, which .containerignore leaves out of the image's build"

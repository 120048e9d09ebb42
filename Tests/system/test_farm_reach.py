"""A shared instance behind a TLS-terminating proxy, with the configs of examples/proxy/ run
unchanged (Caddy: its environment placeholders; nginx: four values replaced) in front of the
real server started as docs/ci-and-farms.md says (`--http --trust-proxy`). Devices are clients bound to
their own loopback addresses (127.0.0.5, 127.0.0.6), so the address each request came from is
known. What a proxy must get right: run URLs carry the proxy's https origin, and the client
address the proxy forwards is believed, but only from the trusted range. The address is
observed through the per-address run quota (`--runs-per-hour 1`): a second run from the same
address is 429, a first from another address is 201."""
import http.client
import json
import os
import shutil
import signal
import ssl
import subprocess
import time

import pytest

from conftest import ROOT, Server, free_port

EXAMPLES = os.path.join(ROOT, "examples", "proxy")
DEVICE_A, DEVICE_B = "127.0.0.5", "127.0.0.6"
TRUSTED = "127.0.0.1/32"  # the proxy's own address: it connects to the server from 127.0.0.1


def certificate(folder):
    """A self-signed certificate for localhost, standing in for the team's CA or ACME."""
    cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", key, "-out", cert], check=True, capture_output=True)
    return cert, key


def wait_listening(port, proc, log):
    deadline = time.time() + 20
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the proxy exited ({proc.returncode}): " + open(log).read()[-3000:])
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=0.5).connect()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the proxy did not listen: " + open(log).read()[-3000:])


def request(method, host, port, path, body=None, source=DEVICE_A, cafile=None, headers=None):
    if cafile:
        conn = http.client.HTTPSConnection(host, port, timeout=30, source_address=(source, 0),
                                           context=ssl.create_default_context(cafile=cafile))
    else:
        conn = http.client.HTTPConnection(host, port, timeout=30, source_address=(source, 0))
    try:
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        text = response.read().decode()
        return response.status, (json.loads(text) if text.startswith("{") else text)
    finally:
        conn.close()


@pytest.fixture
def backend():
    """probe-server as the proxy recipe of docs/ci-and-farms.md starts it: plain HTTP on loopback, trusting the proxy."""
    server = Server("--http", "--host", "127.0.0.1", "--trust-proxy", TRUSTED, "--runs-per-hour", "1")
    yield server
    server.stop()


class Proxy:
    def __init__(self, args, env, log):
        self.log = log
        self.proc = subprocess.Popen(args, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT,
                                     start_new_session=True)

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


def caddy(tmp_path, backend, port, cert, key):
    home = tmp_path / "caddy-home"
    home.mkdir()
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               PROBE_SITE=f"https://localhost:{port}", PROBE_TLS=f"tls {cert} {key}",
               PROBE_UPSTREAM=f"127.0.0.1:{backend.port}",
               # No admin endpoint, no :80 redirect listener, no system trust store: a test's own instance.
               PROBE_CADDY_OPTIONS="admin off\n\tauto_https disable_redirects\n\tskip_install_trust")
    log = str(tmp_path / "caddy.log")
    proxy = Proxy(["caddy", "run", "--config", os.path.join(EXAMPLES, "Caddyfile"), "--adapter", "caddyfile"], env, log)
    wait_listening(port, proxy.proc, log)
    return proxy


NGINX_VALUES = {  # what the committed file holds → what this test runs it with
    "listen 443 ssl;": None,
    "server_name probe.example.com;": "server_name localhost;",
    "/etc/letsencrypt/live/probe.example.com/fullchain.pem": None,
    "/etc/letsencrypt/live/probe.example.com/privkey.pem": None,
    "server 127.0.0.1:8443;": None,
}


def nginx(tmp_path, backend, port, cert, key):
    text = open(os.path.join(EXAMPLES, "nginx.conf"), encoding="utf-8").read()
    values = dict(NGINX_VALUES)
    values.update({"listen 443 ssl;": f"listen 127.0.0.1:{port} ssl;",
                   "/etc/letsencrypt/live/probe.example.com/fullchain.pem": cert,
                   "/etc/letsencrypt/live/probe.example.com/privkey.pem": key,
                   "server 127.0.0.1:8443;": f"server 127.0.0.1:{backend.port};"})
    for old, new in values.items():
        assert old in text, f"examples/proxy/nginx.conf no longer holds {old!r}"
        text = text.replace(old, new)
    prefix = tmp_path / "nginx"
    prefix.mkdir()
    (prefix / "probe-server.conf").write_text(text)
    temp = prefix / "temp"
    main = f"""daemon off;
master_process off;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log info;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {temp}/body; proxy_temp_path {temp}/proxy; fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi; scgi_temp_path {temp}/scgi;
    include {prefix}/probe-server.conf;
}}
"""
    (prefix / "main.conf").write_text(main)
    temp.mkdir()
    log = str(tmp_path / "nginx.log")
    proxy = Proxy(["nginx", "-p", str(prefix), "-c", str(prefix / "main.conf")], dict(os.environ), log)
    wait_listening(port, proxy.proc, log)
    return proxy


@pytest.mark.parametrize("start", [caddy, nginx], ids=["caddy", "nginx"])
def test_BehindTheProxy_RunURLsCarryItsHTTPSOrigin_AndTheForwardedClientIsBelieved(tmp_path, backend, start):
    if shutil.which(start.__name__) is None:
        pytest.fail(f"{start.__name__} is not installed: Tests/lib/needs.sh installs it (need_suite system)")
    cert, key = certificate(str(tmp_path))
    port = free_port()
    proxy = start(tmp_path, backend, port, cert, key)
    try:
        # A device forging its own X-Forwarded-For gains nothing: the proxy's entry is the one believed.
        status, run = request("POST", "localhost", port, "/api/runs", {"label": "via proxy"}, cafile=cert,
                              headers={"X-Forwarded-For": "198.51.100.9", "X-Forwarded-Proto": "http"})
        assert status == 201, run
        assert run["absoluteUrl"] == f"https://localhost:{port}" + run["url"], run
        assert run["absoluteUrl"].startswith(f"https://localhost:{port}/?run={run['id']}&key=")
        # The run URL works through the proxy, as the device will open it.
        status, page = request("GET", "localhost", port, run["url"], cafile=cert)
        assert status == 200 and "<html" in page.lower()
        status, state = request("GET", "localhost", port, f"/api/runs/{run['id']}", cafile=cert)
        assert status == 200 and state["id"] == run["id"]
        # The quota counts the device's address, not the proxy's: A is at its one run, B has its own.
        status, body = request("POST", "localhost", port, "/api/runs", {"label": "again"}, cafile=cert,
                               headers={"X-Forwarded-For": "198.51.100.10"})
        assert status == 429 and body["error"]["code"] == "runs_per_hour_quota", body
        status, body = request("POST", "localhost", port, "/api/runs", {"label": "other device"}, source=DEVICE_B, cafile=cert)
        assert status == 201, body
        # /setup names the way this device came in: the proxy, nothing to install.
        status, page = request("GET", "localhost", port, "/setup", cafile=cert)
        assert status == 200 and route_of(page) == "proxied", page[:2000]
    finally:
        proxy.stop()


def route_of(page):
    import re
    found = re.search(r'data-route="([a-z]+)"', page)
    return found and found.group(1)


def lan_address():
    """This machine's address on its network (the source of a route to a public address)."""
    import socket
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): no packet is sent by connect on UDP
            return s.getsockname()[0]
        except OSError:
            return None


def test_SetupPage_NamesTheWayTheDeviceCameIn_LoopbackOrLAN():
    server = Server()
    try:
        ctx = ssl.create_default_context(cafile=server.ca)
        conn = http.client.HTTPSConnection("localhost", server.port, context=ctx, timeout=30, source_address=(DEVICE_A, 0))
        conn.request("GET", "/setup")
        page = conn.getresponse().read().decode()
        assert route_of(page) == "loopback" and "adb reverse tcp:" in page, page[:2000]
        address = lan_address()
        assert address and not address.startswith("127."), "this machine has no network address to test the LAN case with"
        conn = http.client.HTTPConnection(address, server.setup_port, timeout=30, source_address=(address, 0))
        conn.request("GET", "/setup")
        page = conn.getresponse().read().decode()
        assert route_of(page) == "lan" and "local certificate authority" in page, page[:2000]
    finally:
        server.stop()


def test_ForwardedHeaders_FromOutsideTheTrustedRange_AreIgnored(backend):
    forged = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example", "X-Forwarded-For": "198.51.100.9"}
    status, run = request("POST", "localhost", backend.port, "/api/runs", {"label": "direct"}, headers=forged)
    assert status == 201, run
    assert run["absoluteUrl"] == f"http://localhost:{backend.port}" + run["url"], "forged X-Forwarded-Proto/Host believed"
    # Another forged client address does not buy another run: the socket's address (127.0.0.5) counts.
    status, body = request("POST", "localhost", backend.port, "/api/runs", {"label": "direct 2"},
                           headers=dict(forged, **{"X-Forwarded-For": "198.51.100.77"}))
    assert status == 429 and body["error"]["code"] == "runs_per_hour_quota", body
    # A forged X-Forwarded-For does not make a loopback device look proxied on /setup.
    status, page = request("GET", "localhost", backend.port, "/setup", headers=forged)
    assert status == 200 and route_of(page) == "loopback", page[:2000]

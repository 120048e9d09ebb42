"""HTTPS that phones trust (docs/architecture.md), checked against the real binary."""
import datetime
import http.client
import os
import re
import shutil
import signal
import ssl
import subprocess
import tempfile
import time

from conftest import Server, scan_url


def https(server, path="/", host="localhost"):
    ctx = ssl.create_default_context(cafile=server.ca)
    conn = http.client.HTTPSConnection(host, server.port, context=ctx, timeout=10)
    conn.request("GET", path)
    r = conn.getresponse()
    return r.status, dict(r.getheaders()), r.read(), conn


def test_serve_prints_https_urls_and_a_qr_code(server):
    banner = server.banner
    assert f"https://localhost:{server.port}/" in banner
    assert scan_url(banner), banner
    assert "▀" in banner or "▄" in banner


def test_terminal_qr_code_decodes_to_the_printed_url(server, tmp_path):
    banner = server.banner
    # The code's rows start with its quiet zone; the banner's short lines stand beside it, after
    # the width of its first row (all quiet zone, all blocks).
    lines = [l for l in banner.splitlines() if l and l[0] in "█▀▄"]
    assert len(lines) > 10
    qr_width = len(lines[0]) - len(lines[0].lstrip("█"))
    lines = [l[:qr_width] for l in lines]
    # Each character is two modules tall: upper half, lower half. Light modules are the
    # printed blocks (light on dark), so a module is dark where the half is blank.
    width = max(len(l) for l in lines)
    rows = []
    for line in lines:
        line = line.ljust(width)
        top = [0 if c in "█▀" else 1 for c in line]
        bottom = [0 if c in "█▄" else 1 for c in line]
        rows += [top, bottom]
    scale = 6
    pbm = tmp_path / "qr.pbm"
    with open(pbm, "w") as f:
        f.write(f"P1\n{width * scale} {len(rows) * scale}\n")
        for row in rows:
            line = " ".join(str(b) for b in row for _ in range(scale))
            for _ in range(scale):
                f.write(line + "\n")
    png = tmp_path / "qr.png"
    subprocess.run(["convert", str(pbm), str(png)], check=True) if shutil.which("convert") and \
        subprocess.run(["convert", "-version"], capture_output=True).returncode == 0 else None
    target = png if png.exists() else pbm
    out = subprocess.run(["zbarimg", "-q", "--raw", str(target)], capture_output=True, text=True)
    assert out.stdout.strip() == scan_url(banner), out.stderr


def test_terminal_qr_code_opens_setup_which_a_phone_opens_before_it_trusts_the_ca(server):
    assert re.fullmatch(rf"http://[^/]+:{server.setup_port}/setup", scan_url(server.banner)), server.banner


def test_setup_page_svg_qr_code_decodes_to_the_probe_url(server, tmp_path):
    conn = http.client.HTTPConnection("127.0.0.1", server.setup_port, timeout=10)
    conn.request("GET", "/setup")
    html = conn.getresponse().read().decode()
    svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
    (tmp_path / "qr.svg").write_text(svg)
    subprocess.run(["rsvg-convert", "-o", str(tmp_path / "qr.png"), str(tmp_path / "qr.svg")], check=True)
    out = subprocess.run(["zbarimg", "-q", "--raw", str(tmp_path / "qr.png")], capture_output=True, text=True)
    assert out.stdout.strip() == re.search(r"open the probe page at:\n.*?(https://\S+)", server.banner).group(1)


def test_curl_verifies_the_server_with_the_local_ca(server):
    for host in ["localhost", "127.0.0.1"]:
        out = subprocess.run(["curl", "-sS", "--cacert", server.ca, server.url("/api/health", host)],
                             capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        assert '"status":"ok"' in out.stdout


def test_leaf_certificate_has_the_sans_eku_and_an_825_day_validity(server):
    text = subprocess.run(["openssl", "x509", "-in", os.path.join(server.data_dir, "cert.pem"), "-noout", "-text"],
                          capture_output=True, text=True, check=True).stdout
    assert "DNS:localhost" in text and "IP Address:127.0.0.1" in text and "IP Address:0:0:0:0:0:0:0:1" in text
    assert "TLS Web Server Authentication" in text
    not_before = re.search(r"Not Before: (.+)", text).group(1).strip()
    not_after = re.search(r"Not After : (.+)", text).group(1).strip()
    fmt = "%b %d %H:%M:%S %Y %Z"
    days = (datetime.datetime.strptime(not_after, fmt) - datetime.datetime.strptime(not_before, fmt)).days
    assert days <= 825
    key_mode = os.stat(os.path.join(server.data_dir, "key.pem")).st_mode & 0o777
    assert key_mode == 0o600


def test_plain_tls_versions_below_1_2_are_refused(server):
    for flag in ["-tls1", "-tls1_1"]:
        out = subprocess.run(["openssl", "s_client", "-connect", f"127.0.0.1:{server.port}", flag],
                             input="", capture_output=True, text=True, timeout=20)
        assert "Cipher is (NONE)" in out.stdout or out.returncode != 0


def test_sighup_swaps_the_certificate_while_a_keep_alive_connection_keeps_working(server):
    status, _, _, conn = https(server, "/api/health")
    assert status == 200
    before = conn.sock.getpeercert(binary_form=True)
    # Remove the leaf: the reload issues a new one from the same CA.
    os.remove(os.path.join(server.data_dir, "cert.pem"))
    server.proc.send_signal(signal.SIGHUP)
    time.sleep(1.0)
    conn.request("GET", "/api/health")
    r = conn.getresponse()
    assert r.status == 200 and b'"ok"' in r.read()
    assert conn.sock.getpeercert(binary_form=True) == before
    _, _, _, fresh = https(server, "/api/health")
    assert fresh.sock.getpeercert(binary_form=True) != before


def test_chromium_trusting_the_ca_loads_the_page(server, tmp_path):
    chromium = shutil.which("chromium") and "/usr/lib/chromium/chromium"
    assert chromium and os.path.exists(chromium), "chromium is installed by Tests/system/run.sh"
    home = tmp_path / "home"
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", "probe-ca", "-i", server.ca], check=True)
    env = dict(os.environ, HOME=str(home))
    out = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path / 'profile'}",
                          "--dump-dom", server.url("/")], capture_output=True, text=True, env=env, timeout=60)
    assert "<title>" in out.stdout, out.stderr[-2000:]
    assert "ERR_CERT" not in out.stderr


def test_sigterm_stops_cleanly_with_exit_0():
    s = Server()
    assert s.stop() == 0

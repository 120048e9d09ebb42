"""TLS: sslyze finds nothing to fault in the protocol and cipher configuration (Mozilla
intermediate), a client that stalls mid-handshake is closed at the header timeout, and
1,000 handshakes abandoned half-way leave no descriptor or memory behind."""
import json
import os
import socket
import ssl
import struct
import subprocess
import sys
import tempfile
import time

from support import LOOPBACK, Server, fd_count, rss_kib

# The server's header timeout, which covers the handshake, and how late a close may be.
HEADER_TIMEOUT_S = 10.0
ABORTED_HANDSHAKES = 1000
# Handshakes left open at once before they are abandoned.
ABORT_BATCH = 25
# Memory the server may keep after the aborted handshakes: allocator slack, not a leak
# (a leak of one TLS session each, ~30 KiB, would be ~30 MiB).
RSS_SLACK_KIB = 4 * 1024
# Compliance items sslyze checks that are about the certificate, not the configuration,
# and fail by design for a local CA: it is in no public trust store, and its leaf lives
# 825 days, Apple's limit for certificates from a user-installed root.
CERTIFICATE_BY_DESIGN = {"certificate_path_validation", "maximum_certificate_lifespan"}


def test_TLSScan_IsCleanAgainstMozillaIntermediate():
    with Server(tls=True) as server, tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "sslyze.json")
        run = subprocess.run([sys.executable, "-m", "sslyze", f"{LOOPBACK}:{server.port}",
                              "--mozilla_config=intermediate", f"--json_out={out}"],
                             capture_output=True, text=True, timeout=300)
        scan = json.load(open(out))["server_scan_results"][0]["scan_result"]

        def accepted(key):
            assert scan[key]["status"] == "COMPLETED", key
            return [c["cipher_suite"]["name"] for c in scan[key]["result"]["accepted_cipher_suites"]]

        for old in ("ssl_2_0_cipher_suites", "ssl_3_0_cipher_suites", "tls_1_0_cipher_suites", "tls_1_1_cipher_suites"):
            assert accepted(old) == [], f"{old} accepted"
        tls12 = accepted("tls_1_2_cipher_suites")
        assert tls12 and all(n.startswith("TLS_ECDHE_") and ("GCM" in n or "CHACHA20" in n) for n in tls12), tls12
        assert accepted("tls_1_3_cipher_suites")
        assert not scan["heartbleed"]["result"]["is_vulnerable_to_heartbleed"]
        assert not scan["openssl_ccs_injection"]["result"]["is_vulnerable_to_ccs_injection"]
        assert not scan["tls_compression"]["result"]["supports_compression"]
        assert scan["robot"]["result"]["robot_result"].startswith("NOT_VULNERABLE")
        assert scan["session_renegotiation"]["result"]["supports_secure_renegotiation"]
        assert not scan["session_renegotiation"]["result"]["is_vulnerable_to_client_renegotiation_dos"]
        assert scan["tls_fallback_scsv"]["result"]["supports_fallback_scsv"]
        # Mozilla intermediate: every item but the certificate's own by-design ones.
        failed = {line.strip()[2:].split(":")[0] for line in run.stdout.splitlines() if line.strip().startswith("* ")
                  and ":" in line and "COMPLIANCE" not in line and line.strip()[2:].split(":")[0].islower()}
        assert failed <= CERTIFICATE_BY_DESIGN, f"Mozilla intermediate: {failed - CERTIFICATE_BY_DESIGN}\n{run.stdout[-3000:]}"
        print(f"sslyze: TLS 1.2 suites {tls12}; TLS 1.3 {accepted('tls_1_3_cipher_suites')}; "
              f"Mozilla intermediate failures only by design: {sorted(failed)}")
        # The chain is valid for the local CA that devices are told to trust.
        verify = subprocess.run(["openssl", "verify", "-CAfile", f"{server.data_dir}/ca.pem", f"{server.data_dir}/cert.pem"],
                                capture_output=True, text=True)
        assert verify.returncode == 0, verify.stdout + verify.stderr


def client_hello():
    """The first flight of a real TLS client, as bytes."""
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    obj = ctx.wrap_bio(incoming, outgoing, server_hostname="localhost")
    try:
        obj.do_handshake()
    except ssl.SSLWantReadError:
        pass
    return outgoing.read()


def test_StalledHandshake_IsClosedAtTheHeaderTimeout():
    with Server(tls=True) as server:
        hello = client_hello()
        # The clients wait six times the header timeout: a close before that is the server's.
        wait = HEADER_TIMEOUT_S * 6
        silent = server.connect(timeout=wait)       # sends nothing at all
        partial = server.connect(timeout=wait)      # half a ClientHello
        partial.sendall(hello[: len(hello) // 2])
        after_hello = server.connect(timeout=wait)  # a ClientHello, then nothing
        after_hello.sendall(hello)
        started = time.monotonic()
        lifetimes, closed_by_server = {}, {}
        for name, s in (("silent", silent), ("partial", partial), ("after_hello", after_hello)):
            try:
                while s.recv(65536):
                    pass
                closed_by_server[name] = True
            except ConnectionResetError:
                closed_by_server[name] = True
            except socket.timeout:
                closed_by_server[name] = False
            lifetimes[name] = time.monotonic() - started
            s.close()
        # Printed for docs/reliability.md; asserted is only that the server closed them.
        print("stalled handshakes closed after " + ", ".join(f"{k} {v:.2f} s" for k, v in lifetimes.items()))
        assert all(closed_by_server.values()), closed_by_server


def test_AbortedHandshakes_LeaveNoDescriptorOrMemoryBehind():
    with Server(tls=True) as server:
        hello = client_hello()

        def abort_batch(n, index):
            socks = []
            for i in range(n):
                s = server.connect(timeout=5)
                s.sendall(hello)
                socks.append(s)
            for i, s in enumerate(socks):
                s.recv(64)  # the server is mid-handshake: its ServerHello has started
                if (index + i) % 2:
                    # RST instead of FIN: linger on, timeout 0.
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                s.close()

        def settle():
            # Closes are seen on the server's next loop iterations.
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and fd_count(server.pid) > base_fds:
                time.sleep(0.1)
            time.sleep(0.5)

        # Warm up: the first handshakes grow the allocator's pools once.
        base_fds = fd_count(server.pid) + 10**6
        for b in range(100 // ABORT_BATCH):
            abort_batch(ABORT_BATCH, b)
        time.sleep(1)
        base_fds, base_rss = fd_count(server.pid), rss_kib(server.pid)

        started = time.monotonic()
        for b in range(ABORTED_HANDSHAKES // ABORT_BATCH):
            abort_batch(ABORT_BATCH, b)
        elapsed = time.monotonic() - started
        settle()
        fds, rss = fd_count(server.pid), rss_kib(server.pid)
        print(f"{ABORTED_HANDSHAKES} aborted handshakes in {elapsed:.1f} s: descriptors {base_fds} -> {fds}, "
              f"RSS {base_rss} -> {rss} KiB")
        assert fds == base_fds
        assert rss - base_rss <= RSS_SLACK_KIB, f"RSS grew {rss - base_rss} KiB"
        # And the server still completes a real handshake and request.
        ctx = ssl.create_default_context(cafile=f"{server.data_dir}/ca.pem")
        with socket.create_connection((LOOPBACK, server.port), timeout=5) as raw, \
                ctx.wrap_socket(raw, server_hostname="localhost") as tls:
            tls.sendall(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            assert tls.recv(64).startswith(b"HTTP/1.1 200")

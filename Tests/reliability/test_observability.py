"""/healthz, /readyz and /metrics of the real server, read the way a load balancer and a
Prometheus scraper read them (https://prometheus.io/docs/instrumenting/exposition_formats/)."""
import concurrent.futures
import ctypes
import os
import struct
import threading
import time

import pytest
from prometheus_client.parser import text_string_to_metric_families

from support import LOOPBACK, Server, result

# ServerMetrics.maxScrapeBytes: the scrape's size bound stated in docs/security.md.
MAX_SCRAPE_BYTES = 384 * 1024


def scrape(server, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    status, hdrs, data, _ = server.request("GET", "/metrics", headers=headers)
    assert status == 200, (status, data)
    assert hdrs["content-type"].startswith("text/plain; version=0.0.4")
    samples = {}
    for family in text_string_to_metric_families(data.decode()):
        for s in family.samples:
            samples[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return samples


def value(samples, name, **labels):
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def run_to_verdict(server):
    run = server.create_run()
    status, _, data, _ = server.request("POST", server.results_path(run), {"results": [result(run)]})
    assert status == 200, data
    status, _, data, parsed = server.request("POST", f"/api/runs/{run}/complete?key={server.keys[run]}", {})
    assert status == 200, data
    return run, parsed["verdict"]


def test_Healthz_And_Readyz_AnswerForALoadBalancer():
    with Server() as server:
        status, _, _, parsed = server.request("GET", "/healthz")
        assert (status, parsed) == (200, {"status": "ok"})
        status, _, data, parsed = server.request("GET", "/readyz")
        assert (status, parsed) == (200, {"status": "ready"}), data


def test_Readyz_WithTheStoreAtItsLimit_Is503NamingTheStore():
    # A store limit below the empty database's own size: ready fails on the store, alive stays.
    with Server(extra=["--max-store", "4096"]) as server:
        import time
        deadline = time.monotonic() + 10
        while True:
            status, _, data, parsed = server.request("GET", "/readyz")
            if status == 503 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert status == 503, data
        assert parsed["error"]["code"] == "not_ready"
        assert parsed["failing"] == ["store"]
        assert "--max-store" in parsed["error"]["message"]
        assert server.request("GET", "/healthz")[0] == 200


def test_Metrics_NeedTheToken_UnlessPublic():
    with Server() as server:
        status, hdrs, _, parsed = server.request("GET", "/metrics")
        assert status == 401 and "bearer" in hdrs["www-authenticate"].lower()
    with Server(extra=["--metrics-public"]) as server:
        assert server.request("GET", "/metrics")[0] == 200


def test_Metrics_ParseAsPrometheusText_AndMoveAfterARun():
    with Server() as server:
        token = server.token()
        before = scrape(server, token)
        assert value(before, "probe_results_ingested_total") == 0
        assert value(before, "probe_store_bytes") > 0
        assert value(before, "probe_open_connections") >= 1  # the scrape itself
        _, verdict = run_to_verdict(server)
        after = scrape(server, token)
        assert value(after, "probe_results_ingested_total") == 1
        assert value(after, "probe_runs_judged_total", verdict=verdict) == 1
        route = dict(method="POST", route="/api/runs/:id/results")
        assert value(after, "probe_http_request_duration_seconds_count", **route) == 1
        assert value(after, "probe_http_request_duration_seconds_bucket", le="+Inf", **route) == 1
        assert value(after, "probe_http_requests_total", code="2xx") > value(before, "probe_http_requests_total", code="2xx")
        assert value(after, "probe_long_polls") == 0
        assert value(after, "probe_tls_refusals_total", sign="alert") == 0


def test_Metrics_CountAHandshakeRefusedForAnUntrustedCertificate():
    import http.client
    import socket
    import ssl
    import time
    with Server(tls=True) as server:
        token = server.token()
        ca = ssl.create_default_context(cafile=os.path.join(server.data_dir, "ca.pem"))

        def scrape_tls():
            conn = http.client.HTTPSConnection("localhost", server.port, context=ca, timeout=30)
            conn.request("GET", "/metrics", headers={"Authorization": f"Bearer {token}"})
            resp = conn.getresponse()
            text = resp.read().decode()
            conn.close()
            assert resp.status == 200, text
            return {(s.name, tuple(sorted(s.labels.items()))): s.value
                    for f in text_string_to_metric_families(text) for s in f.samples}

        assert value(scrape_tls(), "probe_tls_refusals_total", sign="alert") == 0
        # A client that does not trust the local CA ends the handshake with an alert.
        untrusting = ssl.create_default_context()
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
            try:
                untrusting.wrap_socket(raw, server_hostname="localhost")
                raise AssertionError("the handshake should fail: the local CA is not trusted")
            except ssl.SSLCertVerificationError:
                pass
        # The server reads the alert on its loop, after the client has returned.
        deadline = time.monotonic() + 10
        while value(scrape_tls(), "probe_tls_refusals_total", sign="alert") == 0 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert value(scrape_tls(), "probe_tls_refusals_total", sign="alert") == 1


# MARK: floods


def send_junk_methods(server, count, method_bytes=4096, connections=8, batch=100):
    """`count` requests with distinct invented methods of `method_bytes`, pipelined `batch`
    at a time on each keep-alive connection; returns how many were answered 501. A
    connection carries at most 900 of them: the server ends one after 1,000 requests
    (HTTPLimits.requestsPerConnection, nginx's keepalive_requests)."""
    connections = max(connections, -(-count // 900))

    def one_connection(index):
        answered = 0
        with server.connect(timeout=60) as s:
            for start in range(index, count, connections * batch):
                numbers = range(start, min(count, start + connections * batch), connections)
                payload = b"".join(
                    (f"J{n:07d}".ljust(method_bytes, "X") + " / HTTP/1.1\r\nHost: x\r\n\r\n").encode() for n in numbers)
                s.sendall(payload)
                want = answered + len(numbers)
                data = b""
                while answered < want:
                    chunk = s.recv(65536)
                    assert chunk, "the server closed the connection"
                    data += chunk
                    answered += data.count(b"HTTP/1.1 501 ")
                    data = data[data.rfind(b"HTTP/1.1 501 ") + 1:] if b"HTTP/1.1 501 " in data else data[-32:]
        return answered
    with concurrent.futures.ThreadPoolExecutor(connections) as pool:
        return sum(pool.map(one_connection, range(connections)))


JUNK_REQUESTS = 20_000


@pytest.fixture(scope="module")
def flooded():
    """A server that answered 20,000 requests with 4 KB invented methods (the attack)."""
    with Server(extra=["--metrics-public"]) as server:
        assert send_junk_methods(server, JUNK_REQUESTS) == JUNK_REQUESTS
        yield server


def test_JunkMethods_LeaveTheScrapeBelowItsBound_AndParseable(flooded):
    # Before: every invented method was a label; 20,000 of them made a scrape past 60 s.
    status, _, data, _ = flooded.request("GET", "/metrics", timeout=60)
    assert status == 200
    print(f"\nscrape after {JUNK_REQUESTS} junk-method requests: {len(data)} bytes")
    assert len(data) < MAX_SCRAPE_BYTES, len(data)
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for f in text_string_to_metric_families(data.decode()) for s in f.samples}
    assert value(samples, "probe_http_request_duration_seconds_count", method="other", route="unmatched") == JUNK_REQUESTS
    methods = {dict(labels).get("method") for (_, labels) in samples}
    assert all(m is None or len(m) <= 7 for m in methods), sorted(m for m in methods if m)[:3]


def test_Healthz_AnswersWhileScrapesRender(flooded):
    # Scrapes keep running on their own connections while /healthz is asked on fresh ones
    # (the kernel spreads them over every loop). Before, a scrape rendered on its loop and
    # a /healthz that landed there waited for it: past its client's timeout after the flood.
    stop = threading.Event()
    scrapes = []

    def scrape_until_stopped():
        while not stop.is_set():
            scrapes.append(flooded.request("GET", "/metrics", timeout=120)[0])

    scrapers = [threading.Thread(target=scrape_until_stopped) for _ in range(4)]
    for t in scrapers:
        t.start()
    try:
        answers = [flooded.request("GET", "/healthz", timeout=10)[0] for _ in range(16)]
    finally:
        stop.set()
        for t in scrapers:
            t.join()
    assert answers == [200] * 16
    assert scrapes and set(scrapes) == {200}


class ProbeFileCreations:
    """Counts creations of the readiness probe's file (`.readyz-probe`) in a folder with
    inotify(7), independently of anything the server reports about itself. Deletions are
    watched too: inotify coalesces identical consecutive events, and a create, delete, create
    sequence keeps each create apart."""
    IN_CREATE = 0x100
    IN_DELETE = 0x200
    IN_NONBLOCK = 0o4000

    def __init__(self, folder, name=".readyz-probe"):
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.fd = self.libc.inotify_init1(self.IN_NONBLOCK)
        assert self.fd >= 0
        assert self.libc.inotify_add_watch(self.fd, folder.encode(), self.IN_CREATE | self.IN_DELETE) >= 0
        self.name = name.encode()
        self.count = 0

    def drain(self):
        while True:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                return self.count
            offset = 0
            while offset < len(data):
                _, mask, _, length = struct.unpack_from("iIII", data, offset)
                name = data[offset + 16: offset + 16 + length].rstrip(b"\0")
                self.count += name == self.name and bool(mask & self.IN_CREATE)
                offset += 16 + length

    def close(self):
        os.close(self.fd)


def test_Readyz_WritesItsProbeAtMostOnceASecond_WhateverTheRequestRate():
    # Before: every /readyz synced a file and committed a store write.
    with Server(extra=["--metrics-public"]) as server:
        creations = ProbeFileCreations(server.data_dir)
        try:
            before = scrape(server)
            with concurrent.futures.ThreadPoolExecutor(8) as pool:
                statuses = list(pool.map(lambda _: server.request("GET", "/readyz")[0], range(400)))
            assert statuses == [200] * 400
            after = scrape(server)
            probes = value(after, "probe_readiness_probes_total") - value(before, "probe_readiness_probes_total")
            files = creations.drain()
        finally:
            creations.close()
        # Behaviour, not speed: the calls share checks (one check a second is proved with an
        # injected clock in FloodTests), and each check writes exactly one probe file. Before,
        # every call was a check of its own: 400 files for 400 calls.
        assert ("probe_readiness_probes_total", ()) in after, "no readiness probe counter"
        assert 1 <= probes < 400 / 8, probes
        assert files == probes, (files, probes)

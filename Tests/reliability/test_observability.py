"""/healthz, /readyz and /metrics of the real server, read the way a load balancer and a
Prometheus scraper read them (https://prometheus.io/docs/instrumenting/exposition_formats/)."""
import os

from prometheus_client.parser import text_string_to_metric_families

from support import Server, result


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

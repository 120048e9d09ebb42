"""bench/run cannot go blind: one short round (BENCH_QUICK=1) of the real harness, and every
row of its tables holds a figure. How fast anything was is never asserted here (the machine
is shared; speed is bench/run's business, docs/performance.md)."""
import json
import os
import subprocess

from support import SERVER_BINARY

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_ShortBenchRound_EveryRowProducesAFigure(tmp_path):
    results = tmp_path / "results"
    env = dict(os.environ, BENCH_QUICK="1", BENCH_BIN=SERVER_BINARY, BENCH_RESULTS=str(results),
               BENCH_WORK=str(tmp_path / "work"))
    run = subprocess.run(["bash", "bench/run"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, f"bench/run exited {run.returncode}:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"

    latest = json.loads((results / "latest.json").read_text())
    for cid, by in {**latest["static"], **latest["handshakes"]}.items():
        for server, figures in by.items():
            assert figures["per_second"], f"{cid} for {server} has no rate: {figures}"
    assert latest["ingest"]["per_second"] and latest["ingest"]["stored"] >= latest["ingest"]["acknowledged"] > 0
    assert latest["flow"]["status"] == "measured", latest["flow"]
    assert len(latest["flow"]["samples_ms"]) == 5
    reports = latest["reports"]
    assert reports["status"] == "measured", reports
    for row in ("runs_page", "report_json"):
        assert reports[row]["rps"] > 0 and reports[row]["p99_ms"] is not None, f"{row}: {reports[row]}"
    assert latest["start"]["probe"]["median_ms"] and latest["start"]["nginx"]["median_ms"]
    for key, figures in latest["idle_connections"].items():
        assert figures["held_mb"] is not None and figures["opened"] > 0, f"{key}: {figures}"
    assert latest["rss_idle_mb"]["probe"] and latest["rss_idle_mb"]["nginx"]

    stores = json.loads((results / "stores.json").read_text())
    assert set(stores["rows"]) == {"sqlite, 1 instance", "postgresql, 1 instance", "postgresql, 3 instances behind nginx"}
    for name, row in stores["rows"].items():
        assert row["accepted"] > 0 and row["durable_per_second"] > 0, f"{name}: {row}"

    table = (results / "latest.md").read_text()
    assert "not yet measurable" not in table and "not measured" not in table, table

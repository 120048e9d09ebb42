"""bench/run cannot go blind: one short round (BENCH_QUICK=1) of the real harness, and every
row of its tables holds a figure; and docs/performance.md's table is what the committed
results render, never a hand's. How fast anything was is never asserted here (the machine
is shared; speed is bench/run's business, docs/performance.md)."""
import difflib
import json
import os
import re
import subprocess
import sys

from support import SERVER_BINARY

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import render_doc  # noqa: E402


def generated_rows(doc):
    """The cells of each row of the doc's generated table (header and rule left out)."""
    _, region, _ = render_doc.split_doc(doc)
    lines = [line for line in region.splitlines() if line.startswith("|")][2:]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]


def row_name(cells):
    """A row's measure without its counts: a short round holds 1,000 idle connections, not
    10,000, and its judged run may carry another number of results."""
    return re.sub(r"\d[\d,.]*", "N", cells[0])


def read_doc():
    with open(render_doc.DOC) as f:
        return f.read()


def test_PerformanceDoc_TableIsTheCommittedResultsRendered():
    committed = read_doc()
    fresh = render_doc.render(committed, render_doc.COMMITTED_RESULTS)
    diff = "".join(difflib.unified_diff(committed.splitlines(True), fresh.splitlines(True),
                                        "docs/performance.md", "rendered from bench/results/*.json"))
    assert committed == fresh, (
        "docs/performance.md's generated table is not what bench/results/*.json render (edited by "
        f"hand, or the results changed without it); regenerate it with `{render_doc.REGENERATE}`:\n{diff}")


def test_ShortBenchRound_EveryRowProducesAFigure(tmp_path):
    results = tmp_path / "results"
    quick_doc = tmp_path / "performance.md"
    committed_doc = read_doc()
    env = dict(os.environ, BENCH_QUICK="1", BENCH_BIN=SERVER_BINARY, BENCH_RESULTS=str(results),
               BENCH_WORK=str(tmp_path / "work"), BENCH_DOC=str(quick_doc))
    run = subprocess.run(["bash", "bench/run"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, f"bench/run exited {run.returncode}:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"

    latest = json.loads((results / "latest.json").read_text())
    for cid, by in {**latest["static"], **latest["handshakes"]}.items():
        for server, figures in by.items():
            assert figures["per_second"], f"{cid} for {server} has no rate: {figures}"
    assert latest["ingest"]["per_second"] and latest["ingest"]["stored"] >= latest["ingest"]["acknowledged"] > 0
    assert latest["flow"]["status"] == "measured", latest["flow"]
    assert len(latest["flow"]["samples_ms"]) == 5
    # The flow as devices feel it (DevTools emulation): one run each in a short round, each
    # with its bytes and where its time went; the round trips from the 150 ms condition.
    for name in ("phone", "tunnel", "rtt"):
        f = latest["flows"][name]
        assert f["status"] == "measured" and f["median_ms"] > 0, f"{name}: {f}"
        assert f["bytes_up"] > 0 and f["bytes_down"] > 0 and f["phases"], f"{name}: {f}"
    assert "serial_round_trips" in latest["flows"]["rtt"]
    reports = latest["reports"]
    assert reports["status"] == "measured", reports
    for row in ("runs_page", "report_html", "report_json", "runs_page_stored", "runs_page_last"):
        assert reports[row].get("rps", 0) > 0 and reports[row].get("p99_ms") is not None, f"{row}: {reports[row]}"
    for row in ("runs_page", "report_html", "report_json"):
        assert reports[row]["raw_bytes"] > 0 and reports[row]["sent_bytes"] > 0, f"{row}: {reports[row]}"
    assert reports["stored_runs"] > reports["runs"] and reports["runs_page_last"]["pages"] > 1, reports
    assert isinstance(reports["previous"], dict), "the operator rows are shown beside the last committed run's"
    assert latest["start"]["probe"]["median_ms"] and latest["start"]["nginx"]["median_ms"]
    for key, figures in latest["idle_connections"].items():
        assert figures["held_mb"] is not None and figures["opened"] > 0, f"{key}: {figures}"
    assert latest["rss_idle_mb"]["probe"] and latest["rss_idle_mb"]["nginx"]

    stores = json.loads((results / "stores.json").read_text())
    assert set(stores["rows"]) == {"sqlite, 1 instance", "postgresql, 1 instance", "postgresql, 3 instances behind nginx"}
    for name, row in stores["rows"].items():
        assert row["accepted"] > 0 and row["durable_per_second"] > 0, f"{name}: {row}"

    burst = json.loads((results / "burst.json").read_text())
    for name, row in burst["rows"].items():
        assert row["judged"] > 0 and row["ack_p99_ms"] is not None and row["last_verdict_s"] is not None, f"burst {name}: {row}"
        assert row["server_cpu_per_run_s"] > 0, f"burst {name}: {row}"
    assert set(burst["rows"]) == {"one", "one_pg", "three"}, burst["rows"].keys()
    for name in ("one_pg", "three"):
        assert burst["rows"][name]["nginx_cpu_per_run_s"] and burst["rows"][name]["postgresql_cpu_per_run_s"], name
    assert burst["cpu_ratio_three_over_one"] and burst["cpu_ratio_three_over_sqlite"]

    table = (results / "latest.md").read_text()
    assert "bench/burst.py" in table, "latest.md has no farm burst rows"
    assert "not yet measurable" not in table and "not measured" not in table, table

    # The doc rendered from the short round's results: the committed doc's rows, each with a
    # figure, and each row with a target judged; the prose around the table and the
    # committed doc itself untouched (a trial's figures never reach it).
    assert read_doc() == committed_doc, "a short round rewrote docs/performance.md; it must render into a copy"
    rendered = quick_doc.read_text()
    before, _, after = render_doc.split_doc(rendered)
    assert (before, after) == render_doc.split_doc(committed_doc)[::2], "the hand-written prose changed"
    rows = generated_rows(rendered)
    # A short round builds no container image (bench.measure_sizes): the committed doc's image
    # row is a full run's, and the container suite holds the image to its size on every run.
    image = "container image"
    assert [row_name(r) for r in rows if row_name(r) != image] == \
        [row_name(r) for r in generated_rows(committed_doc) if row_name(r) != image]
    for measure, figure, _, _, target, met in rows:
        assert re.search(r"\d", figure), f"{measure}: no figure ({figure!r})"
        assert met or not target, f"{measure}: a target ({target}) but no verdict"

"""A stored judgement is kept under its judgement key (CatalogVersion.swift): the catalog's
export, the server's version and the build that judged (BuildIdentity, the executable's
SHA-256). The evaluators are code, not export: a build whose evaluator judges otherwise has the
same export and version, and only its own bytes tell it apart. This walks that on a copy of the
repository: the copy's build B1 judges a run and keeps the judgement; one evaluator is changed in
Swift so it judges a healthy sessionStorage as failing, and the rebuilt B2, on the same data
folder, judges the stored run anew on its first read (its key, its build and the finding are
B2's) and reads its own judgement back on the second (docs/reports.md, "judgedBy")."""
import json
import os
import re
import shutil
import ssl
import subprocess
import urllib.request
from pathlib import Path

from conftest import ROOT, Server
from guide_blocks import copy_repository, run
from test_adding_a_wrapper import COPY

# The one evaluator changed: evaluateWebStorage no longer finds a working sessionStorage
# working, so a healthy storage.session falls through to "the round trip failed".
EVALUATOR = "Sources/ProbeCatalog/Areas/Storage/Storage.swift"
WORKS = "        if available == true, roundTrip != false, error == nil { return Assessment(.works, observed) }"
JUDGES_OTHERWISE = WORKS.replace("error == nil {", "error == nil, probe != .storageSession {")
CHANGED_PROBE = "storage.session"
ANDROID_UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Version/4.0 Chrome/130.0.6723.86 Mobile Safari/537.36")
# What a correctly configured Android WebView shows on the probes posted (the catalog's healthy
# examples of them, HealthyRun.swift); the rest of the run is not run.
HEALTHY = {
    "env.platform": {"userAgent": ANDROID_UA},
    "env.secureContext": {"isSecureContext": True, "protocol": "https:", "origin": "https://probe.test"},
    "storage.local": {"available": True, "writeReadRemove": True},
    CHANGED_PROBE: {"available": True, "writeReadRemove": True},
    "storage.indexedDB": {"available": True, "opened": True, "putGetDelete": True},
}


def call(server, method, path, body=None, token=None):
    ctx = ssl.create_default_context(cafile=server.ca)
    headers = {"Content-Type": "application/json", "User-Agent": ANDROID_UA}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(server.url(path), data=None if body is None else json.dumps(body).encode(),
                                 method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, context=ctx, timeout=60) as r:
            return r.read().decode()
    except urllib.error.HTTPError as e:
        raise AssertionError(f"{method} {path}: {e.code} {e.read().decode()}") from None


def judged_bytes(server, token):
    """The observation bytes this process has judged (`/metrics`): what grows when a run is judged
    and stays when a kept judgement is read back."""
    text = call(server, "GET", "/metrics", token=token)
    found = re.search(r"^probe_judged_observation_bytes_total (\S+)$", text, re.M)
    assert found, text[-2000:]
    return float(found.group(1))


def report(server, run_id):
    return json.loads(call(server, "GET", f"/api/runs/{run_id}/report.json"))["diff"]


def finding(diff, probe):
    return next(f for f in diff["findings"] if f["probe"] == probe)


def test_a_build_whose_evaluator_judges_otherwise_rejudges_each_stored_run(tmp_path):
    copy = Path(COPY)
    os.makedirs(copy, exist_ok=True)
    copy_repository(ROOT, copy, keep={".build"})
    binary = copy / ".build" / "debug" / "probe-server"
    evaluator = copy / EVALUATOR
    source = evaluator.read_text()
    assert source.count(WORKS) == 1, f"{EVALUATOR} no longer holds the line this test changes:\n{WORKS}"

    run(copy, "swift", "build", "--product", "probe-server")
    b1 = tmp_path / "b1" / "probe-server"
    b1.parent.mkdir()
    shutil.copy2(binary, b1)
    try:
        evaluator.write_text(source.replace(WORKS, JUDGES_OTHERWISE))
        run(copy, "swift", "build", "--product", "probe-server")
    finally:
        # The walk's next build finds the evaluator as the repository has it.
        evaluator.write_text(source)
    b2 = tmp_path / "b2" / "probe-server"
    b2.parent.mkdir()
    shutil.copy2(binary, b2)
    assert b1.read_bytes() != b2.read_bytes(), "the changed evaluator left the build as it was"
    # Only the build tells them apart: the export and the version are the same.
    export = [run(copy, str(b), "catalog", "--json", timeout=120) for b in (b1, b2)]
    assert export[0] == export[1], "the evaluator's change shows in the catalog's export"

    data = str(tmp_path / "data")
    os.makedirs(data)
    first = Server(data_dir=data, binary=str(b1))
    try:
        created = json.loads(call(first, "POST", "/api/runs", {"metadata": {"appName": "Field Notes", "mode": "attended"}}))
        run_id, key = created["id"], created["writeKey"]
        results = [{"run": run_id, "probe": probe, "attempt": 1, "status": "info", "observed": observed,
                    "elapsedMs": 8, "at": "2026-12-06T03:00:00Z"} for probe, observed in HEALTHY.items()]
        call(first, "POST", f"/api/runs/{run_id}/results?key={key}", {"results": results})
        call(first, "POST", f"/api/runs/{run_id}/complete?key={key}", {})
        before = report(first, run_id)
    finally:
        first.stop()
    assert finding(before, CHANGED_PROBE)["verdict"] == "pass", finding(before, CHANGED_PROBE)
    assert all(finding(before, probe)["verdict"] == "pass" for probe in HEALTHY), before["findings"]

    second = Server(data_dir=data, binary=str(b2))
    try:
        token = open(os.path.join(data, "token")).read().strip()
        assert judged_bytes(second, token) == 0
        after = report(second, run_id)
        judged = judged_bytes(second, token)
        again = report(second, run_id)
        assert judged_bytes(second, token) == judged, "the second read judged the run again"
    finally:
        second.stop()

    # Judged anew by B2: its build and key, and the finding its evaluator makes.
    assert judged > 0, "B2's first read did not judge the run"
    assert after["judgedBy"]["version"] == before["judgedBy"]["version"]
    assert after["judgedBy"]["build"] != before["judgedBy"]["build"], after["judgedBy"]
    assert after["judgedBy"]["key"] != before["judgedBy"]["key"], after["judgedBy"]
    changed = finding(after, CHANGED_PROBE)
    assert changed["verdict"] == "fail" and "round trip failed" in changed.get("diagnosis", ""), changed
    # Five healthy steps of many: incomplete by B1, not ready by B2 for the failing step.
    assert (before["verdict"], after["verdict"]) == ("incomplete", "not-ready")
    assert all(finding(after, probe)["verdict"] == "pass" for probe in HEALTHY if probe != CHANGED_PROBE), after["findings"]
    # Then kept: the second read is that judgement, under the same key.
    assert again["judgedBy"] == after["judgedBy"]
    assert again == after

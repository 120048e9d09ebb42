"""The engine matrix (docs/engines.md): the diagnoses, proved in real engines hosted like apps host a WebView.

The session starts the real probe-server (HTTPS, local CA, second origin), runs every
selected case's host through the page in unattended mode, as many at a time as
ENGINES_JOBS (default: the cores), and each test then asserts on that run's diff."""

import concurrent.futures
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from cases import CASES, OPERATOR, WEBKIT_FOREIGN  # noqa: E402
from server import Server  # noqa: E402

FIXTURE = os.path.join(HERE, "fixtures", "document.jpg")
# A directory of its own per matrix, so that two matrices on one machine (a worktree and a
# CI checkout) never mix their logs and diffs.
OUT = os.environ.get("ENGINES_OUT") or tempfile.mkdtemp(prefix="engines-out-")
# Where the three representative screenshots are copied (docs/screenshots to refresh the
# committed ones); unset, they stay in ENGINES_OUT and the working tree is left alone.
SCREENSHOTS = os.environ.get("ENGINES_SCREENSHOTS")
# Seconds an unattended tap step waits for the farm script before it is skipped: every
# operator step costs this much, and the script clicks within about 0.3 s.
TAP_WAIT = float(os.environ.get("ENGINES_TAP_WAIT", "1.5"))
# Seconds a tapped step waits for its chooser before the page ends it ("Nothing happened"):
# the hosts' choosers answer within a second, or never (file_chooser=ignore).
ANSWER_WAIT = float(os.environ.get("ENGINES_ANSWER_WAIT", "4"))
HOST_TIMEOUT = float(os.environ.get("ENGINES_HOST_TIMEOUT", "150"))
# A host that does not trust the CA never sees the page end: it gives up after this.
UNTRUSTED_TIMEOUT = 8
JS_OFF_WAIT = 20

# The remedy's fix (one per wrapper in remedy.fixes) an app on each platform pastes.
REMEDY_WRAPPER = {"ios-wkwebview": "native-ios", "android-webview": "native-android"}


def fix_code(remedy, wrapper):
    """The code of the remedy's fix for `wrapper`, "" when it has none."""
    return next((f.get("code") or "" for f in (remedy or {}).get("fixes") or [] if f.get("wrapper") == wrapper), "")


def host_command(case, url, ca, screenshot):
    s = case.settings
    if case.engine == "chromium":
        cmd = [sys.executable, os.path.join(HERE, "hosts", "chromium_host.py"), url, "--camera", s.get("camera", "granted"),
               "--geolocation", s.get("geolocation", "granted"), "--file", FIXTURE, "--trust-ca", ca, "--timeout", str(HOST_TIMEOUT)]
        return cmd + (["--screenshot", screenshot] if screenshot else [])
    untrusted = s.get("trust") == "none"
    args = [url, "--file", FIXTURE, "--timeout", str(UNTRUSTED_TIMEOUT if untrusted else HOST_TIMEOUT)]
    if not untrusted:
        args += ["--trust-ca", ca]
    for key, value in s.items():
        if key == "trust":
            continue
        args += ["--" + key.replace("_", "-"), value]
    if screenshot:
        args += ["--screenshot", screenshot]
    if case.engine == "webkit":
        # The WebView fills the (virtual) phone screen. PyGObject is the system Python's.
        # WebKitGTK reports no safe-area inset, so it stands in for an iPhone whose screen has
        # none (375 x 667 points, no notch): on a notched one the whole screen with no inset is a
        # page under the status bar, which the catalog warns of (docs/requirements.md#layout).
        return ["xvfb-run", "-a", "-s", "-screen 0 375x667x24", "/usr/bin/python3",
                os.path.join(HERE, "hosts", "webkit_host.py"), "--width", "375", "--height", "667"] + args
    return [sys.executable, os.path.join(HERE, "hosts", "qt_host.py"), "--width", "390", "--height", "844"] + args


def end_group(proc):
    """Ends every process of proc's group (TERM, then KILL after 10 s) and reaps proc; the
    return code stays the host's own when it had already exited."""
    for sig, grace in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            proc.poll()
            try:
                os.killpg(proc.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
    proc.wait()


def run_case(server, case):
    """One host through the page; returns what the tests assert on."""
    started = time.monotonic()
    run = server.create_run(f"engines {case.id}", case.platform)
    query = f"?run={run['id']}&key={run['writeKey']}&mode=unattended&tapWait={TAP_WAIT}&answerWait={ANSWER_WAIT}"
    if case.platform:
        query += f"&platform={case.platform}"
    url = server.base + "/" + query
    shot = os.path.join(OUT, case.screenshot) if case.screenshot else None
    log_path = os.path.join(OUT, case.id + ".log")
    with open(log_path, "w") as log:
        # Its own process group, ended whole: xvfb-run is a shell script whose Xvfb would
        # outlive a TERM sent to the script alone.
        proc = subprocess.Popen(host_command(case, url, server.ca, shot), stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
        if case.settings.get("javascript") == "off":
            # No script, no end of the page: wait until the server saw the <noscript> beacon.
            deadline = time.monotonic() + JS_OFF_WAIT
            while time.monotonic() < deadline:
                diff = server.diff(run["id"])
                if any(f["probe"] == "env.script" and f["verdict"] != "not-run" for f in diff["findings"]):
                    break
                time.sleep(0.5)
            end_group(proc)
            waited = None
        else:
            try:
                proc.wait(HOST_TIMEOUT + 30)
            except subprocess.TimeoutExpired:
                pass
            end_group(proc)
            waited = server.wait(run["id"], 1 if case.refused else 5)
    refused = None
    if case.refused:
        # What a CI job sees: the run's refusals, and `probe-server wait` saying why.
        # The refusal list is the whole server's: it comes with the token only, as CI has it.
        view = server.get(f"/api/runs/{run['id']}", token=True)
        cli = subprocess.run([server.binary, "wait", run["id"], "--server", server.base, "--cacert", server.ca,
                              "--timeout", "1", "--quiet", "--token", server.token()], capture_output=True, text=True, timeout=60)
        refused = {"view": view, "wait_rc": cli.returncode, "wait_stderr": cli.stderr}
    diff = server.diff(run["id"])
    strict = server.get(f"/api/runs/{run['id']}/diff?requirementSet=video-only")
    with open(os.path.join(OUT, case.id + ".diff.json"), "w") as f:
        json.dump(diff, f, indent=1)
    events = []
    with open(log_path) as f:
        for line in f:
            if line.startswith("{"):
                try:
                    events.append(json.loads(line))
                except ValueError:
                    pass
    undeclared = server.undeclared_fields(run["id"])
    return {"run": run["id"], "diff": diff, "strict": strict, "undeclared": undeclared, "host_rc": proc.returncode, "waited": waited, "refused": refused,
            "events": events, "log": log_path, "seconds": round(time.monotonic() - started, 1), "screenshot": shot}


@pytest.fixture(scope="session")
def matrix(request):
    selected = {item.callspec.params["case"].id for item in request.session.items
                if hasattr(item, "callspec") and "case" in item.callspec.params}
    cases = [c for c in CASES if c.id in selected]
    os.makedirs(OUT, exist_ok=True)
    binary = os.environ.get("PROBE_SERVER", os.path.join(ROOT, ".build", "debug", "probe-server"))
    server = Server(binary, os.path.join(ROOT, "Public"), os.path.join(OUT, "server.log"))
    jobs = int(os.environ.get("ENGINES_JOBS", os.cpu_count() or 2))
    started = time.monotonic()
    results = {}
    try:
        # Slowest first, so that the pool ends together.
        order = sorted(cases, key=lambda c: (c.engine != "webkit", c.settings.get("media_handler") != "none"))
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(run_case, server, c): c for c in order}
            for future in concurrent.futures.as_completed(futures):
                case = futures[future]
                try:
                    results[case.id] = future.result()
                except Exception as e:  # noqa: BLE001 (reported by the case's test)
                    results[case.id] = {"error": repr(e)}
    finally:
        server.stop()
    wall = round(time.monotonic() - started, 1)
    summary = {cid: {k: r.get(k) for k in ("run", "seconds", "host_rc")} for cid, r in results.items()}
    with open(os.path.join(OUT, "summary.json"), "w") as f:
        json.dump({"wall_seconds": wall, "jobs": jobs, "cases": summary}, f, indent=1)
    sys.stderr.write(f"\nengines: {len(cases)} case(s) in {wall} s with {jobs} job(s); logs and diffs in {OUT}\n")
    return results


def describe(finding):
    return f"{finding['probe']} [{finding['verdict']}] {finding['observed']} :: {finding.get('diagnosis')}"


def check_expect(finding, expect, platform, where):
    problems = []
    for phrase in expect.diagnosis:
        if phrase not in (finding.get("diagnosis") or ""):
            problems.append(f"{where}: diagnosis lacks {phrase!r}: {finding.get('diagnosis')!r}")
    if expect.layer and finding.get("layer") != expect.layer:
        problems.append(f"{where}: layer {finding.get('layer')!r}, expected {expect.layer!r}")
    if expect.observed and expect.observed not in finding["observed"]:
        problems.append(f"{where}: observed {finding['observed']!r} lacks {expect.observed!r}")
    named = [c["id"] for c in finding.get("causes") or []]
    for cause in expect.causes:
        if cause not in named:
            problems.append(f"{where}: cause {cause!r} not named among {named}")
    if expect.only_causes is not None and tuple(named) != tuple(expect.only_causes):
        problems.append(f"{where}: causes {named}, expected exactly {list(expect.only_causes)}")
    for phrase in expect.absent:
        if phrase in (finding.get("diagnosis") or ""):
            problems.append(f"{where}: diagnosis still says {phrase!r}: {finding.get('diagnosis')!r}")
    if expect.remedy:
        wrapper = REMEDY_WRAPPER.get(platform)
        text = fix_code(finding.get("remedy"), wrapper) if wrapper else ""
        if expect.remedy not in text:
            problems.append(f"{where}: the remedy's {wrapper} fix {text!r} lacks {expect.remedy!r}")
    return problems


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case(case, matrix):
    r = matrix[case.id]
    assert "error" not in r, f"{case.id}: the case could not run: {r.get('error')}"
    diff = r["diff"]
    findings = {f["probe"]: f for f in diff["findings"]}
    by = lambda verdict: {p for p, f in findings.items() if f["verdict"] == verdict}  # noqa: E731
    context = (f"\n  run {r['run']} ({r['seconds']} s, host exit {r['host_rc']}), log {r['log']}\n  verdict {diff['verdict']}: "
               f"{diff.get('verdictReasons')}\n  " + "\n  ".join(describe(f) for f in diff["findings"]
                                                                  if f["verdict"] in ("fail", "warn")))
    problems = []
    if r["undeclared"]:
        problems.append(f"the page posted fields its probes do not declare (Sources/ProbeCatalog/Areas/<Area>/*.swift): {', '.join(r['undeclared'])}")
    platform = diff["platform"]["platform"]
    if case.platform and platform != case.platform:
        problems.append(f"platform {platform}, expected {case.platform}")
    if case.settings.get("javascript") != "off" and not case.refused and r["host_rc"] != 0:
        # Where it stood: the steps the server has nothing of, and the host's last events.
        unposted = [p for p, f in findings.items() if f["verdict"] == "not-run"]
        last = [{k: v for k, v in e.items() if k not in ("uri",)} for e in r["events"][-6:]]
        problems.append(f"the host did not see the page finish (exit {r['host_rc']}); nothing posted for {unposted}; "
                        f"the host's last events {last}")

    fails, warns = by("fail") - set(case.gaps), by("warn") - set(case.gaps)
    if fails != set(case.fails):
        problems.append(f"failed findings {sorted(fails)}, expected exactly {sorted(case.fails)}")
    if warns != set(case.warns):
        problems.append(f"warnings {sorted(warns)}, expected exactly {sorted(case.warns)}")
    for probe, expect in list(case.fails.items()) + list(case.warns.items()):
        if probe in findings and findings[probe]["verdict"] in ("fail", "warn"):
            problems += check_expect(findings[probe], expect, platform, probe)
    for probe in case.passes:
        if findings.get(probe, {}).get("verdict") != "pass":
            problems.append(f"{probe} should pass: {describe(findings[probe]) if probe in findings else 'absent'}")
    for probe, phrase in case.observed.items():
        if phrase not in findings[probe]["observed"]:
            problems.append(f"{probe}: observed {findings[probe]['observed']!r} lacks {phrase!r}")
    # The wrapper: detected as the case presents it, and its own fix first (docs/wrappers.md).
    if case.wrapper:
        seen = (diff["platform"].get("wrapperDetection") or {}).get("wrapper")
        if seen != case.wrapper:
            problems.append(f"wrapper {seen!r}, expected {case.wrapper!r}: {diff['platform'].get('wrapperDetection')}")
    for probe, phrase in case.wrapper_fixes.items():
        fixes = ((findings.get(probe) or {}).get("remedy") or {}).get("fixes") or []
        first = fixes[0] if fixes else {}
        if first.get("wrapper") != case.wrapper or phrase not in first.get("code", ""):
            problems.append(f"{probe}: first fix {first.get('wrapper')!r} {first.get('code', '')[:80]!r} lacks {case.wrapper}'s {phrase!r}")
    for probe, phrase in case.diagnoses.items():
        if phrase not in (findings[probe].get("diagnosis") or ""):
            problems.append(f"{probe}: diagnosis {findings[probe].get('diagnosis')!r} lacks {phrase!r}")
    # The host report (docs/host-report.md): the items it settled, and without it, nothing.
    items = {i["id"]: i for i in diff["coverage"]["items"]}
    for item, (status, source) in case.checklist.items():
        got = items.get(item, {})
        if (got.get("status"), got.get("source")) != (status, source):
            problems.append(f"checklist {item}: {got.get('status')} (source {got.get('source')}), expected {status} (source {source}): "
                            f"{got.get('evidence')!r}")
    host = findings.get("host.report", {})
    if case.settings.get("host_report", "off") == "off":
        from_host = sorted(i for i, v in items.items() if v.get("source"))
        if from_host:
            problems.append(f"no host report, yet items came from the host: {from_host}")
        if not case.refused and case.settings.get("javascript") != "off" and \
                (host.get("verdict") != "info" or "no host report" not in host.get("observed", "")):
            problems.append(f"host.report without a host report: {describe(host) if host else 'absent'}")
    elif not any(e.get("event") == "host-report" for e in r["events"]):
        problems.append("the host never answered a host report request")
    # A gap stands while its finding is not what the case needs.
    standing = {}
    for probe, gap in case.gaps.items():
        f = findings[probe]
        why = [] if f["verdict"] == gap.verdict else [f"verdict {f['verdict']}, needs {gap.verdict}"]
        why += check_expect(f, gap.expect, platform, probe) if not why else []
        if why:
            standing[probe] = f"{gap.reason} [now: {describe(f)}]"
    verdict = case.verdict_with_gaps if standing and case.verdict_with_gaps else case.verdict
    if diff["verdict"] != verdict:
        problems.append(f"verdict {diff['verdict']}, expected {verdict}")
    if case.missing is not None:
        missing = {p for p, f in findings.items() if f["verdict"] in ("skipped", "not-run") and f["expectation"] != "info"}
        if missing != set(case.missing):
            problems.append(f"skipped or not run {sorted(missing)}, expected exactly {sorted(case.missing)}")
    if case.id == "qt-host-only-check":
        # The strict scheme-host-port origin check (the video-only set) fails what liveform warns about.
        strict = {f["probe"]: f for f in r["strict"]["findings"]}["camera.foreignOrigin"]
        if strict["verdict"] != "fail" or "compares the host but not the port" not in (strict.get("diagnosis") or ""):
            problems.append(f"under video-only: {describe(strict)}")
    if case.screenshot:
        if not (r["screenshot"] and os.path.exists(r["screenshot"]) and os.path.getsize(r["screenshot"]) > 1000):
            problems.append(f"no screenshot at {r['screenshot']}")
        elif SCREENSHOTS:
            os.makedirs(SCREENSHOTS, exist_ok=True)
            shutil.copy(r["screenshot"], os.path.join(SCREENSHOTS, case.screenshot))
    if "camera.foreignOrigin" in case.fails and case.fails["camera.foreignOrigin"] is WEBKIT_FOREIGN:
        # The WebKit origin baseline is an engine fact, checked on every run: the frames of
        # the second origin did ask (more camera requests than the page's own), and the
        # host had no origin but the page's to decide on. Once WebKitGTK hands the requesting
        # origin over, this fails and the baseline goes.
        asks = [e for e in r["events"] if e.get("event") == "permission" and e.get("video")]
        sources = {e.get("origin_source") for e in asks}
        if sources != {"page-uri"}:
            problems.append(f"WebKit origin baseline: the host saw origins from {sorted(map(str, sources))}; "
                            "WebKitGTK may now expose the requesting origin, drop WEBKIT_FOREIGN")
        elif len(asks) < 3:
            problems.append(f"WebKit origin baseline: {len(asks)} camera request(s) reached the host, "
                            "expected the page's own and the two foreign frames'")
    if case.refused:
        # The page never ran: nothing posted, and the server says why in the run and in wait.
        posted = [f["probe"] for f in diff["findings"] if f["verdict"] != "not-run"]
        if posted:
            problems.append(f"the page ran without trusting the CA: {posted}")
        seen = [(x.get("sign") + (" " + x["alert"] if x.get("alert") else "")) for x in
                (r["refused"]["view"].get("certificateRefusals") or [])]
        if case.refused not in seen:
            problems.append(f"the run shows refusals {seen}, expected {case.refused!r}")
        if r["refused"]["wait_rc"] != 2 or "the page never ran on the device" not in r["refused"]["wait_stderr"] \
                or ("does not trust the local CA" not in r["refused"]["wait_stderr"] and "hung up" not in r["refused"]["wait_stderr"]):
            problems.append(f"probe-server wait: exit {r['refused']['wait_rc']}, {r['refused']['wait_stderr']!r}")
    if case.engine != "chromium" and case.settings.get("javascript") == "off":
        if not any(e.get("event") == "noscript-beacon" for e in r["events"]):
            problems.append("the engine never fetched the <noscript> beacon")
    assert not problems, f"{case.id}: " + "; ".join(problems) + context
    fixed = set(case.gaps) - set(standing)
    assert not fixed, f"{case.id}: gap(s) closed, move them to `fails`: {sorted(fixed)}" + context
    if standing:
        pytest.xfail(f"{case.id}: " + " | ".join(f"{p}: {why}" for p, why in standing.items()))

"""The farm scripts of examples/: the GitHub Actions workflow's `run:` steps run as the
runner runs them (one bash per step, GITHUB_ENV/GITHUB_PATH carried between steps,
GITHUB_ACTIONS=true, `if: always()` steps after a failure) against the real binary, with
headless Chromium as the device behind `adb`; the Appium script's HTTP part against the
real server with Playwright tapping the ids the script taps; the Maestro flow and the AWS
Device Farm test spec parsed, and every id they tap found in the page's catalog."""
import importlib.util
import json
import os
import re
import signal
import socket
import subprocess
import sys

import yaml

from conftest import BINARY, ROOT, Server, free_port
from test_ci_recipe import DEVICE, EXIT_BY_VERDICT, api

EXAMPLES = os.path.join(ROOT, "examples")
FIXTURE = os.path.join(EXAMPLES, "appium", "document.jpg")
SCHEMA = os.path.join(ROOT, "Tests", "reports", "junit-10.xsd")


def catalog_tap_ids():
    """The ids of the page's tap buttons: `'tap-' + ctx.slug` (Public/probes/*.js) for each tap probe."""
    probes = json.loads(subprocess.run([BINARY, "catalog", "--json"], capture_output=True, text=True, check=True).stdout)["probes"]
    folder = os.path.join(ROOT, "Public", "probes")
    source = "".join(open(os.path.join(folder, f), encoding="utf-8").read() for f in sorted(os.listdir(folder)) if f.endswith(".js"))
    assert "id: 'tap-' + ctx.slug" in source, "Public/probes/ no longer names tap buttons 'tap-' + slug"
    return {"tap-" + p["id"].replace(".", "-") for p in probes if p.get("kind") == "tap"}


def catalog_farm_taps():
    """The buttons a farm taps, (id, taps), in page order: each probe's `farmTap` in the export."""
    probes = json.loads(subprocess.run([BINARY, "catalog", "--json"], capture_output=True, text=True, check=True).stdout)["probes"]
    return [(p["farmTap"]["button"], p["farmTap"]["clicks"]) for p in probes if p.get("farmTap")]


def load_appium_script():
    spec = importlib.util.spec_from_file_location("probe_run", os.path.join(EXAMPLES, "appium", "probe_run.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def free_pair():
    """A port whose successor is free too (the server's second origin is port + 1)."""
    for _ in range(50):
        port = free_port()
        with socket.socket() as s:
            try:
                s.bind(("", port + 1))
                return port
            except OSError:
                continue
    raise RuntimeError("no free pair of ports")


def read_env_file(path):
    values = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8").read().splitlines():
            if "=" in line:
                key, value = line.split("=", 1)
                values[key] = value
    return values


# ---------------------------------------------------------------- GitHub Actions

def test_GitHubWorkflow_StepsRunAsWritten_AndTheWaitStepExitsWithTheVerdict(tmp_path):
    workflow = yaml.safe_load(open(os.path.join(EXAMPLES, "github-actions", "webview-probe.yml"), encoding="utf-8"))
    assert set(workflow) >= {"name", "jobs"} and (True in workflow or "on" in workflow)  # PyYAML reads `on:` as True
    job = workflow["jobs"]["probe"]
    work = tmp_path / "workspace"
    work.mkdir()
    files = {name: str(tmp_path / name) for name in ("GITHUB_ENV", "GITHUB_PATH", "GITHUB_STEP_SUMMARY")}
    for path in files.values():
        open(path, "w").close()
    env = dict(os.environ, **{k: str(v) for k, v in job.get("env", {}).items()}, **files,
               GITHUB_ACTIONS="true", GITHUB_REF_NAME="main", GITHUB_SHA="0123abc", GITHUB_WORKSPACE=str(work),
               PATH=os.path.dirname(BINARY) + ":" + os.environ["PATH"])
    env.pop("PROBE_SERVER", None)
    env.pop("PROBE_TOKEN", None)
    port = free_pair()
    env["PROBE_PORT"] = str(port)  # the workflow's own port may be taken on this machine
    device = tmp_path / "device.py"
    device.write_text(DEVICE)
    prelude = f'''adb() {{  # the device stand-in: adb shell am start -a ACTION -d URL PACKAGE
  local url=""
  while [ $# -gt 0 ]; do [ "$1" = -d ] && url=$2; shift; done
  url=$(printf '%s' "$url" | tr -d "'")
  setsid {sys.executable} {device} "$url" > device.log 2>&1 &
  echo $! > device.pid
}}
'''
    ran, failed, outputs = [], False, {}
    try:
        for step in job["steps"]:
            name = step.get("name", step.get("uses"))
            if "uses" in step:
                continue  # actions/checkout, upload-artifact: the runner's, not the workflow's shell
            if failed and "always()" not in str(step.get("if", "")):
                continue
            done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", prelude + step["run"]],
                                  cwd=work, env=env, capture_output=True, text=True, timeout=400)
            ran.append(name)
            outputs[name] = done
            failed = failed or done.returncode != 0
            env.update(read_env_file(files["GITHUB_ENV"]))
            extra = [line for line in open(files["GITHUB_PATH"]).read().splitlines() if line]
            if extra:
                env["PATH"] = ":".join(reversed(extra)) + ":" + env["PATH"]
        assert ran == ["Build probe-server", "Start probe-server", "Create a run", "Open the run on the device",
                       "Wait for the verdict", "Stop probe-server"], (ran, {k: v.stderr[-2000:] for k, v in outputs.items()})
        for name in ran[:4]:
            assert outputs[name].returncode == 0, (name, outputs[name].stdout, outputs[name].stderr)
        waited = outputs["Wait for the verdict"]
        assert env["PROBE_SERVER"] == f"https://localhost:{port}"
        # The server is stopped by now (the always() step): what it said is in --out's JSON report.
        report = work / "probe-report"
        assert (report / "report.json").exists(), (waited.returncode, waited.stdout, waited.stderr)
        document = json.load(open(report / "report.json"))
        assert document["run"]["id"] == env["RUN"]
        assert document["run"].get("completedAt"), "the device did not complete the run:\n" + (work / "device.log").read_text()
        verdict = document["diff"]["verdict"]
        assert waited.returncode == EXIT_BY_VERDICT[verdict], (waited.returncode, verdict, waited.stderr)
        # --out: every format in one folder; JUnit valid against the schema, one case per probe.
        assert sorted(os.listdir(report)) == ["TEST-probe-server.xml", "report.css", "report.html", "report.json", "report.md"]
        from junitparser import JUnitXml
        cases = [case for suite in JUnitXml.fromfile(str(report / "TEST-probe-server.xml")) for case in suite]
        assert len(cases) == len(document["diff"]["findings"]) > 0
        valid = subprocess.run(["xmllint", "--noout", "--schema", SCHEMA, str(report / "TEST-probe-server.xml")], capture_output=True, text=True)
        assert valid.returncode == 0, valid.stderr
        # GITHUB_ACTIONS=true: the job summary and one annotation per failing or warning finding.
        findings = document["diff"]["findings"]
        annotated = [line for line in waited.stdout.splitlines() if line.startswith(("::error ", "::warning "))]
        assert len(annotated) == len([f for f in findings if f["verdict"] in ("fail", "warn")]), waited.stdout
        assert open(files["GITHUB_STEP_SUMMARY"], encoding="utf-8").read().startswith("### ")
        # The always() step stopped the server.
        assert outputs["Stop probe-server"].returncode == 0
    finally:
        for name in ("probe-server.pid", "device.pid"):
            path = work / name
            if path.exists():
                try:
                    os.kill(int(path.read_text()), signal.SIGKILL if name == "device.pid" else signal.SIGTERM)
                except (ProcessLookupError, ValueError):
                    pass


# ---------------------------------------------------------------- Appium script

PLAYWRIGHT_TAPPER = r'''
import sys, time
from playwright.sync_api import sync_playwright
url, fixture = sys.argv[1], sys.argv[2]
limits = {t.split(":")[0]: int(t.split(":")[1]) for t in sys.argv[3].split(",")}
taps = list(limits)
tapped = {t: 0 for t in taps}
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                args=["--no-sandbox", "--use-fake-device-for-media-stream"])
    page = browser.new_context(ignore_https_errors=True, permissions=["camera"]).new_page()
    state = {"cancel": False}
    def answer(chooser):
        time.sleep(0.8)  # a person sees the chooser before answering it
        chooser.set_files([] if state["cancel"] else fixture)
    page.on("filechooser", answer)
    page.goto(url)
    def finished():
        # The navigation probes leave the page and come back; a question asked
        # while the document is replaced has no answer yet, so ask again.
        # A locator reads in Playwright's utility world: page.evaluate would run in the
        # page's world as a user gesture and hand the autoplay probe an activation.
        try:
            return page.locator("html").get_attribute("data-finished", timeout=3000) is not None
        except Exception:
            return False
    deadline = time.time() + 240
    while time.time() < deadline and not finished():
        for tap in taps:
            limit = limits[tap]
            button = page.locator("#" + tap)
            if tapped[tap] < limit and button.count():
                state["cancel"] = tap == "tap-file-cancel" and tapped[tap] == 0
                try:
                    button.click(timeout=3000)
                except Exception:
                    continue
                tapped[tap] += 1
                print("tapped", tap, flush=True)
                break
        time.sleep(0.3)
    browser.close()
'''


def test_AppiumScript_HTTPPart_CreatesARunAndReadsItsVerdict_AndItsTapIdsAreThePages(tmp_path):
    script = load_appium_script()
    server = Server()
    try:
        probe = script.ProbeServer(server.url("").rstrip("/"), server.ca)
        # The script reads its taps from the page's /api/config: the catalog's, and the page's ids.
        farm_taps = probe.farm_taps()
        assert farm_taps == catalog_farm_taps() and dict(farm_taps)["tap-file-cancel"] == 2
        assert {tap for tap, _ in farm_taps} <= catalog_tap_ids()
        run = probe.create_run("appium example", metadata={"deviceModel": "headless chromium"})
        url = script.ProbeServer.farm_url(run)
        assert url.startswith(run["absoluteUrl"] + "&mode=unattended&tapWait=")
        assert probe.wait_verdict(run["id"], 1) is None, "not completed yet"
        tapper = tmp_path / "tapper.py"
        tapper.write_text(PLAYWRIGHT_TAPPER)
        device = subprocess.run([sys.executable, str(tapper), url, FIXTURE, ",".join(f"{tap}:{n}" for tap, n in farm_taps)],
                                capture_output=True, text=True, timeout=300)
        assert device.returncode == 0, device.stderr[-3000:]
        verdict = probe.wait_verdict(run["id"], 120)
        state = api(server, f"/api/runs/{run['id']}")
        assert verdict == state["verdict"] and verdict in script.EXIT_BY_VERDICT
        # Every id the script taps appeared on the page and was tapped.
        for tap, _ in farm_taps:
            assert f"tapped {tap}" in device.stdout, (tap, device.stdout)
        assert {r["probe"] for r in state["results"]} >= {"file.accept", "file.cancel", "file.heic", "nav.windowOpen"}
        probe.write_reports(run["id"], str(tmp_path / "reports"))
        assert sorted(os.listdir(tmp_path / "reports")) == ["TEST-probe-server.xml", "report.json", "report.md"]
        assert json.load(open(tmp_path / "reports" / "report.json"))["run"]["id"] == run["id"]
    finally:
        server.stop()


# ---------------------------------------------------------------- Maestro, AWS Device Farm

def test_MaestroFlow_Parses_AndTapsOnlyIdsThePageHas():
    documents = list(yaml.safe_load_all(open(os.path.join(EXAMPLES, "maestro", "probe-run.yaml"), encoding="utf-8")))
    assert len(documents) == 2 and documents[0]["appId"]
    commands = documents[1]
    assert "openLink" in commands[0] and "${RUN_URL}" in commands[0]["openLink"] and "mode=unattended" in commands[0]["openLink"]
    ids = set()
    for command in commands:
        for key in ("tapOn", "assertVisible"):
            if isinstance(command, dict) and isinstance(command.get(key), dict) and "id" in command[key]:
                ids.add(command[key]["id"])
        if isinstance(command, dict) and "extendedWaitUntil" in command:
            ids.add(command["extendedWaitUntil"]["visible"]["id"])
    taps = {i for i in ids if i.startswith("tap-")}
    assert taps and taps <= catalog_tap_ids(), taps - catalog_tap_ids()
    assert taps == {tap for tap, _ in catalog_farm_taps()}, "the Maestro flow taps the steps the catalog declares for farms"
    page = open(os.path.join(ROOT, "Public", "index.html"), encoding="utf-8").read()
    for other in ids - taps:
        assert f'id="{other}"' in page, other
    verdicts = [c["assertVisible"] for c in commands if isinstance(c, dict) and isinstance(c.get("assertVisible"), str)]
    # The end screen's words for the verdicts are end.js's.
    end = open(os.path.join(ROOT, "Public", "end.js"), encoding="utf-8").read()
    assert verdicts and all(f"ready: '{v}'" in end for v in verdicts), verdicts


def test_DeviceFarmTestSpec_Parses_AndRunsTheAppiumScriptIntoItsArtifacts():
    spec = yaml.safe_load(open(os.path.join(EXAMPLES, "aws-device-farm", "testspec.yml"), encoding="utf-8"))
    assert spec["version"] == 0.1
    assert set(spec["phases"]) == {"install", "pre_test", "test", "post_test"}
    test = " ".join(spec["phases"]["test"]["commands"])
    assert "probe_run.py" in test and "--report-dir $DEVICEFARM_LOG_DIR/" in test
    assert spec["artifacts"] == ["$DEVICEFARM_LOG_DIR"]
    # The flags it passes are the script's.
    script = load_appium_script()
    flags = set(re.findall(r"(--[a-z-]+)", test.split("probe_run.py", 1)[1]))
    try:
        script.main(["--help"])
    except SystemExit:
        pass
    source = open(os.path.join(EXAMPLES, "appium", "probe_run.py"), encoding="utf-8").read()
    for flag in flags:
        assert f'"{flag}"' in source, flag
    assert "Appium-Python-Client" in open(os.path.join(EXAMPLES, "appium", "requirements.txt")).read()

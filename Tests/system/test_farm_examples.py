"""The farm scripts of examples/: the Appium script's HTTP part against the real server with
Playwright tapping the ids the script taps (its run requires the taps, so the verdict counts
them); the Maestro flow and the AWS Device Farm test spec parsed, and every id they tap found
in the page's catalog. The GitHub Actions workflow is run in test_ci_recipe.py."""
import importlib.util
import json
import os
import re
import subprocess
import sys

import yaml

from conftest import BINARY, ROOT, Server
from test_ci_recipe import api

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
        # The script taps, so its run counts the taps: its verdict is the strict one.
        assert state["metadata"].get("requireTaps") is True
        assert api(server, f"/api/runs/{run['id']}/diff")["requireTaps"] is True
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

"""The README's CI recipe, run as written: the fenced block under "How CI uses it" is read
from README.md (not copied here) and run by bash in a fresh folder holding the server's data
folder, with `probe-server` on PATH as the README's install line puts it. The only stand-in
is the device: `adb` is a function that opens the run URL in headless Chromium. The block's
`probe-server wait` must exit with the verdict's code and leave JUnit XML that a JUnit
parser accepts, in the folder it ran in."""
import json
import os
import re
import shutil
import signal
import ssl
import subprocess
import sys
import urllib.request

from conftest import BINARY, ROOT, Server

EXIT_BY_VERDICT = {"ready": 0, "not-ready": 1, "incomplete": 2}

# The device: what `adb shell am start -a … -d URL PACKAGE` does on a phone, done by
# headless Chromium (fake camera, granted), in the background like `am start`.
DEVICE = r'''
import sys
from playwright.sync_api import sync_playwright
url = sys.argv[1]
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                args=["--no-sandbox", "--use-fake-device-for-media-stream"])
    page = browser.new_context(ignore_https_errors=True, permissions=["camera"]).new_page()
    page.goto(url)
    page.wait_for_selector("[data-finished]", timeout=180000)
    browser.close()
'''


def readme_ci_block():
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    section = text.split("\n## How CI uses it", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "README.md: no ```sh block under 'How CI uses it'"
    return block.group(1)


def api(server, path):
    ctx = ssl.create_default_context(cafile=server.ca)
    with urllib.request.urlopen(server.url(path), context=ctx, timeout=30) as r:
        return json.load(r)


def test_the_READMEs_CI_block_runs_as_written_and_exits_with_the_verdict(tmp_path):
    block = readme_ci_block()
    assert "curl -fsS" in block and "probe-server wait" in block
    work = tmp_path / "ci"
    work.mkdir()
    (work / "probe-data").mkdir(mode=0o700)
    server = Server(data_dir=str(work / "probe-data"))
    device = tmp_path / "device.py"
    device.write_text(DEVICE)
    prelude = f'''set -euo pipefail
adb() {{  # the device stand-in: adb shell am start -a ACTION -d URL PACKAGE
  local url=""
  while [ $# -gt 0 ]; do [ "$1" = -d ] && url=$2; shift; done
  url=$(printf '%s' "$url" | tr -d "'")  # the device's shell removes the quotes adb passes on
  {sys.executable} {device} "$url" > device.log 2>&1 &
}}
trap 'echo "RUN=${{RUN:-}}" >&2' EXIT
'''
    env = dict(os.environ, PATH=os.path.dirname(BINARY) + ":" + os.environ["PATH"],
               PROBE_SERVER=server.url("").rstrip("/"))
    env.pop("PROBE_TOKEN", None)
    try:
        proc = subprocess.Popen(["bash", "-c", prelude + block], cwd=work, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=400)
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # the device, if it is still open
            except ProcessLookupError:
                pass
        done = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
        junit = work / "report.xml"
        assert junit.exists(), f"no report.xml; rc {done.returncode}\n{done.stdout}\n{done.stderr}"
        from junitparser import JUnitXml
        xml = JUnitXml.fromfile(str(junit))
        suites = list(xml) if hasattr(xml, "__iter__") else [xml]
        cases = [case for suite in suites for case in suite]
        catalog = api(server, "/api/catalog")
        assert len(cases) == len(catalog["probes"])
        run_id = re.search(r"^RUN=([A-Za-z0-9_-]+)$", done.stderr, re.M)
        assert run_id, "the run id is nowhere in the output"
        state = api(server, f"/api/runs/{run_id.group(1)}")
        assert state.get("completedAt"), "the device did not complete the run:\n" + (work / "device.log").read_text()
        assert done.returncode == EXIT_BY_VERDICT[state["verdict"]], (done.returncode, state["verdict"], done.stderr)
        # The operator's terminal says it too: one line per judged run, with the report's URL.
        title = {"ready": "READY", "not-ready": "NOT READY", "incomplete": "INCOMPLETE"}[state["verdict"]]
        flat = re.sub(r"\n {4}", " ", server.banner)
        line = re.search(rf"^run {run_id.group(1)}\b[^\n]*: {title}\b[^\n]*→\u00a0(https://\S+/runs/{run_id.group(1)})$", flat, re.M)
        assert line, server.banner[-2000:]
        # Nothing of the recipe lands outside the folder it ran in.
        assert not os.path.exists(os.path.join(ROOT, "report.xml"))
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)

"""The README's CI recipe, end to end (issue 6): create a run through the API, drive headless
Chromium through the page unattended, and let `probe-server wait` exit with the verdict's
code and write JUnit XML that a JUnit parser accepts."""
import json
import os
import ssl
import subprocess
import urllib.request

from conftest import BINARY, Server

EXIT_BY_VERDICT = {"ready": 0, "not-ready": 1, "incomplete": 2}


def api(server, method, path, body=None):
    ctx = ssl.create_default_context(cafile=server.ca)
    req = urllib.request.Request(server.url(path), method=method,
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, context=ctx, timeout=30) as r:
        return json.load(r)


def test_ci_recipe_wait_exits_with_the_verdict_and_writes_junit(tmp_path):
    from junitparser import JUnitXml
    from playwright.sync_api import sync_playwright

    server = Server()
    try:
        created = api(server, "POST", "/api/runs", {"label": "ci-recipe", "metadata": {"build": "42"}})
        run = created["id"]
        # The run URL carries the write key the page needs to post results and complete.
        assert created["url"] == f"/?run={run}&key={created['writeKey']}"
        junit = tmp_path / "report.xml"
        # `wait` starts first, as a CI job would, and long-polls while the device runs.
        waiter = subprocess.Popen([BINARY, "wait", run, "--server", server.url("").rstrip("/"), "--cacert", server.ca,
                                   "--timeout", "120", "--junit", str(junit), "-q"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                        args=["--no-sandbox", "--use-fake-device-for-media-stream"])
            context = browser.new_context(ignore_https_errors=True, permissions=["camera"])
            page = context.new_page()
            page.goto(server.url(created["url"] + "&mode=unattended"))
            out, err = waiter.communicate(timeout=150)
            browser.close()
        state = api(server, "GET", f"/api/runs/{run}")
        assert state.get("completedAt"), "the page did not complete the run"
        verdict = state["verdict"]
        assert waiter.returncode == EXIT_BY_VERDICT[verdict], (waiter.returncode, verdict, err)
        xml = JUnitXml.fromfile(str(junit))
        cases = [case for suite in (xml if hasattr(xml, "__iter__") else [xml]) for case in suite]
        catalog = api(server, "GET", "/api/catalog")
        assert len(cases) == len(catalog["probes"])
        names = {case.name for case in cases}
        assert "storage.local" in names and "camera.getUserMedia" in names
    finally:
        server.stop()

#!/usr/bin/env python3
"""A device-farm run of the probe page with Appium (Android, UiAutomator2; a WebView app).

  python3 probe_run.py --server https://probe.example.com --appium http://127.0.0.1:4723 \
      --package com.example.app --platform android-webview --report-dir probe-report

1. creates a run on probe-server (POST /api/runs) and takes its URL with the write key; the
   run has `requireTaps`, as this script taps: a tap step it missed makes the run incomplete
   (exit 2) rather than being left to a person;
2. opens it in the app by deep link (`mobile: deepLink`,
   https://github.com/appium/appium-uiautomator2-driver#mobile-deeplink) in unattended mode
   with `tapWait`, so the tap steps wait for this script;
3. switches to the WebView context (https://appium.io/docs/en/latest/guides/context/) and taps
   the page's stable ids (`#tap-file-accept`, …), the tap steps the catalog declares for a
   farm (each probe's `farmTap` in GET /api/config); in the system file chooser it picks the
   fixture image pushed to the device beforehand (`push_file`);
4. waits for the verdict (GET /api/runs/{id}/wait), writes the JUnit, JSON and Markdown
   reports into --report-dir, and exits with the verdict: 0 ready, 1 findings, 2 incomplete.

Steps 1 and 4 need only the standard library (Tests/system/test_farm_examples.py runs them
against the real server with headless Chromium as the device); step 3 needs
`pip install Appium-Python-Client`.
"""
import argparse
import base64
import json
import os
import ssl
import sys
import time
import urllib.request

# Tap steps wait this long for a tap, and a tapped chooser this long for an answer (seconds).
TAP_WAIT, ANSWER_WAIT = 5, 20
EXIT_BY_VERDICT = {"ready": 0, "not-ready": 1, "incomplete": 2}
# probe-server holds one long poll at most this long; proxies drop quiet requests near 60 s.
WAIT_SLICE_S = 50
FIXTURE_ON_DEVICE = "/sdcard/Download/document.jpg"


class ProbeServer:
    """The HTTP part: what any farm script does, with nothing but the standard library."""

    def __init__(self, server, cacert=None, token=None):
        self.server = server.rstrip("/")
        self.context = ssl.create_default_context(cafile=cacert) if cacert else ssl.create_default_context()
        self.token = token

    def _call(self, method, path, body=None, timeout=30):
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.server + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(request, context=self.context, timeout=timeout) as response:
            return response.read()

    def create_run(self, label, platform=None, metadata=None):
        """A run whose verdict counts the tap steps (`requireTaps`): this script taps them."""
        body = {"label": label, "requireTaps": True}
        if platform:
            body["platform"] = platform
        if metadata:
            body["metadata"] = metadata
        return json.loads(self._call("POST", "/api/runs", body))

    def farm_taps(self):
        """The page's buttons a farm taps, in the order the steps come, with how many taps a
        person makes on each: the catalog's `farmTap` of each probe (GET /api/config).
        file.cancel is "cancel, then pick": its button is tapped twice."""
        config = json.loads(self._call("GET", "/api/config"))
        return [(p["farmTap"]["button"], p["farmTap"]["clicks"]) for p in config["catalog"]["probes"] if p.get("farmTap")]

    @staticmethod
    def farm_url(run):
        """The run URL with its write key, unattended, with time for this script's taps."""
        return f"{run['absoluteUrl']}&mode=unattended&tapWait={TAP_WAIT}&answerWait={ANSWER_WAIT}"

    def wait_verdict(self, run_id, timeout):
        """The verdict once the run completes, or None when it has not within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            seconds = max(1, min(WAIT_SLICE_S, int(left)))
            state = json.loads(self._call("GET", f"/api/runs/{run_id}/wait?timeout={seconds}", timeout=seconds + 30))
            if state["completed"]:
                return state["verdict"]

    def write_reports(self, run_id, folder):
        os.makedirs(folder, exist_ok=True)
        for remote, local in [("report.json", "report.json"), ("report.junit.xml", "TEST-probe-server.xml"), ("report.md", "report.md")]:
            with open(os.path.join(folder, local), "wb") as out:
                out.write(self._call("GET", f"/api/runs/{run_id}/{remote}"))


def drive(appium_url, package, url, fixture, seconds, farm_taps):
    """Steps 2 and 3 on a real device through Appium; `farm_taps`: (button id, taps) in page order."""
    from appium import webdriver
    from appium.options.android import UiAutomator2Options
    from appium.webdriver.common.appiumby import AppiumBy
    from selenium.common.exceptions import WebDriverException

    options = UiAutomator2Options()
    options.app_package = package
    options.auto_grant_permissions = True  # the camera: the OS layer is not what is probed here
    driver = webdriver.Remote(appium_url, options=options)
    try:
        with open(fixture, "rb") as handle:
            driver.push_file(FIXTURE_ON_DEVICE, base64.b64encode(handle.read()).decode())
        driver.execute_script("mobile: deepLink", {"url": url, "package": package})
        deadline = time.monotonic() + seconds
        clicks = dict(farm_taps)
        taps = {tap: 0 for tap in clicks}
        while time.monotonic() < deadline:
            webviews = [c for c in driver.contexts if c.startswith("WEBVIEW")]
            if not webviews:
                time.sleep(1)
                continue
            try:
                driver.switch_to.context(webviews[-1])
                if driver.execute_script("return document.documentElement.hasAttribute('data-finished')"):
                    return
                for tap, _ in farm_taps:
                    found = driver.find_elements(AppiumBy.ID, tap)
                    if found and found[0].is_displayed() and taps[tap] < clicks[tap]:
                        found[0].click()
                        taps[tap] += 1
                        if tap.startswith("tap-file-"):
                            pick(driver, cancel=(tap == "tap-file-cancel" and taps[tap] == 1))
                        break
            except WebDriverException:
                pass  # the navigation probes replace the document for a moment: ask again
            time.sleep(1)
    finally:
        driver.quit()


def pick(driver, cancel):
    """In the system chooser (a native screen): press Back to cancel, or pick the fixture."""
    from appium.webdriver.common.appiumby import AppiumBy

    driver.switch_to.context("NATIVE_APP")
    time.sleep(1)  # a person sees the chooser before answering it: a cancel within 250 ms reads as "no chooser"
    if cancel:
        driver.back()
    else:
        name = os.path.basename(FIXTURE_ON_DEVICE)
        driver.find_element(AppiumBy.ANDROID_UIAUTOMATOR, f'new UiSelector().textContains("{name}")').click()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default=os.environ.get("PROBE_SERVER", "https://localhost:8443"))
    parser.add_argument("--cacert", help="the server's CA (probe-data/ca.pem) when it is not publicly trusted")
    parser.add_argument("--appium", default="http://127.0.0.1:4723")
    parser.add_argument("--package", required=True, help="the app under test, which opens the deep link in its WebView")
    parser.add_argument("--platform", default="android-webview")
    parser.add_argument("--label", default="appium")
    parser.add_argument("--fixture", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "document.jpg"))
    parser.add_argument("--timeout", type=int, default=300)
    parser.add_argument("--report-dir", default="probe-report")
    args = parser.parse_args(argv)

    api = ProbeServer(args.server, args.cacert, os.environ.get("PROBE_TOKEN"))
    run = api.create_run(args.label, args.platform)
    print(f"run {run['id']}: {api.server}/runs/{run['id']}", flush=True)
    drive(args.appium, args.package, ProbeServer.farm_url(run), args.fixture, args.timeout, api.farm_taps())
    verdict = api.wait_verdict(run["id"], args.timeout)
    api.write_reports(run["id"], args.report_dir)
    print(f"verdict: {verdict or 'not completed'}")
    return EXIT_BY_VERDICT.get(verdict, 2)


if __name__ == "__main__":
    sys.exit(main())

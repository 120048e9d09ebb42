"""'Re-run the failed steps' on the end screen: a new run of only the steps that failed (with
what they wait on), linked to the first by its metadata, whose report links back."""
import os
import ssl
import urllib.parse
import urllib.request

from conftest import open_page, wait_finished

UNVERIFIED = ssl._create_unverified_context()
PROBES = "env.script,env.platform,camera.api,camera.devices,camera.getUserMedia,camera.frames"


def authorised(server, path):
    token = open(os.path.join(server.data, "token")).read().strip()
    request = urllib.request.Request(server.base + path, headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(request, context=UNVERIFIED, timeout=20) as r:
        return r.read().decode()


def test_rerunning_the_failed_steps_makes_a_new_run_linked_to_the_first(server, browser):
    # Judged as an app's WebView (a browser's end screen offers no fixes and no re-run), camera refused.
    context, page = open_page(browser, server.base + f"/?mode=unattended&platform=android-webview&probes={PROBES}", camera=False)
    try:
        first = wait_finished(page)
        assert first["verdict"] == "not-ready"
        href = page.get_attribute("#rerun-failed", "href")
        query = urllib.parse.parse_qs(urllib.parse.urlparse(href).query)
        assert query["rerunOf"] == [first["run"]]
        assert query["platform"] == ["android-webview"] and query["mode"] == ["unattended"]
        again = query["probes"][0].split(",")
        assert "camera.getUserMedia" in again and "env.platform" in again
        # Only what failed or did not run, and what it waits on: the passing script step is not repeated.
        assert "env.script" not in again, again

        page.click("#rerun-failed")
        page.wait_for_url("**rerunOf=**")
        second = wait_finished(page)
        assert second["run"] != first["run"]
        assert set(server.stored_results(second["run"])) <= set(again) | {"step.started"}
        html = authorised(server, "/runs/" + second["run"])
        assert f'<dt>Re-run of</dt><dd><a href="/runs/{first["run"]}">{first["run"]}</a></dd>' in html
        assert page.errors == []
    finally:
        context.close()

"""End to end: the real page in headless Chromium posts to the real server."""
import os
import pathlib

from conftest import open_page, start, wait_finished

SCREENSHOTS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def auto_probes(server):
    """Every probe that runs without a person in unattended mode, from the served catalog."""
    catalog = server.get("/api/config")["catalog"]
    return [p["id"] for p in catalog["probes"] if p["kind"] == "auto" or p.get("autoWhenUnattended")]


def test_unattended_run_records_every_auto_probe_with_real_values(server, browser):
    context, page = open_page(browser, server.base + "/?mode=unattended", camera=True)
    try:
        end = wait_finished(page)
        assert page.errors == []
        stored = server.stored_results(end["run"])
        missing = [p for p in auto_probes(server) if p not in stored]
        assert missing == [], f"no result for {missing}"
        errors = {p: r["reason"] for p, r in stored.items() if r["status"] == "error"}
        assert errors == {}, errors
        # The step-start markers went out before the first frame's step and the camera step,
        # in page order, and are no results of them.
        markers = server.stored_attempts(end["run"], "step.started")
        assert [m["observed"]["step"] for m in markers] == ["cookie.thirdParty", "camera.getUserMedia"]
        diff = server.get("/api/runs/" + end["run"] + "/diff")
        assert diff["unknownProbes"] == [] and all(f["probe"] != "step.started" for f in diff["findings"])

        # The fake camera: 640×480, moving, not black, inline.
        frames = stored["camera.frames"]["observed"]
        assert (frames["width"], frames["height"]) == (640, 480)
        assert frames["frames"] > 5 and frames["playing"] is True
        assert frames["black"] is False and frames["frozen"] is False and frames["fullscreen"] is False
        gum = stored["camera.getUserMedia"]["observed"]
        assert gum["outcome"] == "granted" and gum["videoTracks"] == 1 and gum["audioTracks"] == 0
        assert stored["camera.devices"]["observed"]["videoInputsAfter"] >= 1

        # The catalog's size each way (thresholds.integrityBodyBytes), hashed on both sides.
        integrity = stored["fetch.integrity"]["observed"]
        assert integrity["bytes"] == 131072
        assert integrity["uploadHashMatch"] is True and integrity["downloadHashMatch"] is True

        # Cookies and storage, including the full navigation away and back.
        assert stored["cookie.server"]["observed"]["echoed"] is True
        assert stored["cookie.server"]["observed"]["visibleToScript"] is False
        assert stored["storage.navigation"]["observed"] == {"cookieSurvived": True, "localStorageSurvived": True}
        assert stored["fetch.sameOrigin"]["observed"]["postEchoExact"] is True

        # The second origin is configured: the cross-origin probes really ran.
        cors = stored["fetch.cors"]["observed"]
        assert cors["getOk"] is True and cors["preflightOk"] is True
        assert stored["camera.foreignOrigin"]["observed"]["otherPortOutcome"] in ("granted", "error")
        assert stored["cookie.thirdParty"]["observed"]["frameLoaded"] is True

        # Security probes: audio is not part of a camera grant.
        assert stored["camera.scope"]["observed"]["audioOutcome"] == "error"

        # Steps that need a person are skipped, not failed.
        for probe, r in stored.items():
            if probe not in auto_probes(server) and probe != "step.started" and r["attempt"] == 1:
                assert r["status"] == "skipped" and r["reason"] == "needs-operator", probe

        # The run was completed and judged; the device shows the verdict and a report link.
        run = server.get("/api/runs/" + end["run"])
        assert run["completedAt"] is not None
        assert end["verdict"] in ("ready", "not-ready", "incomplete")
        assert page.is_visible("#summary") and page.is_visible("#report-link")

        if os.environ.get("PROBE_SCREENSHOTS"):
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.evaluate("() => window.scrollTo(0, 0)")
            page.screenshot(path=str(SCREENSHOTS / "end-of-run-390x844.png"))
    finally:
        context.close()


def test_camera_denied_still_completes_and_records_NotAllowedError(server, browser):
    context, page = open_page(browser, server.base + "/?mode=unattended", camera=False)
    try:
        end = wait_finished(page)
        stored = server.stored_results(end["run"])
        gum = stored["camera.getUserMedia"]
        assert gum["status"] == "fail"
        assert gum["observed"]["outcome"] == "error"
        assert gum["observed"]["errorName"] == "NotAllowedError"
        assert gum["observed"]["elapsedMs"] >= 0
        for probe in ("camera.frames", "camera.facing", "camera.reacquire"):
            assert stored[probe]["status"] == "skipped" and stored[probe]["reason"] == "camera-not-granted", probe
        diff = server.get("/api/runs/" + end["run"] + "/diff")
        finding = next(f for f in diff["findings"] if f["probe"] == "camera.getUserMedia")
        assert "NotAllowedError" in finding["observed"]
        assert page.is_visible("#summary")
    finally:
        context.close()


def test_a_denied_camera_is_the_first_finding_on_the_end_screen(server, browser):
    """The same denied-camera run, judged as an Android WebView app, where the refused camera is
    the app's to fix: the end screen lists it first (the diff's rank, not the catalog's order,
    in which env.platform and cookie.thirdParty come earlier)."""
    context, page = open_page(browser, server.base + "/?mode=unattended&platform=android-webview", camera=False)
    try:
        end = wait_finished(page)
        assert end["verdict"] == "not-ready"
        diff = server.get("/api/runs/" + end["run"] + "/diff")
        camera = next(f for f in diff["findings"] if f["probe"] == "camera.getUserMedia")
        assert camera["verdict"] == "fail"
        listed = page.eval_on_selector_all("#summary .findings .finding-title", "ps => ps.map(p => p.textContent)")
        assert len(listed) > 1 and listed[0] == camera["title"] + ": fail", listed
        # Its knock-ons (the steps the refusal skipped) are said under it, not listed apart.
        assert "Also fails because of it:" in page.inner_text("#summary .findings .finding >> nth=0")
        assert page.evaluate("() => document.activeElement.id") == "dock-report"
    finally:
        context.close()


def test_subset_runs_only_the_named_probes(server, browser):
    context, page = open_page(browser, server.base + "/?mode=unattended&probes=env.secureContext,storage.local")
    try:
        end = wait_finished(page)
        assert sorted(server.stored_results(end["run"])) == ["env.secureContext", "storage.local"]
        assert page.locator("#steps li").count() == 2
    finally:
        context.close()


def test_a_farm_script_can_tap_the_file_probe_by_its_id(server, browser):
    """Attended mode, one probe: click the stable id, pick a fixture in the chooser, and the
    server's hash of the multipart upload matches the page's."""
    fixture = bytes([0xFF, 0xD8, 0xFF, 0xE0]) + bytes(range(256)) * 40
    context, page = open_page(browser, server.base + "/?probes=file.accept")
    try:
        start(page)
        page.wait_for_selector("#tap-file-accept")
        assert page.get_attribute("#tap-file-accept", "type") == "button"
        with page.expect_file_chooser() as chooser:
            page.click("#tap-file-accept")
        chooser.value.set_files(files=[{"name": "../../fixture.jpg", "mimeType": "image/jpeg", "buffer": fixture}])
        end = wait_finished(page)
        observed = server.stored_results(end["run"])["file.accept"]["observed"]
        assert observed["changeFired"] is True and observed["fileCount"] == 1
        assert observed["sniffedFormat"] == "jpeg" and observed["size"] == len(fixture)
        assert observed["hashMatch"] is True and observed["uploadStatus"] == 200
        assert observed["sha256"] == observed["serverSha256"]
    finally:
        context.close()


def test_unattended_a_chooser_that_never_answers_ends_after_answerWait_as_nothing_happened(server, browser):
    """Unattended, the farm script taps, and the chooser never comes back (an app whose
    panel handler never calls its completion handler). The page does not wait forever: after
    answerWait it presses its own "Nothing happened" and posts what it saw, and the next
    step's judgement-only panel (file.capture, never tapped) is left to a person."""
    url = server.base + "/?mode=unattended&tapWait=1.5&answerWait=2&probes=file.accept,file.capture"
    context, page = open_page(browser, url)
    try:
        page.wait_for_selector("#tap-file-accept")
        # The chooser opens (Playwright intercepts it) and is never answered.
        with page.expect_file_chooser():
            page.click("#tap-file-accept")
        end = wait_finished(page, timeout=30000)
        stored = server.stored_results(end["run"])
        accept = stored["file.accept"]
        assert accept["status"] == "fail"
        observed = accept["observed"]
        assert observed["changeFired"] is False and observed["cancelFired"] is False
        # The page gave up only once answerWait (2 s) had passed: its own timer, not a bound on the machine.
        assert observed["waitedMs"] >= 2000
        capture = stored["file.capture"]
        assert capture["status"] == "skipped" and capture["reason"] == "needs-operator"
        diff = server.get(f"/api/runs/{end['run']}/diff?platform=android-webview")
        finding = {f["probe"]: f for f in diff["findings"]}["file.accept"]
        assert finding["verdict"] == "fail" and "onShowFileChooser" in finding["diagnosis"]
    finally:
        context.close()


def test_operator_questions_have_large_answer_buttons_with_stable_ids(server, browser):
    context, page = open_page(browser, server.base + "/?probes=nav.customScheme")
    try:
        start(page)
        page.wait_for_selector("#answer-nav-customScheme-graceful")
        box = page.locator("#answer-nav-customScheme-graceful").bounding_box()
        assert box["height"] >= 48, "touch targets are at least 48 px"
        assert page.locator("#tap-nav-customScheme").get_attribute("href").startswith("probe-test-scheme:")
        page.click("#answer-nav-customScheme-graceful")
        end = wait_finished(page)
        assert server.stored_results(end["run"])["nav.customScheme"]["observed"] == {"outcome": "graceful"}
    finally:
        context.close()


def test_results_queued_offline_reach_the_server_when_the_network_returns(server, browser):
    context, page = open_page(browser, server.base + "/?probes=net.offline")
    try:
        start(page)
        page.wait_for_selector("#skip-net-offline")
        context.set_offline(True)
        page.wait_for_selector("text=Offline noticed")
        context.set_offline(False)
        end = wait_finished(page)
        attempts = server.stored_attempts(end["run"], "net.offline")
        assert [a["attempt"] for a in attempts] == [1, 2], "the interim result (queued offline), then the final one"
        final = attempts[1]["observed"]
        assert final["offlineFired"] is True and final["onlineFired"] is True
        assert final["queued"] >= 1 and final["delivered"] == 1
    finally:
        context.close()


def test_the_native_bridge_receives_the_summary_and_is_reported_as_injected(server, browser):
    context = browser.new_context(ignore_https_errors=True)
    # What react-native-webview injects before the page's scripts run.
    context.add_init_script("window.ReactNativeWebView = { postMessage: (s) => { window.bridgeMessages = (window.bridgeMessages || []).concat(s); } };")
    page = context.new_page()
    try:
        page.goto(server.base + "/?mode=unattended&probes=env.platform,env.injected")
        end = wait_finished(page)
        messages = page.evaluate("() => window.bridgeMessages")
        assert len(messages) == 1
        summary = __import__("json").loads(messages[0])
        assert summary["type"] == "probe-summary" and summary["run"] == end["run"]
        assert summary["verdict"] == end["verdict"] and summary["report"].endswith("/runs/" + end["run"])
        stored = server.stored_results(end["run"])
        assert stored["env.platform"]["observed"]["reactNativeWebView"] is True
        assert "ReactNativeWebView" in stored["env.injected"]["observed"]["bridgeObjects"]
        # The bridge is in every frame (as a host's injection is), so it is no unexpected global,
        # and neither is any of the page's own (host-report.js's, loaded for the bridge, too).
        assert stored["env.injected"]["observed"]["unexpectedGlobals"] == []
    finally:
        context.close()


def test_the_bridge_members_a_release_added_are_posted_as_release_markers(server, browser):
    # A Capacitor 3+ bridge: isNativePlatform arrived in 3.0.0 (capacitor.json's releaseMarkers).
    # The page looks up every marker path the catalog names and posts the ones it finds, so the
    # judge can leave out the rows for releases before it; a path that is absent is not posted.
    context = browser.new_context(ignore_https_errors=True)
    context.add_init_script("window.Capacitor = { getPlatform: () => 'android', isNativePlatform: () => true };")
    page = context.new_page()
    try:
        page.goto(server.base + "/?mode=unattended&probes=env.platform")
        end = wait_finished(page)
        signals = server.stored_results(end["run"])["env.platform"]["observed"]["wrapperSignals"]
        assert "Capacitor.isNativePlatform" in signals["markers"]
        assert "Capacitor.convertFileSrc" not in signals["markers"] and "CapacitorWebFetch" not in signals["markers"]
        assert signals["capacitorNative"] is True
    finally:
        context.close()


def test_a_cookie_shim_on_the_document_itself_is_reported_as_patched(server, browser):
    # Capacitor's CapacitorCookies defines document.cookie on the document, not on
    # Document.prototype: env.injected must still list it, or the judge cannot weigh the shim.
    context = browser.new_context(ignore_https_errors=True)
    context.add_init_script("Object.defineProperty(document, 'cookie', { get: function () { return ''; }, set: function (v) {}, configurable: true });")
    page = context.new_page()
    try:
        page.goto(server.base + "/?mode=unattended&probes=env.platform,env.injected")
        end = wait_finished(page)
        assert "document.cookie" in server.stored_results(end["run"])["env.injected"]["observed"]["patchedNatives"]
    finally:
        context.close()


def test_a_plain_engine_shows_no_injected_globals_the_page_did_not_define(server, browser):
    # A host that injects nothing: whatever env.injected lists would be judged as another
    # framework's or plugin's WebView, so the page's own globals (wrapper.js's ProbeWrapper,
    # end.js's ProbeEnd, …) must never be among them.
    context = browser.new_context(ignore_https_errors=True)
    page = context.new_page()
    try:
        page.goto(server.base + "/?mode=unattended&probes=env.platform,env.injected,storage.local")
        end = wait_finished(page)
        observed = server.stored_results(end["run"])["env.injected"]["observed"]
        assert observed["unexpectedGlobals"] == [] and observed["bridgeObjects"] == [] and observed["patchedNatives"] == []
    finally:
        context.close()


def test_a_later_script_whose_request_never_settles_is_asked_for_again(server, browser):
    # end.js is one of the files loaded after the config; its first request is held and
    # never answered, as a stalled connection would. The page asks again (past the cache)
    # and the end screen, which is end.js's, still comes.
    context = browser.new_context(ignore_https_errors=True)
    asked, held = [], []

    def hold_first(route):
        asked.append(route.request.url)
        if len(asked) == 1:
            held.append(route)  # never answered
        else:
            route.continue_()
    context.route("**/end.js*", hold_first)
    page = context.new_page()
    try:
        page.goto(server.base + "/?mode=unattended&probes=env.script", wait_until="domcontentloaded")
        wait_finished(page)
        page.wait_for_selector("#dock-report")
        assert len(asked) == 2 and "again" not in asked[0] and "again" in asked[1], asked
    finally:
        context.close()


def test_one_malformed_result_does_not_take_its_batch_down(server, browser):
    created = server.post("/api/runs", {"label": "queue test"})
    run, key = created["id"], created["writeKey"]
    context, page = open_page(browser, server.base + "/?mode=unattended&probes=env.script")
    try:
        wait_finished(page)
        left = page.evaluate("""async ([run, key]) => {
            const at = new Date().toISOString();
            const q = new ProbeResults.Queue(run, key);
            q.items.push({ run, probe: 'storage.local', attempt: 1, status: 'pass', observed: { available: true }, elapsedMs: 1, at },
                         { run, probe: 'storage.session', attempt: 1, status: 'pass', observed: { available: 'yes' }, elapsedMs: 1, at });
            await q.flush();
            return q.items.length;
        }""", [run, key])
        assert left == 0, "the refused result is dropped, not retried forever"
        assert sorted(server.stored_results(run)) == ["storage.local"]
    finally:
        context.close()


def test_attended_camera_waits_for_the_tap_and_asks_about_the_prompt(server, browser):
    context, page = open_page(browser, server.base + "/?probes=camera.getUserMedia,camera.frames", camera=True)
    try:
        start(page)
        page.wait_for_selector("#tap-camera-getUserMedia")
        assert page.locator("#skip-camera-getUserMedia").is_visible()
        page.click("#tap-camera-getUserMedia")
        page.click("#answer-camera-getUserMedia-no")
        end = wait_finished(page)
        stored = server.stored_results(end["run"])
        assert stored["camera.getUserMedia"]["observed"]["outcome"] == "granted"
        assert stored["camera.getUserMedia"]["observed"]["promptShown"] is False
        assert stored["camera.frames"]["observed"]["width"] == 640
    finally:
        context.close()


def test_judged_as_an_android_webview_the_device_shows_what_to_fix(server, browser):
    """Chromium grants the camera to the second origin's frame too; judged as an Android
    WebView app that is a critical finding, and the device lists it with the Kotlin fix."""
    context, page = open_page(browser, server.base + "/?mode=unattended&platform=android-webview", camera=True)
    try:
        end = wait_finished(page)
        assert end["verdict"] == "not-ready"
        fixes = page.inner_text("#summary")
        assert "What to fix" in fixes and "Camera from another origin" in fixes
        assert "onPermissionRequest" in fixes or "request.origin" in fixes, "the Android remedy is shown"
        if os.environ.get("PROBE_SCREENSHOTS"):
            page.evaluate("() => window.scrollTo(0, 0)")
            page.screenshot(path=str(SCREENSHOTS / "end-of-run-not-ready-390x844.png"))
    finally:
        context.close()


def test_reopened_completed_run_shows_its_verdict_without_running_again(server, browser):
    created = server.post("/api/runs", {"label": "done"})
    run, key = created["id"], created["writeKey"]
    server.post(f"/api/runs/{run}/results?key={key}", {"results": [{
        "run": run, "probe": "storage.local", "attempt": 1, "status": "pass", "observed": {"available": True},
        "elapsedMs": 1.5, "at": "2026-11-30T03:00:00Z"}]})
    judged = server.post(f"/api/runs/{run}/complete?key={key}", {})
    # The run's URL opened again (a reload, the app relaunched on it): the verdict, not a new run.
    context, page = open_page(browser, server.base + f"/?mode=unattended&run={run}&key={key}")
    try:
        end = wait_finished(page)
        assert page.errors == []
        assert end == {"run": run, "verdict": judged["verdict"]}
        # No step ran again: their results would only be refused (409 run_completed).
        assert page.evaluate("() => Object.keys(window.ProbeApp.done)") == ["storage.local"]
        assert list(server.stored_results(run)) == ["storage.local"]
        assert server.get(f"/api/runs/{run}?key={key}")["verdict"] == judged["verdict"]
    finally:
        context.close()


def frames_with_live_frame_ms(server, browser, live_frame_ms):
    """camera.frames over the fake camera (30 frames a second, moving, lit) with the catalog's
    liveFrameMs replaced in the /api/config the page loads."""
    context = browser.new_context(ignore_https_errors=True, permissions=["camera"], viewport={"width": 390, "height": 844})
    page = context.new_page()

    def config(route):
        response = route.fetch()
        body = response.json()
        probe = next(p for p in body["catalog"]["probes"] if p["id"] == "camera.frames")
        next(t for t in probe["thresholds"] if t["name"] == "liveFrameMs")["ms"] = live_frame_ms
        route.fulfill(status=response.status, json=body)

    page.route("**/api/config*", config)
    try:
        page.goto(server.base + "/?mode=unattended&probes=camera.getUserMedia,camera.frames", wait_until="domcontentloaded")
        end = wait_finished(page)
        limits = limits_of(server)
        return server.stored_results(end["run"])["camera.frames"]["observed"], limits["sampleMs"], limits["decideMs"]
    finally:
        context.close()


def limits_of(server):
    probe = next(p for p in server.get("/api/config")["catalog"]["probes"] if p["id"] == "camera.frames")
    return {t["name"]: t["ms"] for t in probe["thresholds"]}


def test_a_stream_at_a_live_cameras_rate_is_decided_before_the_whole_second(server, browser):
    # A frame a second counts as live: the fake camera's moving, lit picture decides it once
    # decideMs has passed, before sampleMs.
    frames, sample_ms, decide_ms = frames_with_live_frame_ms(server, browser, 1000)
    assert frames["black"] is False and frames["frozen"] is False
    assert decide_ms <= frames["sampledMs"] < sample_ms, frames


def test_a_stream_slower_than_liveFrameMs_is_sampled_for_the_whole_second(server, browser):
    # A frame every millisecond is faster than any camera: no stream is decided early.
    frames, sample_ms, _ = frames_with_live_frame_ms(server, browser, 1)
    assert frames["black"] is False and frames["frozen"] is False
    assert frames["sampledMs"] >= sample_ms, frames


def test_a_host_that_loads_a_frames_url_as_the_page_gets_it_back_and_the_step_says_so(server, browser):
    """A host whose navigation policy takes every URL over and loads it in the main frame
    (an Android shouldOverrideUrlLoading that calls loadUrl for a frame's request too): the
    frame's page finds itself loaded as the page and sends the test page back, which records
    cookie.thirdParty as loadedAsPage and goes on to finish the run."""
    context = browser.new_context(ignore_https_errors=True, viewport={"width": 390, "height": 844})
    page = context.new_page()
    taken = []

    def take_over(route):
        # The frame's own request is cancelled, as a policy that returns true cancels it.
        if route.request.frame != page.main_frame and not taken:
            taken.append(route.request.url)
            route.abort()
        else:
            route.continue_()
    context.route("**/frames/cookie.html*", take_over)
    try:
        page.goto(server.base + "/?mode=unattended&probes=storage.local,cookie.thirdParty,fetch.sameOrigin", wait_until="domcontentloaded")
        for _ in range(200):
            if taken:
                break
            page.wait_for_timeout(50)
        assert taken, "the page never loaded the second origin's frame"
        # What loadUrl(url) does with the frame's URL: the main frame goes there.
        page.goto(taken[0], wait_until="commit")
        end = wait_finished(page)
        stored = server.stored_results(end["run"])
        observed = stored["cookie.thirdParty"]["observed"]
        assert observed["loadedAsPage"] is True and observed["frameLoaded"] is False, observed
        # The run went on after the return: the step after it ran in the same run.
        assert stored["fetch.sameOrigin"]["status"] == "pass"
        finding = {f["probe"]: f for f in server.get("/api/runs/" + end["run"] + "/diff")["findings"]}["cookie.thirdParty"]
        assert finding["verdict"] == "warn" and "as the page" in finding["diagnosis"], finding
    finally:
        context.close()


def test_the_pages_own_reload_keeps_the_run_in_the_session_and_another_load_reads_it(server, browser):
    # storage.navigation loads the page again (?navcheck=): that load takes the run as the page
    # left it (sessionStorage) instead of asking the server for it again. A load the page did not
    # make (the same URL opened in another session) has nothing kept, and reads the run.
    context = browser.new_context(ignore_https_errors=True)
    page = context.new_page()
    reads = []
    page.on("request", lambda r: reads.append(r.url) if r.method == "GET" and "/api/runs/" in r.url else None)
    try:
        page.goto(server.base + "/?mode=unattended&probes=storage.local,storage.navigation,cookie.document")
        end = wait_finished(page)
        stored = server.stored_results(end["run"])
        assert stored["storage.navigation"]["observed"] == {"cookieSurvived": True, "localStorageSurvived": True}
        assert stored["storage.local"]["attempt"] == 1 and stored["cookie.document"]["status"] == "pass"
        assert reads == [], f"the return read the run again: {reads}"
        assert page.get_attribute("#step-storage-local", "class").split() == ["step", "pass"]
        again = context.browser.new_context(ignore_https_errors=True)
        try:
            other = again.new_page()
            other.on("request", lambda r: reads.append(r.url) if r.method == "GET" and "/api/runs/" in r.url else None)
            other.goto(page.url.split("#")[0] + "&navcheck=elsewhere")
            other.wait_for_selector("html[data-finished]", timeout=60000)
            assert any(f"/api/runs/{end['run']}?" in u for u in reads), reads
        finally:
            again.close()
    finally:
        context.close()

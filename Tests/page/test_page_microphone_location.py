"""The microphone, the camera's sizes and the location, in headless Chromium against the real
server: camera.microphone measures the grant camera.scope asked for (one request, not two) and
asks itself only where that step did not run; camera.resolution walks the catalog's ladder;
location.position reports a fix, or a refusal with no person in it, as information.

Chromium's fake devices: a 1920×1080-capable camera and a beeping microphone. The person's
answers are the context's permissions; the fix is Playwright's geolocation override."""
from conftest import open_page, start, wait_finished

FIX = {"latitude": 52.52, "longitude": 13.405, "accuracy": 35}


def run(browser, server, probes, permissions=(), geolocation=None, platform="android-webview", attended=None):
    context = browser.new_context(ignore_https_errors=True, permissions=list(permissions), geolocation=geolocation,
                                  viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    mode = "" if attended else "&mode=unattended"
    page.goto(f"{server.base}/?platform={platform}&probes={probes}{mode}", wait_until="domcontentloaded")
    try:
        if attended:
            start(page)
            attended(page)
        end = wait_finished(page)
        assert page.errors == []
        findings = {f["probe"]: f for f in server.get("/api/runs/" + end["run"] + "/diff")["findings"]}
        return server.stored_results(end["run"]), findings
    finally:
        context.close()


def test_the_microphone_step_measures_camera_scopes_grant_and_what_it_hears(server, browser):
    stored, findings = run(browser, server, "camera.scope,camera.microphone", permissions=["camera", "microphone"])
    scope, mic = stored["camera.scope"]["observed"], stored["camera.microphone"]["observed"]
    assert scope["audioOutcome"] == "granted"
    # camera.scope's own {audio:true} answer, not a second request.
    assert mic["via"] == "scope" and mic["outcome"] == "granted" and mic["elapsedMs"] == scope["elapsedMs"], mic
    assert mic["audioTracks"] == 1 and mic["muted"] is False
    # The fake microphone beeps: a level well above the noise floor, sampled for about a second.
    # sampledMs says how long the level was read; its value is a time, measured by bench/, not here.
    assert mic["level"] > 0.0005 and mic["silent"] is False and isinstance(mic["sampledMs"], int), mic
    assert mic["settings"]["sampleRate"] > 0 and mic["settings"]["channelCount"] >= 1, mic["settings"]
    assert stored["camera.microphone"]["status"] == "fail", "a grant is the failure in an app's WebView"
    # The server folds the microphone under camera.scope, which asked.
    assert findings["camera.microphone"]["verdict"] == "fail"
    assert findings["camera.microphone"]["consequenceOf"] == "camera.scope"


def test_the_microphone_step_asks_itself_only_where_camera_scope_did_not_run(server, browser):
    stored, _ = run(browser, server, "camera.microphone", permissions=["microphone"])
    mic = stored["camera.microphone"]["observed"]
    assert mic["via"] == "own" and mic["outcome"] == "granted" and mic["audioTracks"] == 1, mic
    stored, findings = run(browser, server, "camera.microphone")
    mic = stored["camera.microphone"]["observed"]
    assert mic["via"] == "own" and mic["outcome"] == "error" and mic["errorName"] == "NotAllowedError", mic
    # Nothing heard is not measured: no level, no silence, no settings.
    assert mic["audioTracks"] == 0 and mic["level"] is None and mic["silent"] is None and mic["settings"] is None, mic
    assert findings["camera.microphone"]["verdict"] == "pass"


def test_the_resolution_step_asks_each_size_of_the_ladder_and_counts_its_frames(server, browser):
    stored, findings = run(browser, server, "camera.getUserMedia,camera.resolution", permissions=["camera"])
    o = stored["camera.resolution"]["observed"]
    ladder = o["ladder"]
    assert [s["requested"] for s in ladder] == ["640x480", "1280x720", "1920x1080"]
    assert [(s["outcome"], s["width"], s["height"]) for s in ladder] == [
        ("granted", 640, 480), ("granted", 1280, 720), ("granted", 1920, 1080)], ladder
    assert all(s["deliveredFps"] > 0 and s["frameRate"] > 0 and s["errorName"] is None for s in ladder), ladder
    assert (o["maxWidth"], o["maxHeight"]) == (1920, 1080) and o["maxFrameRate"] > 0, o
    assert stored["camera.resolution"]["status"] == "info"
    assert findings["camera.resolution"]["verdict"] == "info" and "3 of 3 sizes granted" in findings["camera.resolution"]["observed"]


def test_the_resolution_step_is_skipped_without_the_camera(server, browser):
    stored, _ = run(browser, server, "camera.getUserMedia,camera.resolution")
    assert stored["camera.resolution"]["status"] == "skipped" and stored["camera.resolution"]["reason"] == "camera-not-granted"


def test_the_location_step_reports_a_fix_and_its_accuracy(server, browser):
    stored, findings = run(browser, server, "location.position", permissions=["geolocation"], geolocation=FIX)
    o = stored["location.position"]["observed"]
    assert o["available"] is True and o["outcome"] == "granted" and o["accuracyM"] == 35, o
    assert o["errorCode"] is None and o["permissionStateBefore"] == "granted" and o["permissionStateAfter"] == "granted", o
    # Unattended: nobody to ask whether a prompt appeared.
    assert o["promptShown"] is None
    assert findings["location.position"]["verdict"] == "info"


def test_a_location_refused_at_once_is_information_with_no_person_in_it(server, browser):
    stored, findings = run(browser, server, "location.position")
    o = stored["location.position"]["observed"]
    assert o["outcome"] == "denied" and o["errorCode"] == 1 and o["accuracyM"] is None, o
    assert stored["location.position"]["status"] == "fail"
    f = findings["location.position"]
    assert f["verdict"] == "info", "the catalog's expectation is information: a denial is reported, not failed"
    assert "with no prompt and no person in it" in (f.get("diagnosis") or ""), f


def test_an_attended_location_fix_asks_whether_the_app_prompted(server, browser):
    def answer(page):
        page.click("#answer-location-position-no", timeout=60000)
    stored, _ = run(browser, server, "location.position", permissions=["geolocation"], geolocation=FIX, attended=answer)
    o = stored["location.position"]["observed"]
    assert o["outcome"] == "granted" and o["promptShown"] is False, o
    assert o["promptCount"] == 0, o


def test_an_attended_location_asked_twice_warns_and_names_webkits_own_question_on_ios(server, browser):
    def answer(page):
        page.click("#answer-location-position-twice", timeout=60000)
    stored, findings = run(browser, server, "location.position", permissions=["geolocation"], geolocation=FIX,
                           platform="ios-wkwebview", attended=answer)
    o = stored["location.position"]["observed"]
    assert o["outcome"] == "granted" and o["promptShown"] is True and o["promptCount"] == 2, o
    f = findings["location.position"]
    assert f["verdict"] == "warn", f
    assert "native-ios.geolocationSiteQuestion" in [c["id"] for c in f.get("causes", [])], f

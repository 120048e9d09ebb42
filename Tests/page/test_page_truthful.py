"""The device page tells the truth: group lines count what happened, a browser is
said to be one at the start and at the end (never a green Ready), a ?platform= override is said
once, a step shown ✗ that the verdict accepts is explained, the introduction asks for the device,
and the LiveForm-only question is asked under the liveform requirement set only.

Headless Chromium is a desktop browser: every run here is a browser's unless ?platform= says
otherwise, or the context sends another user agent."""
import re
import urllib.request

import pytest

from conftest import UNVERIFIED, open_page, start, wait_finished

VIEWPORTS = [(390, 844), (320, 640), (844, 390)]
SIZES = {"ids": lambda v: f"{v[0]}x{v[1]}"}
CAMERA = "camera.api,camera.devices,camera.permission,camera.getUserMedia,camera.frames,camera.facing,camera.reacquire,camera.scope,camera.foreignOrigin"
BROWSER_END = "A browser, not an app's WebView: not judged against a WebView"


def no_horizontal_overflow(page):
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def group_lines(page):
    return page.eval_on_selector_all("#steps summary", "s => s.map(x => x.textContent)")


def dock_top(page):
    return page.locator("#dock").bounding_box()["y"]


@pytest.mark.parametrize("viewport", VIEWPORTS, **SIZES)
def test_a_browser_is_told_at_the_start_with_the_two_ways_into_the_app(server, browser, viewport):
    context, page = open_page(browser, server.base + "/", viewport=viewport)
    try:
        page.wait_for_selector("#start-run")
        banner = page.locator("#browser-banner")
        assert banner.is_visible()
        title = page.locator("#browser-banner-title")
        assert title.inner_text() == "This is a browser, not your app"
        box = title.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= dock_top(page), f"the banner's title is under the dock at {viewport}"
        text = banner.inner_text()
        assert "Chrome on Linux opened this page" in text
        assert banner.locator("a[href='/setup']").count() == 1, "the way through the app's debug deep link or screen"
        assert server.base + "/?mode=unattended" in text, "the way for CI"
        assert "looks the same from here" in text and "?platform=android-webview" in text, "what cannot be told apart is said"
        assert no_horizontal_overflow(page), f"the page scrolls sideways at {viewport}"
        # The introduction is still the person's next action.
        assert page.evaluate("() => document.activeElement.id") == "start-run"
    finally:
        context.close()


def test_an_explicit_platform_shows_no_banner(server, browser):
    context, page = open_page(browser, server.base + "/?platform=android-webview")
    try:
        page.wait_for_selector("#start-run")
        assert not page.is_visible("#browser-banner")
    finally:
        context.close()


ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8{wv}) AppleWebKit/537.36 (KHTML, like Gecko) {version}Chrome/130.0.0.0 Mobile Safari/537.36"
IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
AGENTS = [
    ("android-chrome", ANDROID.format(wv="", version=""), "Android Chrome / Custom Tabs"),
    ("samsung-internet", ANDROID.format(wv="", version="SamsungBrowser/26.0 "), "Samsung Internet on Android"),
    ("firefox-android", "Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0", "Firefox on Android"),
    ("safari", IPHONE + "Version/17.4 Mobile/15E148 Safari/604.1", "iOS Safari / SFSafariViewController"),
    ("chrome-ios", IPHONE + "CriOS/130.0.6723.90 Mobile/15E148 Safari/604.1", "Chrome for iOS on iOS"),
    ("android-webview", ANDROID.format(wv="; wv", version="Version/4.0 "), None),
    ("wkwebview", IPHONE + "Mobile/15E148", None),
]


@pytest.mark.parametrize("agent", AGENTS, ids=[a[0] for a in AGENTS])
def test_the_banner_names_the_browser_and_stays_away_from_an_apps_webview(server, browser, agent):
    """The user agent as each sends it: the browsers get the banner naming them, an Android
    WebView ("; wv)") and a WKWebView (no Safari/ token) none."""
    _, user_agent, named = agent
    context = browser.new_context(ignore_https_errors=True, user_agent=user_agent, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(server.base + "/")
        page.wait_for_selector("#start-run")
        if named is None:
            assert not page.is_visible("#browser-banner"), page.inner_text("#browser-banner")
        else:
            assert page.is_visible("#browser-banner")
            assert page.inner_text("#browser-banner").count(named + " opened this page") == 1
    finally:
        context.close()


def test_group_lines_count_passes_failures_and_skips_not_finished_steps(server, browser):
    """Unattended, camera denied: the camera group holds a failure and three skips, the files
    group four steps left to a person, the environment only passes, mixed content nothing to test."""
    probes = "env.script,env.secureContext,net.mixedContent," + CAMERA + ",file.accept,file.capture,file.cancel,file.heic"
    context, page = open_page(browser, server.base + "/?mode=unattended&probes=" + probes, camera=False)
    try:
        wait_finished(page)
        lines = group_lines(page)
        assert "Environment ✓ 2 passed" in lines, lines
        assert "Camera ✗ 5 passed · 1 failed · 3 skipped" in lines, lines
        assert "Files ✗ 4 skipped" in lines, lines
        assert "Network 1 not testable here" in lines, lines
        classes = page.eval_on_selector_all("#steps details", "d => d.map(x => x.className)")
        assert classes == ["group complete", "group", "group problem", "group problem"], classes
    finally:
        context.close()


@pytest.mark.parametrize("viewport", VIEWPORTS, **SIZES)
def test_a_browser_run_ends_saying_so_with_what_it_showed_never_a_green_ready(server, browser, viewport):
    """A desktop browser with the camera denied (the tester's "Ready" in green): the end names a
    browser, lists the steps it showed ✗ with what was observed, offers no WebView fix."""
    context, page = open_page(browser, server.base + "/?mode=unattended&probes=env.script,env.platform," + CAMERA,
                              camera=False, viewport=viewport)
    try:
        wait_finished(page)
        heading = page.locator("#summary h2")
        assert heading.inner_text().replace("\n", " ").replace("  ", " ") == BROWSER_END
        assert heading.text_content() == BROWSER_END
        assert "ready" not in heading.get_attribute("class").split()
        assert page.evaluate("() => getComputedStyle(document.querySelector('#summary h2')).color") != \
            page.evaluate("() => getComputedStyle(document.documentElement).getPropertyValue('--pass')"), "green"
        summary = page.inner_text("#summary")
        assert "It ran 11 steps: 7 passed · 1 failed · 3 skipped." in summary, summary
        assert "Camera access ✗" in page.eval_on_selector_all("#summary .finding-title", "p => p.map(x => x.textContent)")
        assert "NotAllowedError" in summary
        assert page.locator("#summary pre.remedy").count() == 0, "a browser gets no WebView fix"
        assert page.locator("#summary a[href='/setup']").count() == 1
        assert page.inner_text("#progress") == f"Finished: {BROWSER_END}."
        assert not page.is_visible("#browser-banner"), "the end says it once"
        assert no_horizontal_overflow(page), f"the end screen scrolls sideways at {viewport}"
        assert page.errors == []
    finally:
        context.close()


def test_an_explicit_platform_is_judged_as_that_and_said_once(server, browser):
    context, page = open_page(browser, server.base + "/?mode=unattended&platform=android-webview&probes=env.script,env.platform,camera.api")
    try:
        end = wait_finished(page)
        heading = page.inner_text("#summary h2")
        assert heading == {"ready": "Ready", "not-ready": "Not ready", "incomplete": "Incomplete"}[end["verdict"]]
        body = page.inner_text("body")
        assert body.count("Judged as Android WebView") == 1 and "Platform (set)" not in body, body
        # In the reports' words (Words.platform): set, not detected, and what the page itself showed.
        assert "Judged as Android WebView: set by ?platform=; the page itself showed Linux" in body, body
        assert "A browser" not in body and not page.is_visible("#browser-banner")
    finally:
        context.close()


def test_a_step_shown_failed_that_the_verdict_accepts_is_explained_at_the_end(server, browser):
    """Chromium blocks the third-party cookie (its step shows ✗); judged as an iOS WKWebView,
    where ITP blocks it too, the verdict accepts it: the end says so, in the server's words."""
    context, page = open_page(browser, server.base + "/?mode=unattended&platform=ios-wkwebview&probes=cookie.thirdParty")
    try:
        end = wait_finished(page)
        assert "fail" in page.get_attribute("#step-cookie-thirdParty", "class").split()
        diff = server.get(f"/api/runs/{end['run']}/diff")
        finding = next(f for f in diff["findings"] if f["probe"] == "cookie.thirdParty")
        assert finding["pageStatus"] == "fail" and finding["verdict"] == "pass", finding
        said = page.inner_text("#accepted-cookie-thirdParty")
        assert said.startswith("Third-party cookie ✗ during the run: accepted because iOS WKWebView is expected to block it (" + finding["expected"]), said
        assert "Shown ✗ during the run, accepted" in page.inner_text("#summary")
    finally:
        context.close()


@pytest.mark.parametrize("viewport", VIEWPORTS, **SIZES)
def test_the_introduction_asks_for_the_device_and_the_report_shows_it_escaped(server, browser, viewport):
    device = 'Pixel 8, Android 15 <img src=x onerror=alert(1)> & "x"'
    context, page = open_page(browser, server.base + "/?probes=env.script", viewport=viewport)
    try:
        page.wait_for_selector("#intro-deviceModel")
        field = page.locator("#intro-deviceModel")
        assert field.get_attribute("placeholder") == "e.g. Pixel 8, Android 15"
        limit = server.get("/api/config")["limits"]["deviceModelBytes"]
        assert field.get_attribute("maxlength") == str(limit)
        field.scroll_into_view_if_needed()
        box = field.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport[0]
        assert no_horizontal_overflow(page), f"the introduction scrolls sideways at {viewport}"
        field.fill(device)
        start(page)
        end = wait_finished(page)
        assert server.get(f"/api/runs/{end['run']}")["metadata"]["deviceModel"] == device
        with urllib.request.urlopen(server.base + f"/runs/{end['run']}", context=UNVERIFIED, timeout=10) as r:
            report = r.read().decode()
        assert "<dt>Device</dt><dd>Pixel 8, Android 15 &lt;img src=x onerror=alert(1)&gt; &amp;" in report
        assert "<img src=x" not in report
    finally:
        context.close()


def test_a_device_over_the_stores_limit_is_refused_before_the_run_starts(server, browser):
    """Two bytes a character: within maxlength (characters), over the store's limit (bytes)."""
    context, page = open_page(browser, server.base + "/?probes=env.script")
    try:
        limit = server.get("/api/config")["limits"]["deviceModelBytes"]
        page.fill("#intro-deviceModel", "é" * (limit // 2 + 1))
        page.click("#start-run")
        # The form's submit handler runs within the click: the introduction stays, no run is asked for.
        assert page.is_visible("#intro") and page.is_visible("#start-run"), "the introduction closed"
        assert page.evaluate("() => window.ProbeApp.run") is None, "a run started"
        message = page.evaluate("() => document.querySelector('#intro-deviceModel').validationMessage")
        assert f"At most {limit} bytes" in message
        page.fill("#intro-deviceModel", "é" * (limit // 2))
        start(page)
        end = wait_finished(page)
        assert server.get(f"/api/runs/{end['run']}")["metadata"]["deviceModel"] == "é" * (limit // 2)
    finally:
        context.close()


# The question on screen, read in one go (the panel is replaced between questions).
QUESTION = "() => { const q = document.querySelector('#question'); return q ? q.textContent : null; }"


def checklist_questions(page):
    """Every question operator.checklist asks, answered "Don't know"."""
    asked = []
    while True:
        page.wait_for_selector("#action:not([hidden]) [id^=answer-operator-checklist-], html[data-finished]", state="attached", timeout=30000)
        if page.locator("html[data-finished]").count():
            return asked
        question = page.evaluate(QUESTION)
        if question is None or question in asked:
            page.wait_for_timeout(50)
            continue
        asked.append(question)
        page.locator("[id^=answer-operator-checklist-][id$=-unknown]").first.click()
        # The next question replaces this one, or the run ends.
        for _ in range(200):
            if page.locator("html[data-finished]").count() or page.evaluate(QUESTION) != question:
                break
            page.wait_for_timeout(50)


@pytest.mark.parametrize("requirement_set", ["liveform", "video-only"])
def test_the_liveform_url_is_asked_under_the_liveform_set_only(server, browser, requirement_set):
    query = "/?probes=operator.checklist" + ("" if requirement_set == "liveform" else "&requirementSet=" + requirement_set)
    context, page = open_page(browser, server.base + query)
    try:
        start(page)
        asked = checklist_questions(page)
        assert asked, "no question was asked"
        liveform = [q for q in asked if "argosidentity.com" in q]
        assert (len(liveform) == 1) == (requirement_set == "liveform"), asked
        assert not any(re.search(r"\bpid\b", q) for q in asked if "argosidentity" not in q), "pid is the integrator's question"
    finally:
        context.close()

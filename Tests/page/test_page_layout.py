"""The next action is always in view: an attended run in Chromium at phone sizes, portrait
and landscape, with the action area fixed at the bottom of the viewport."""
import pytest

from conftest import CHROMIUM, open_page, start, wait_finished

# Portrait phones (a small and a common one) and the common one turned (docs/page.md).
VIEWPORTS = [(390, 844), (320, 640), (844, 390)]


@pytest.fixture(scope="module")
def browser(playwright):
    """Chromium that answers permission prompts itself: camera.scope's getDisplayMedia opens
    a screen picker that a headless browser never closes, and behind it no pointer event
    reaches the page (the page explains that prompt to a person; a test has nobody to refuse it)."""
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=[
        "--no-sandbox", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
        "--ignore-certificate-errors"])
    yield b
    b.close()


def inside(box, viewport):
    return (box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= viewport[0]
            and box["y"] + box["height"] <= viewport[1])


def person_steps(server):
    return [p["id"] for p in server.get("/api/config")["catalog"]["probes"] if p["kind"] != "auto"]


def focused(page):
    return page.evaluate("() => document.activeElement && document.activeElement.id")


def next_action(page):
    """The element a keyboard user acts on next at the step on screen: its first button or link
    other than Skip, or, for a step that only waits for the person, its question."""
    ids = [b for b in page.eval_on_selector_all("#action .buttons .btn", "bs => bs.map(b => b.id)") if not b.startswith("skip-")]
    return ids[0] if ids else "question"


def answer(page, viewport):
    """What a person does at the step on screen: starts the camera and says no prompt showed,
    skips every other step (a skip is always offered), answers a plain question with its last button."""
    if page.locator("#tap-camera-getUserMedia").count():
        page.click("#tap-camera-getUserMedia")
        # The camera's question replaces the tap: focus moves on to its first answer.
        page.wait_for_selector("#answer-camera-getUserMedia-yes")
        assert focused(page) == "answer-camera-getUserMedia-yes", f"focus after the camera tap: {focused(page)!r}"
        page.click("#answer-camera-getUserMedia-no")
        # camera.frames plays the stream in the action area: the person sees it without scrolling.
        video = page.wait_for_selector("#stage video", timeout=30000)
        assert inside(video.bounding_box(), viewport), "the camera preview is off-screen"
        return
    skip = page.locator("#action [id^=skip-]")
    if skip.count():
        skip.first.click()
    else:
        page.locator("#action .btn").last.click()


def current_step(page):
    """The running row of the step list, named by its probe id."""
    return page.get_attribute("#steps li.running", "id").replace("step-", "", 1).replace("-", ".")


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: f"{v[0]}x{v[1]}")
def test_attended_every_tap_step_shows_its_button_and_the_progress_without_scrolling_and_focuses_it(server, browser, viewport):
    context, page = open_page(browser, server.base + "/", camera=True, viewport=viewport)
    try:
        page.wait_for_selector("#start-run")
        assert inside(page.locator("#start-run").bounding_box(), viewport), "the introduction's Start is off-screen"
        assert focused(page) == "start-run", "focus is on the introduction's Start"
        assert page.locator("h1").is_visible()
        start(page)
        asked = []
        while True:
            page.wait_for_selector("#action:not([hidden]) .btn, html[data-finished]", state="attached", timeout=60000)
            if page.locator("html[data-finished]").count():
                break
            step, question = current_step(page), page.inner_text("#question")
            primary = page.locator("#action .btn").first
            assert inside(primary.bounding_box(), viewport), f"{step}: the first button is off-screen at {viewport}"
            assert inside(page.locator("#progress").bounding_box(), viewport), f"{step}: the step line is off-screen"
            assert page.inner_text("#progress").startswith("Step "), step
            assert page.inner_text("#status").endswith(question), "the status region says what the page waits for"
            assert page.title().startswith("Step ") and page.locator("h1").is_visible()
            # A keyboard, switch or screen-reader user lands on the step's action, and the page did not scroll for it.
            expected = next_action(page)
            assert focused(page) == expected, f"{step}: focus is on {focused(page)!r}, not on the step's action {expected!r}"
            assert within(page, "#" + expected, viewport), f"{step}: the focused {expected} is cut off at {viewport}"
            assert page.evaluate("() => scrollY") == 0, f"{step}: the page scrolled"
            if step not in asked:
                asked.append(step)
            shown = page.query_selector("#question")
            answer(page, viewport)
            # The answered panel goes (the next one may reuse its button ids).
            try:
                shown.wait_for_element_state("hidden", timeout=30000)
            except Exception:
                raise AssertionError(f"{step}: the panel stayed after the answer: {page.inner_text('#action')!r}")
        end = wait_finished(page)
        page.wait_for_selector("#dock-report")
        assert focused(page) == "dock-report", f"focus at the end is on {focused(page)!r}"
        assert page.inner_text("#dock-report").startswith("Open the full report")
        missing = [s for s in person_steps(server) if s not in asked]
        assert missing == [], f"steps that never showed their action: {missing}"
        assert page.errors == []
        assert page.title().endswith("— WebView probe") and not page.title().startswith("Step")
        stored = server.stored_results(end["run"])
        assert stored["camera.getUserMedia"]["observed"]["outcome"] == "granted"
    finally:
        context.close()


def test_reopening_the_start_url_offers_the_open_run_and_continuing_resumes_it(server, browser):
    context, page = open_page(browser, server.base + "/?probes=nav.customScheme")
    try:
        start(page)
        page.wait_for_selector("#answer-nav-customScheme-graceful")
        first = page.evaluate("() => window.ProbeApp.run")
        # The QR code opens the start URL again: the device's open run is offered first.
        page.goto(server.base + "/?probes=nav.customScheme")
        page.wait_for_selector("#resume-continue")
        assert focused(page) == "resume-continue", "focus is on the offer's first action"
        assert first[:8] in page.inner_text("#resume-continue") and first in page.inner_text("#intro")
        assert f"run={first}" in page.get_attribute("#resume-continue", "href")
        page.click("#resume-continue")
        page.wait_for_selector("#answer-nav-customScheme-graceful")
        assert page.evaluate("() => window.ProbeApp.run") == first
        assert f"run={first}" in page.url
        # Once more, and this time a new run.
        page.goto(server.base + "/?probes=nav.customScheme")
        page.click("#resume-new")
        start(page)
        page.wait_for_selector("#answer-nav-customScheme-graceful")
        second = page.evaluate("() => window.ProbeApp.run")
        assert second != first
        page.click("#answer-nav-customScheme-graceful")
        wait_finished(page)
        # A judged run is not offered again: the start URL goes straight to the introduction.
        page.goto(server.base + "/?probes=nav.customScheme")
        page.wait_for_selector("#start-run")
        assert page.locator("#resume-continue").count() == 0
    finally:
        context.close()


def test_the_introduction_remembers_the_details_and_sends_them_as_metadata(server, browser):
    context, page = open_page(browser, server.base + "/?probes=env.script")
    try:
        page.fill("#intro-appName", "Shop")
        page.fill("#intro-appVersion", "4.2.0")
        start(page)
        end = wait_finished(page)
        metadata = server.get(f"/api/runs/{end['run']}")["metadata"]
        assert metadata == {"appName": "Shop", "appVersion": "4.2.0", "mode": "attended", "probes": "env.script"}
        page.goto(server.base + "/?probes=env.script")
        assert page.input_value("#intro-appName") == "Shop" and page.input_value("#intro-tester") == ""
    finally:
        context.close()


def test_the_way_back_from_the_away_page_returns_to_the_same_run(server, browser):
    context, page = open_page(browser, server.base + "/?probes=nav.returnUrl")
    try:
        start(page)
        page.wait_for_selector("#tap-nav-returnUrl")
        run = page.evaluate("() => window.ProbeApp.run")
        page.click("#tap-nav-returnUrl")
        page.wait_for_url("**/away.html?return=1")
        back = page.get_attribute("#away-back", "href")
        assert f"run={run}" in back and "key=" in back, back
        page.click("#away-back")
        page.wait_for_selector("#answer-nav-returnUrl-same-view")
        assert page.evaluate("() => window.ProbeApp.run") == run
    finally:
        context.close()


def within(page, selector, viewport):
    """`selector` shown whole: inside the viewport and inside the dock's visible box (the dock
    scrolls inside itself, so a part scrolled out of it is cut off for the person)."""
    box, dock = page.locator(selector).bounding_box(), page.locator("#dock").bounding_box()
    return inside(box, viewport) and box["y"] >= dock["y"] - 1 and box["y"] + box["height"] <= dock["y"] + dock["height"] + 1


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: f"{v[0]}x{v[1]}")
def test_the_relaunch_step_puts_its_link_first_and_skip_last_with_nothing_cut_off(server, browser, viewport):
    context, page = open_page(browser, server.base + "/?probes=storage.relaunch", viewport=viewport)
    try:
        start(page)
        page.wait_for_selector("#copy-url")
        # The QR code's size is set by CSS, so the layout is final before the image arrives;
        # wait for it anyway so that a failing load (hidden) is seen as missing.
        for _ in range(100):
            if page.evaluate("() => document.querySelector('#reopen-qr').complete"):
                break
            page.wait_for_timeout(100)
        for part in ["#reopen-url", "#copy-url", "#reopen-qr", "#skip-storage-relaunch"]:
            assert within(page, part, viewport), f"{part} is cut off at {viewport}"
        first_button = page.evaluate("() => document.querySelector('#action').querySelector('a, button, input').id")
        assert first_button == "reopen-url", first_button
        last = page.evaluate("() => [...document.querySelectorAll('#action a, #action button')].pop().id")
        assert last == "skip-storage-relaunch"
        assert "asks whether" in page.inner_text("#question") and "did you relaunch" not in page.inner_text("#question")
    finally:
        context.close()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: f"{v[0]}x{v[1]}")
def test_the_end_screen_dock_leads_to_the_full_report_and_a_new_run(server, browser, viewport):
    context, page = open_page(browser, server.base + "/?probes=env.secureContext,storage.local", viewport=viewport)
    try:
        start(page)
        end = wait_finished(page)
        page.wait_for_selector("#dock-report")
        for part in ["#dock-report", "#dock-new-run"]:
            assert within(page, part, viewport), f"{part} is off-screen at {viewport}"
        assert end["run"][:8] in page.inner_text("#dock-report")
        assert page.get_attribute("#dock-report", "href").startswith("/runs/")
        assert page.evaluate("() => document.activeElement.id") == "dock-report", "focus moves to the next action"
        page.click("#dock-new-run")
        page.wait_for_selector("#start-run")
    finally:
        context.close()


def test_the_relaunch_step_shows_the_link_to_reopen_with_a_copy_button(server, browser):
    context, page = open_page(browser, server.base + "/?probes=storage.relaunch")
    try:
        start(page)
        page.wait_for_selector("#copy-url")
        url = page.input_value("#reopen-url")
        assert url == page.url and "run=" in url and "key=" in url
        assert page.get_attribute("#reopen-qr", "src").startswith("/qr.svg?url=https%3A%2F%2F")
        assert inside(page.locator("#skip-storage-relaunch").bounding_box(), (390, 844))
        # Copy: the clipboard where the WebView grants it, else the link selected for the system's Copy.
        page.click("#copy-url")
        page.wait_for_selector("#note:text-matches('^(Copied|Selected)')")
        if page.inner_text("#note").startswith("Selected"):
            assert page.evaluate("() => document.activeElement.id") == "reopen-url"
    finally:
        context.close()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: f"{v[0]}x{v[1]}")
def test_the_relaunch_question_on_the_way_back_is_asked_in_the_dock_with_nothing_cut_off(server, browser, viewport):
    """The app is closed on the relaunch step and the link opened again: the page comes back
    in a new tab session (a killed app loses sessionStorage) and asks, in the dock, whether the
    person relaunched; the answers come first, Skip last, focus on the first answer."""
    context, page = open_page(browser, server.base + "/?probes=storage.local,storage.relaunch", viewport=viewport)
    try:
        start(page)
        page.wait_for_selector("#copy-url")
        run, url = page.evaluate("() => window.ProbeApp.run"), page.input_value("#reopen-url")
        # The earlier step must be on the server: a run with results is what the page resumes.
        for _ in range(100):
            if "storage.local" in server.stored_results(run):
                break
            page.wait_for_timeout(100)
        page.close()
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("#answer-storage-relaunch-yes")
        assert page.inner_text("#question").startswith("Welcome back")
        for part in ["#question", "#answer-storage-relaunch-yes", "#answer-storage-relaunch-no", "#skip-storage-relaunch"]:
            assert within(page, part, viewport), f"{part} is cut off at {viewport}"
        order = page.eval_on_selector_all("#action a, #action button", "bs => bs.map(b => b.id)")
        assert order == ["answer-storage-relaunch-yes", "answer-storage-relaunch-no", "skip-storage-relaunch"], order
        assert focused(page) == "answer-storage-relaunch-yes"
        assert page.evaluate("() => scrollY") == 0
        page.click("#answer-storage-relaunch-yes")
        end = wait_finished(page)
        observed = server.stored_results(end["run"])["storage.relaunch"]["observed"]
        assert observed["relaunched"] is True and observed["localStorage"] is True and observed["persistentCookie"] is True
    finally:
        context.close()

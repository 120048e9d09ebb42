#!/usr/bin/env python3
"""Screenshots of the test page as a person meets it, at 390×844, 320×640 and 844×390.

Starts the real server (the debug build: `swift build --product probe-server`) and headless
Chromium with a fake camera, walks one attended run per viewport, and writes a PNG of the
viewport (never the full page) for the introduction, every step that waits for a person
(the first question of each), the live camera preview, the resume choice and the verdict.
Steps that run by themselves show no action; the preview stands for them.

Usage: python3 docs/screenshots/make.py      (PROBE_SERVER_BIN= a built binary, optional)
Writes docs/screenshots/page-*.png and docs/screenshots/README.md."""
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "Tests" / "page"))
from conftest import CHROMIUM, Server  # noqa: E402  (the page tests' real-server fixture)

VIEWPORTS = [(390, 844), (320, 640), (844, 390)]


def binary():
    if os.environ.get("PROBE_SERVER_BIN"):
        return os.environ["PROBE_SERVER_BIN"]
    subprocess.run(["swift", "build", "--product", "probe-server"], cwd=REPO, check=True)
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO, check=True, capture_output=True, text=True)
    return os.path.join(out.stdout.strip(), "probe-server")


def running_step(page):
    return page.get_attribute("#steps li.running", "id").replace("step-", "", 1).replace("-", ".")


def walk(browser, server, viewport, dark=False, only=None):
    """One attended run: the shots taken, as (file name, what it shows); `only` names the
    shots to keep (a representative subset), None keeps all."""
    size = f"{viewport[0]}x{viewport[1]}" + ("-dark" if dark else "")
    context = browser.new_context(ignore_https_errors=True, permissions=["camera"], color_scheme="dark" if dark else "light",
                                  viewport={"width": viewport[0], "height": viewport[1]})
    page = context.new_page()
    shots, n = [], [0]

    def shot(name, caption):
        if only is not None and name not in only:
            return
        n[0] += 1
        path = HERE / f"page-{size}-{n[0]:02d}-{name}.png"
        # Images shown with the step (the relaunch step's QR code) are drawn before the shot.
        page.wait_for_function("() => Array.from(document.images).every((i) => i.hidden || i.complete)", timeout=10000)
        page.wait_for_timeout(150)
        page.screenshot(path=str(path))
        shots.append((path.name, caption))

    page.goto(server.base + "/")
    page.wait_for_selector("#start-run")
    page.fill("#intro-appName", "Example app")
    page.fill("#intro-appVersion", "1.0")
    page.fill("#intro-deviceModel", "Headless Chromium, Linux")
    page.fill("#intro-tester", "Screenshot script")
    page.evaluate("() => { document.activeElement.blur(); window.scrollTo(0, 0); }")
    # Headless Chromium is a browser: the page says so above the introduction.
    shot("intro", "The introduction under the browser banner: what happens, how long, the app's details")
    page.click("#start-run")
    seen = set()
    while True:
        page.wait_for_selector("#action:not([hidden]) .btn, html[data-finished]", state="attached", timeout=60000)
        if page.locator("html[data-finished]").count():
            break
        step, shown = running_step(page), page.query_selector("#question")
        if step not in seen:
            seen.add(step)
            shot(step, f"{page.inner_text('#progress')}: waiting for the person")
        if page.locator("#tap-camera-getUserMedia").count():
            page.click("#tap-camera-getUserMedia")
            page.click("#answer-camera-getUserMedia-no")
            page.wait_for_selector("#stage video", timeout=30000)
            shot("camera-preview", "The live camera preview in the action area (camera.frames)")
        elif step == "storage.relaunch":
            # The reopened start URL offers this open run: the resume choice, then back to the step.
            url = page.url
            page.goto(server.base + "/")
            page.wait_for_selector("#resume-continue")
            shot("resume", "The start URL reopened: continue the open run or start a new one")
            page.goto(url)
            page.wait_for_selector("#skip-storage-relaunch")
            page.click("#skip-storage-relaunch")
            continue
        elif page.locator("#action [id^=skip-]").count():
            page.locator("#action [id^=skip-]").first.click()
        else:
            page.locator("#action .btn").last.click()
        shown.wait_for_element_state("hidden", timeout=30000)
    page.wait_for_selector("#report-link")
    page.evaluate("() => window.scrollTo(0, 0)")
    shot("verdict", "The end of a browser's run: not judged against a WebView, what it showed")
    context.close()
    return shots


def main():
    from playwright.sync_api import sync_playwright
    for old in HERE.glob("page-*.png"):
        old.unlink()
    server = Server(binary())
    try:
        with sync_playwright() as p:
            # Fake UI: camera.scope's screen picker would otherwise stay open in a headless
            # browser and take every later tap.
            browser = p.chromium.launch(executable_path=CHROMIUM, args=[
                "--no-sandbox", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                "--ignore-certificate-errors"])
            shots = {f"{w}x{h}": walk(browser, server, (w, h)) for w, h in VIEWPORTS}
            # Dark mode (prefers-color-scheme): a few shots stand for the rest.
            shots["390x844-dark"] = walk(browser, server, (390, 844), dark=True,
                                         only={"intro", "camera-preview", "operator.checklist", "verdict"})
            browser.close()
    finally:
        server.stop()
    total = sum((HERE / name).stat().st_size for s in shots.values() for name, _ in s)
    lines = ["# Screenshots", "",
             "Generated by `python3 docs/screenshots/make.py` (the real server and headless Chromium with a fake camera;",
             "an attended run per viewport, every step that waits for a person skipped after its shot).",
             f"The `page-*` images: {sum(len(s) for s in shots.values())} viewport PNGs, {total // 1024} KB in all.",
             "`end-of-run-*` come from `PROBE_SCREENSHOTS=1 Tests/page/run.sh`, `engine-*` from Tests/engines (docs/engines.md).", ""]
    for size, taken in shots.items():
        lines += [f"## {size.replace('x', '×').replace('-dark', ', dark mode (a subset)')}", "", "| File | Shows |", "| --- | --- |"]
        lines += [f"| [{name}]({name}) | {caption} |" for name, caption in taken]
        lines.append("")
    (HERE / "README.md").write_text("\n".join(lines))
    print(f"{sum(len(s) for s in shots.values())} screenshots, {total} bytes")


if __name__ == "__main__":
    main()

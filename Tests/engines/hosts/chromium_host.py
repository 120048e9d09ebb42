#!/usr/bin/env python3
"""Headless Chromium (Debian's, through Playwright) as a plain browser: no app around it.
The person's camera answer is the browser's site permission: granted or not granted (a
headless browser with nobody to ask denies). Clicks the farm's tap steps like the other
hosts, with Playwright's real input events, and picks the fixture in the chooser."""

import argparse
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402


# The position the granted person's device reports: a city-block fix, as a phone's network
# location gives indoors.
FIX = {"latitude": 52.52, "longitude": 13.405, "accuracy": 35}


def spki_pins(ca_pem, url):
    """SPKI hashes of the leaves that verified against the local CA: Chromium trusts those
    and nothing else (--ignore-certificate-errors-spki-list), the way a profile with the CA
    installed would."""
    pins = []
    for _host, certs in common.verified_leaf_certs(ca_pem, common.origins_of_run(url, ca_pem)).items():
        for pem, _digest in certs:
            der = subprocess.run(["openssl", "x509", "-pubkey", "-noout"], input=pem.encode(), capture_output=True, check=True).stdout
            spki = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=der, capture_output=True, check=True).stdout
            pins.append(base64.b64encode(hashlib.sha256(spki).digest()).decode())
    return sorted(set(pins))


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("url")
    p.add_argument("--camera", choices=("granted", "denied"), default="granted")
    p.add_argument("--geolocation", choices=("granted", "denied"), default="granted",
                   help="the person's location answer: allowed (with a fixed position, as a device with a fix) or blocked")
    p.add_argument("--file", required=True)
    p.add_argument("--trust-ca", required=True)
    p.add_argument("--screenshot", default=None)
    p.add_argument("--timeout", type=float, default=240)
    p.add_argument("--chromium", default="/usr/bin/chromium")
    a = p.parse_args()
    log = common.Log()
    farm = common.Farm(common.farm_taps(a.url, a.trust_ca))
    chooser = common.Chooser("pick", a.file)
    pins = spki_pins(a.trust_ca, a.url)
    log("trust", spki=pins)
    with sync_playwright() as pw:
        # The person's answers are the profile's stored site settings (ENGINES.md: content
        # settings in Default/Preferences; 1 allow, 2 block). The microphone is blocked in
        # both cases: a microphone prompt left open in headless Chromium swallows every
        # later click, and a person would not allow it to an identity check.
        #
        # Screen sharing is refused too, by the profile: hardware.screen_capture_enabled
        # false (the pref behind the ScreenCaptureAllowed policy). camera.scope calls
        # getDisplayMedia without a gesture; Chromium then opens its screen-share picker,
        # which nobody closes in headless Chromium: the page gives up after 3 s, but the
        # picker stays and swallows every later click, so the file steps' taps never reach
        # the page. The host cannot close it (measured on Chromium 156: Escape pressed
        # through Playwright, --deny-permission-prompts, --auto-reject-this-tab-capture,
        # default_content_setting_values.display_capture 2 and
        # --auto-select-desktop-capture-source with no matching source all leave it open).
        # With the pref the request is refused at once, before any picker, with
        # NotAllowedError, the error the Screen Capture spec gives a page whose user says
        # no: a person who refuses to share the screen. (--use-fake-ui-for-media-stream
        # would grant the camera too; --enable-features=GetDisplayMediaRequiresUserActivation
        # refuses with InvalidStateError, Safari's and Firefox's gesture rule rather than
        # a refusal.)
        profile = tempfile.mkdtemp(prefix="chromium-profile-")
        os.makedirs(os.path.join(profile, "Default"))
        with open(os.path.join(profile, "Default", "Preferences"), "w") as f:
            json.dump({"profile": {"default_content_setting_values": {
                "media_stream_camera": 1 if a.camera == "granted" else 2, "media_stream_mic": 2,
                "geolocation": 1 if a.geolocation == "granted" else 2}},
                "hardware": {"screen_capture_enabled": False}}, f)
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=a.chromium, viewport={"width": 390, "height": 844},
            args=["--no-sandbox", "--use-fake-device-for-media-stream",
                  "--ignore-certificate-errors-spki-list=" + ",".join(pins)] + os.environ.get("CHROMIUM_EXTRA_FLAGS", "").split())
        page = context.new_page()
        if a.geolocation == "granted":
            # The person allowed the location (the stored "geolocation" setting above) and the
            # device has a fix: DevTools' Emulation.setGeolocationOverride
            # (https://chromedevtools.github.io/devtools-protocol/tot/Emulation/#method-setGeolocationOverride)
            # on the page's own session. Not Playwright's set_geolocation: with it, once the
            # second origin's frames (cookie.thirdParty, camera.foreignOrigin) had come and gone,
            # the page got TIMEOUT, or UNAVAILABLE when it was set again (measured on Chromium
            # 156); the page's own session keeps the fix through them. Headless
            # Chromium has no fix of its own: allowed without the override, getCurrentPosition
            # ends with its own TIMEOUT (code 3) after positionMs; with no stored answer it is
            # denied at once (code 1, in 1-2 ms).
            context.new_cdp_session(page).send("Emulation.setGeolocationOverride", FIX)

        def on_chooser(fc):
            answer = chooser.answer(farm.last_id)
            log("chooser", n=chooser.count, answer=answer)
            fc.set_files([a.file] if answer == "pick" else [])

        page.on("filechooser", on_chooser)
        log("start", engine="Chromium", version=context.browser.version if context.browser else "?", camera=a.camera,
            geolocation=a.geolocation)
        page.goto(a.url)
        deadline = time.monotonic() + a.timeout
        code, why = 2, f"no end of the page after {a.timeout} s"
        while time.monotonic() < deadline:
            # Locators run in Playwright's utility world: page.evaluate would run in the page's
            # world as a user gesture and hand the autoplay probe an activation.
            finished = page.locator("html").get_attribute("data-finished")
            for tap_id in farm.buttons:
                button = page.locator("button#" + tap_id)
                try:
                    if button.count() and button.is_visible() and farm.next_tap([{"id": tap_id}]):
                        farm.clicked(tap_id)
                        log("tap", id=tap_id, n=farm.clicks[tap_id])
                        # A real, trusted mouse click at the button (scrolled into view).
                        button.click(timeout=2000)
                        break
                except Exception as e:  # noqa: BLE001 (the panel changed under the click)
                    log("tap-error", id=tap_id, error=str(e).splitlines()[0])
            if finished:
                log("finished", verdict=finished)
                page.wait_for_timeout(400)
                if a.screenshot:
                    page.screenshot(path=a.screenshot)
                    log("screenshot", path=a.screenshot)
                code, why = 0, "finished"
                break
            page.wait_for_timeout(250)
        log("exit", code=code, why=why)
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
    sys.exit(code)


if __name__ == "__main__":
    main()

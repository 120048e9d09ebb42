"""The page in QtWebEngine, a Blink WebView whose permission callback sees the origin, hosted
the way an Android app hosts WebView. `?platform=android-webview` makes the server judge it so."""
import os
import pathlib
import subprocess
import sys

import pytest

HOST = pathlib.Path(__file__).resolve().parent / "hosts" / "qtwebengine_host.py"


def qtwebengine_available():
    probe = "import PyQt6.QtWebEngineWidgets"
    return subprocess.run([sys.executable, "-c", probe], capture_output=True).returncode == 0


pytestmark = pytest.mark.skipif(not qtwebengine_available(), reason="PyQt6-WebEngine is not installed")


def run_host(server, policy):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QTWEBENGINE_DISABLE_SANDBOX="1",
               QTWEBENGINE_CHROMIUM_FLAGS="--use-fake-device-for-media-stream")
    out = subprocess.run([sys.executable, str(HOST), server.base + "/?mode=unattended&platform=android-webview", policy],
                         capture_output=True, text=True, timeout=240, env=env).stdout
    line = next((l for l in out.splitlines() if l.startswith("FINISHED")), None)
    assert line, "the page did not finish in QtWebEngine:\n" + out[-2000:]
    run = line.split()[1].split("|")[1]
    return run, server.stored_results(run), {f["probe"]: f for f in server.get("/api/runs/" + run + "/diff")["findings"]}


def test_a_strict_android_host_passes_the_camera_and_security_probes(server):
    run, stored, findings = run_host(server, "strict")
    frames = stored["camera.frames"]["observed"]
    assert (frames["width"], frames["height"]) == (640, 480) and frames["frames"] > 5
    # Qt's deny() reaches the page as AbortError, within milliseconds (ENGINES.md).
    foreign = stored["camera.foreignOrigin"]["observed"]
    assert foreign["otherPortOutcome"] == "error" and foreign["otherHostOutcome"] == "error"
    assert stored["camera.scope"]["observed"]["audioOutcome"] == "error"
    assert stored["camera.scope"]["observed"]["audioTracks"] == 0
    for probe in ("camera.getUserMedia", "camera.frames", "camera.foreignOrigin", "media.autoplay", "cookie.thirdParty"):
        assert findings[probe]["verdict"] == "pass", (probe, findings[probe]["observed"])


def test_an_android_host_that_grants_everything_is_critical(server):
    run, stored, findings = run_host(server, "grant-all")
    assert stored["camera.scope"]["observed"]["audioOutcome"] == "granted"
    assert findings["camera.scope"]["verdict"] == "fail" and findings["camera.scope"]["severity"] == "critical"
    assert findings["camera.foreignOrigin"]["verdict"] == "fail" and findings["camera.foreignOrigin"]["severity"] == "critical"
    # The WebView default: media waits for a gesture, and the remedy names the setting.
    assert findings["media.autoplay"]["verdict"] == "fail"
    kotlin = [f["code"] for f in findings["media.autoplay"]["remedy"]["fixes"] if f["wrapper"] == "native-android"]
    assert kotlin and "mediaPlaybackRequiresUserGesture" in kotlin[0]

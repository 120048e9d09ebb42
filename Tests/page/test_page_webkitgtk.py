"""The page in WebKitGTK, a WebKit WebView hosted the way an iOS app hosts WKWebView.

`?platform=ios-wkwebview` makes the server judge the run as a WKWebView app: the host below
grants the camera to every origin and leaves WebKit's autoplay policy at its default, and
the diff must say so."""
import os
import pathlib
import shutil
import signal
import subprocess

import pytest

HOST = pathlib.Path(__file__).resolve().parent / "hosts" / "webkitgtk_host.py"


def end_group(proc):
    """Ends every process of proc's group (TERM, then KILL) and reaps proc."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(5)
            os.killpg(proc.pid, 0)  # anything left in the group?
        except (subprocess.TimeoutExpired, ProcessLookupError):
            pass
    proc.poll()


def webkitgtk_available():
    if not shutil.which("xvfb-run") or not os.path.exists("/usr/bin/python3"):
        return False
    probe = "import gi; gi.require_version('WebKit2', '4.1'); from gi.repository import WebKit2"
    return subprocess.run(["/usr/bin/python3", "-c", probe], capture_output=True).returncode == 0


pytestmark = pytest.mark.skipif(not webkitgtk_available(), reason="WebKitGTK (gir1.2-webkit2-4.1, xvfb) is not installed")


def run_host(server, camera):
    # Its own process group: xvfb-run is a shell script, and ending it alone would leave its
    # Xvfb behind; the whole group goes, whatever happens.
    proc = subprocess.Popen(["xvfb-run", "-a", "/usr/bin/python3", str(HOST),
                             server.base + "/?mode=unattended&platform=ios-wkwebview", camera],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=240)
    finally:
        end_group(proc)
    line = next((l for l in out.splitlines() if l.startswith("FINISHED")), None)
    assert line, "the page did not finish in WebKitGTK:\n" + out[-2000:]
    return line.split()[1].split("|")[1], out


def test_webkit_host_that_grants_every_origin_is_caught(server):
    run, _ = run_host(server, "grant")
    stored = server.stored_results(run)
    assert all(r["status"] != "error" for r in stored.values()), {p: r["reason"] for p, r in stored.items() if r["status"] == "error"}
    frames = stored["camera.frames"]["observed"]
    assert (frames["width"], frames["height"]) == (640, 480) and frames["frames"] > 5 and not frames["frozen"], frames
    assert stored["fetch.integrity"]["observed"]["uploadHashMatch"] is True
    assert stored["camera.scope"]["observed"]["audioOutcome"] == "error"
    # The host allows every video request, so the second origin gets the camera too.
    assert stored["camera.foreignOrigin"]["observed"]["otherPortOutcome"] == "granted"
    findings = {f["probe"]: f for f in server.get("/api/runs/" + run + "/diff")["findings"]}
    assert findings["camera.foreignOrigin"]["verdict"] == "fail"
    assert findings["camera.foreignOrigin"]["severity"] == "critical"
    assert findings["camera.getUserMedia"]["verdict"] == "pass"


def test_webkit_host_that_denies_gives_a_fast_NotAllowedError_blamed_on_the_webview(server):
    run, _ = run_host(server, "deny")
    gum = server.stored_results(run)["camera.getUserMedia"]["observed"]
    assert gum["outcome"] == "error" and gum["errorName"] == "NotAllowedError"
    # A delegate deny is answered in ~50 ms (docs/engines.md); the catalog's line between the
    # WebView layer and a person (Diff.fastDenialMs) judges it, asserted through the layer below.
    print(f"delegate deny answered in {gum['elapsedMs']} ms")
    finding = next(f for f in server.get("/api/runs/" + run + "/diff")["findings"] if f["probe"] == "camera.getUserMedia")
    assert finding["verdict"] == "fail" and finding["layer"] == "webview"

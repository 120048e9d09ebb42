"""/setup, where the terminal's QR code leads, takes a person from trusting the CA to the probe
page inside the app: the app link to tap, the adb and xcrun simctl commands that send it, and
each wrapper's debug deep link as its companion file has it (companions/: one place, the file
the compile check compiles), with this server's origin in it. What it shows is escaped."""
import html
import http.client
import os
import re
import subprocess
import urllib.parse

from conftest import ROOT, Server, scan_url

PLACEHOLDER = "https://probe-server.invalid:8443"
WRAPPERS = {"ios": "ios/ProbeDeepLink.swift", "android": "android/ProbeDeepLink.kt",
            "react-native": "react-native/ProbeDeepLink.ts", "flutter_inappwebview": "flutter/probe_deep_link.dart",
            "webview_flutter": "webview_flutter/probe_deep_link.dart", "capacitor": "capacitor/ProbeDeepLink.ts",
            "cordova": "cordova/www/ProbeDeepLink.js", "maui": "maui/ProbeDeepLink.cs"}


def setup_page(server, query=""):
    target = urllib.parse.urlsplit(scan_url(server.banner))
    conn = http.client.HTTPConnection("127.0.0.1", target.port, timeout=10)
    conn.request("GET", target.path + query)
    response = conn.getresponse()
    assert response.status == 200
    return response.read().decode()


def probe_url(server):
    return re.search(r"open the probe page at:\n.*?(https://\S+)", server.banner).group(1)


def code(page, element_id):
    return html.unescape(re.search(rf'<code id="{element_id}">(.*?)</code>', page, re.S).group(1))


def test_TheTerminalQRCode_OpensSetup_WithTheCommandsThatOpenTheProbePageInTheApp(server):
    assert re.fullmatch(r"http://[^/]+:\d+/setup", scan_url(server.banner))
    page = setup_page(server)
    link = "myapp-debug://probe?url=" + urllib.parse.quote(probe_url(server), safe="")
    assert f'id="open-in-app" href="{html.escape(link)}"' in page
    # adb hands the line to the device's shell: the link is quoted there too.
    assert code(page, "adb-command") == f"adb shell \"am start -a android.intent.action.VIEW -d '{link}'\""
    assert code(page, "simctl-command") == f"xcrun simctl openurl booted '{link}'"


def test_EachWrappersDeepLink_IsItsCompanionFile_WithThisServersOrigin(server):
    page = setup_page(server)
    origin = re.match(r"https://[^/]+", probe_url(server)).group(0)
    for wrapper, file in WRAPPERS.items():
        shown = re.search(rf'<details id="deep-link-{re.escape(wrapper)}".*?<pre><code>(.*?)</code></pre>', page, re.S)
        assert shown, wrapper
        with open(os.path.join(ROOT, "companions", file)) as f:
            source = f.read()
        assert PLACEHOLDER in source, f"{file} carries the placeholder origin that /setup fills in"
        assert html.unescape(shown.group(1)) == source.replace(PLACEHOLDER, origin), wrapper


def test_TheWrapperAPersonPicks_OpensUnfolded_AndAnUnknownOneIsNeverEchoed(server):
    page = setup_page(server, "?wrapper=android")
    assert re.findall(r'<details id="deep-link-([^"]+)"[^>]* open>', page) == ["android"]
    page = setup_page(server, "?wrapper=%3Cscript%3E")
    assert "<script>" not in page and " open>" not in page


def test_AnAppLinkWithMarkupAndQuotes_IsShownEscaped_AndQuotedForTheShell():
    server = Server("--app-link", "x-app://open?u={url}&n=<b>it's</b>")
    try:
        page = setup_page(server)
        assert "<b>it's" not in page
        link = "x-app://open?u=" + urllib.parse.quote(probe_url(server), safe="") + "&n=<b>it's</b>"
        assert code(page, "simctl-command") == "xcrun simctl openurl booted '" + link.replace("'", "'\\''") + "'"
        # Through two shells, this machine's and the device's: each gets its own quoting.
        shells = subprocess.run(["sh", "-c", "printf '%s\\n' " + code(page, "adb-command")[len("adb shell "):]], capture_output=True, text=True)
        device = subprocess.run(["sh", "-c", "printf '%s\\n' " + shells.stdout.strip()[len("am start -a android.intent.action.VIEW -d "):]],
                                capture_output=True, text=True)
        assert device.stdout.strip() == link
    finally:
        server.stop()

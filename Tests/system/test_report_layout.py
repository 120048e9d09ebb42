"""The report page, the /runs matrix and its sign-in page as a person on a phone meets them,
in real Chromium against the real server: no horizontal document scroll at 320x640 and
390x844 (the matrix scrolls in its own box, with Run and, where there is room, Device and
Verdict staying put), the fix as code with a working Copy button, and the printed PDF with the
certification summary, the run id and "Page N of M" in the margins of every page (checked
with pdftotext from poppler-utils)."""
import json
import os
import re
import shutil
import ssl
import subprocess
import urllib.request

import pytest
from playwright.sync_api import sync_playwright

from conftest import Server

ANDROID_UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Version/4.0 Chrome/130.0.6723.86 Mobile Safari/537.36")
PHONES = [(320, 640), (390, 844)]
CHROMIUM = "/usr/bin/chromium"
# A token with no break opportunity: what a long error message or file name can be.
LONG_TOKEN = "NotAllowedError:" + "x" * 180
# A denied camera's report on paper: the verdict, the findings with this app's fix, the
# checklist and every probe; what is folded on screen is not printed.
MAX_PDF_PAGES = 8


def call(server, method, path, body=None, headers=None):
    ctx = ssl.create_default_context(cafile=server.ca)
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.url(path), data=data, method=method,
                                 headers={"Content-Type": "application/json", "User-Agent": ANDROID_UA, **(headers or {})})
    try:
        with urllib.request.urlopen(req, context=ctx, timeout=30) as r:
            text = r.read().decode()
            return json.loads(text) if text else None
    except urllib.error.HTTPError as e:
        raise AssertionError(f"{method} {path}: {e.code} {e.read().decode()}") from None


def result(run, probe, observed, status="info", reason=None):
    r = {"run": run, "probe": probe, "attempt": 1, "status": status, "observed": observed,
         "elapsedMs": 8, "at": "2026-11-30T03:00:00Z"}
    if reason:
        r["reason"] = reason
    return r


@pytest.fixture(scope="module")
def judged():
    """A server with one completed Android WebView run whose camera was denied fast (a
    finding with a Kotlin fix) and whose storage failed with a message that has no break."""
    server = Server()
    try:
        run = call(server, "POST", "/api/runs", {"metadata": {"appName": "Field Notes", "appVersion": "2.4.1",
                                                              "tester": "Dana", "mode": "attended", "probes": None}})
        key = run["writeKey"]
        results = [
            result(run["id"], "env.platform", {"userAgent": ANDROID_UA}),
            result(run["id"], "camera.getUserMedia", {"outcome": "error", "errorName": "NotAllowedError",
                                                      "errorMessage": LONG_TOKEN, "elapsedMs": 8, "promptShown": False},
                   status="fail"),
            result(run["id"], "storage.local", {"available": False}, status="fail", reason=LONG_TOKEN[:120]),
        ]
        call(server, "POST", f"/api/runs/{run['id']}/results?key={key}", {"results": results})
        call(server, "POST", f"/api/runs/{run['id']}/complete?key={key}", {})
        token = open(os.path.join(server.data_dir, "token")).read().strip()
        yield server, run["id"], token
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


def phone(browser, width, height):
    context = browser.new_context(ignore_https_errors=True, viewport={"width": width, "height": height},
                                  device_scale_factor=1, is_mobile=True, has_touch=True)
    return context, context.new_page()


def document_overflow(page):
    """How many CSS pixels the document is wider than the viewport, and the widest culprit."""
    return page.evaluate("""() => {
        const over = document.documentElement.scrollWidth - window.innerWidth;
        let culprit = null;
        if (over > 0) {
            for (const el of document.querySelectorAll('body *')) {
                const r = el.getBoundingClientRect();
                if (r.right > window.innerWidth + 1 && (!culprit || r.right > culprit.right))
                    culprit = {tag: el.tagName, cls: el.className, right: r.right};
            }
        }
        return {over, culprit};
    }""")


@pytest.mark.parametrize("width,height", PHONES)
def test_ReportPage_FitsAPhone_WithNoSidewaysDocumentScroll(judged, browser, width, height):
    server, run, _ = judged
    context, page = phone(browser, width, height)
    try:
        page.goto(server.url(f"/runs/{run}"))
        page.wait_for_selector("#summary")
        fit = document_overflow(page)
        assert fit["over"] <= 0, f"the report is {fit['over']} px wider than {width} px: {fit['culprit']}"
        # The long token is on the page, wrapped; a code block scrolls inside itself if at all.
        assert LONG_TOKEN[:40] in page.inner_text("body")
        for box in page.query_selector_all("pre"):
            assert box.evaluate("el => el.getBoundingClientRect().right") <= width
        # Stacked rows: every cell of the checklist carries its column's name.
        assert page.eval_on_selector("#checklist table.grid td", "td => getComputedStyle(td).display") == "block"
    finally:
        context.close()


def test_ReportPage_ShowsTheFixAsCodeWithACopyButtonThatCopiesIt(judged, browser):
    server, run, _ = judged
    context = browser.new_context(ignore_https_errors=True, viewport={"width": 390, "height": 844})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url("").rstrip("/"))
    page = context.new_page()
    try:
        page.goto(server.url(f"/runs/{run}"))
        fix = page.locator("#finding-camera\\.getUserMedia .fix.this-app")
        code = fix.locator("pre code").inner_text()
        assert "onPermissionRequest" in code or "PermissionRequest" in code, code
        assert fix.locator("a", has_text="Documentation").get_attribute("href").startswith("https://developer.android.com/")
        button = fix.locator("button.copy")
        assert button.is_visible(), "the script shows the Copy button"
        button.click()
        page.wait_for_function("() => document.querySelector('#finding-camera\\\\.getUserMedia button.copy').textContent !== 'Copy'")
        assert page.evaluate("() => navigator.clipboard.readText()") == code
    finally:
        context.close()


@pytest.mark.parametrize("width,height", PHONES + [(1280, 800)])
def test_RunMatrix_FitsAndKeepsItsFirstColumnsInViewWhileItScrolls(judged, browser, width, height):
    server, run, token = judged
    context, page = phone(browser, width, height)
    try:
        page.goto(server.url(f"/runs?token={token}"))
        page.wait_for_selector("table.matrix")
        fit = document_overflow(page)
        assert fit["over"] <= 0, f"/runs is {fit['over']} px wider than {width} px: {fit['culprit']}"
        row = page.locator("table.matrix tbody tr").first
        # One line per run: no row taller than two lines of its text.
        height_px = row.evaluate("tr => tr.getBoundingClientRect().height")
        line = row.evaluate("tr => parseFloat(getComputedStyle(tr.querySelector('td')).lineHeight) || 20")
        assert height_px <= 2 * line + 12, (height_px, line)
        reason = row.locator("td.verdict").inner_text()
        # Beside the verdict, the finding that leads (one of the two failures), in words.
        assert reason.startswith("Not ready") and ("Camera" in reason or "localStorage" in reason), reason
        sticky = ["th.run"] + (["td.device", "td.verdict"] if width >= 768 else [])
        before = {sel: row.locator(sel).evaluate("el => el.getBoundingClientRect().left") for sel in sticky}
        probe_before = row.locator("td.cell").nth(5).evaluate("el => el.getBoundingClientRect().left")
        scrolled = page.eval_on_selector(".matrix-scroll", "box => { box.scrollLeft = 600; return box.scrollLeft; }")
        assert scrolled > 0, "the matrix box scrolls sideways"
        after = {sel: row.locator(sel).evaluate("el => el.getBoundingClientRect().left") for sel in sticky}
        assert after == before, (before, after)
        assert row.locator("td.cell").nth(5).evaluate("el => el.getBoundingClientRect().left") < probe_before
        assert page.evaluate("() => window.scrollX") == 0
    finally:
        context.close()


@pytest.mark.parametrize("width,height", PHONES)
def test_RunsWithoutToken_InABrowser_IsASignInPageThatSignsIn(judged, browser, width, height):
    server, run, token = judged
    context, page = phone(browser, width, height)
    try:
        response = page.goto(server.url("/runs"))
        assert response.status == 401
        assert "text/html" in response.headers["content-type"]
        assert document_overflow(page)["over"] <= 0
        page.fill("input[name=token]", token)
        page.click("button[type=submit]")
        page.wait_for_selector("table.matrix")
        assert page.url.endswith("/runs"), "the token does not stay in the address"
        assert page.locator(f"a[href='/runs/{run}']").count() == 1
    finally:
        context.close()


def test_RunsWithoutToken_ForAnAPIClient_IsStillJSON(judged):
    server, _, _ = judged
    ctx = ssl.create_default_context(cafile=server.ca)
    try:
        urllib.request.urlopen(urllib.request.Request(server.url("/runs"), headers={"Accept": "application/json"}),
                               context=ctx, timeout=10)
        raise AssertionError("answered without the token")
    except urllib.error.HTTPError as e:
        assert e.code == 401
        assert json.loads(e.read())["error"]["code"] == "unauthorized"


def test_PrintedReport_HasTheSummaryTheRunIdAndPageNumbersOnEveryPage(judged, tmp_path):
    server, run, _ = judged
    assert shutil.which("pdftotext"), "pdftotext (poppler-utils) is installed by Tests/lib/needs.sh"
    pdf = tmp_path / "report.pdf"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--ignore-certificate-errors",
                    f"--user-data-dir={tmp_path / 'profile'}", "--no-pdf-header-footer", f"--print-to-pdf={pdf}",
                    server.url(f"/runs/{run}")], check=True, capture_output=True, timeout=120)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    pages = text.split("\f")
    pages = [p for p in pages if p.strip()]
    assert len(pages) >= 2, "a report of 40 probes is more than one page"
    for field in ["Certification summary", "Field Notes", "2.4.1", "Dana", "Pixel 7", "Android", "Not ready", "probes run"]:
        assert field in pages[0], f"{field!r} is not on the first page"
    for number, page in enumerate(pages, start=1):
        assert f"Run {run}" in page, f"page {number} has no run id"
        assert re.search(rf"Page {number} of {len(pages)}\b", page), f"page {number}: no 'Page {number} of {len(pages)}'"
    dots = text.find("· · ·")
    assert dots < 0, f"an empty value printed as dots: {text[max(0, dots - 300):dots + 100]!r}"
    # No null metadata in the summary (a diagnosis may well say "localStorage is null").
    assert "null" not in pages[0].split("Findings")[0]
    # The detected wrapper's fix prints; what is folded on screen stays folded on paper: the
    # other wrappers' fixes and the other platforms' checklist rows are only named.
    assert "Fix in Android WebView (Kotlin)" in text
    assert "items for other platforms" in text and "The fix in the other wrappers" in text
    for folded in ["Fix in react-native-webview", "Fix in Capacitor", "Fix in Cordova", "NSCameraUsageDescription is declared"]:
        assert folded not in text, f"{folded!r} is folded on screen, so not printed"
    assert "developer.android.com" in text, "an outside link prints its address"


def pdf_pages(pdf):
    """The page count pdfinfo reads from the PDF itself."""
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def split_words(pdf_text, html_words):
    """Words of prose the PDF broke across two lines: a line ending in letters and the next
    starting with lowercase letters, that together are one word of the report and apart are
    not both words of it. Tokens with no break opportunity (ids, the long error) are not prose:
    a line's last or next line's first chunk that has anything but letters is left alone."""
    found = []
    lines = [l.strip() for l in pdf_text.replace("\f", "\n").split("\n")]
    for line, following in zip(lines, lines[1:]):
        if not line or not following:
            continue
        tail, head = line.split()[-1], following.split()[0]
        if not (tail.isalpha() and re.fullmatch(r"[a-z]+[,.;:)]?", head)):
            continue
        head = head.rstrip(",.;:)")
        joined = tail + head
        if joined in html_words and not (tail in html_words and head in html_words):
            found.append(f"{tail}|{head}")
    return found


def test_PrintedReport_OfADeniedCamera_IsAtMostEightPages_WithNoWordBrokenInside(judged, tmp_path):
    server, run, _ = judged
    pdf = tmp_path / "report.pdf"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--ignore-certificate-errors",
                    f"--user-data-dir={tmp_path / 'profile'}", "--no-pdf-header-footer", f"--print-to-pdf={pdf}",
                    server.url(f"/runs/{run}")], check=True, capture_output=True, timeout=120)
    pages = pdf_pages(pdf)
    assert pages <= MAX_PDF_PAGES, f"the denied-camera report prints on {pages} pages"
    # Reading order (no -layout), so a table's cells are not interleaved on one line.
    text = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    ctx = ssl.create_default_context(cafile=server.ca)
    with urllib.request.urlopen(urllib.request.Request(server.url(f"/runs/{run}")), context=ctx, timeout=30) as r:
        html = r.read().decode()
    prose = re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S))
    html_words = set(re.findall(r"[A-Za-z]+", prose))
    broken = split_words(text, html_words)
    assert not broken, f"words broken inside across lines: {broken}"

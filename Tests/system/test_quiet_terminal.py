"""What a person watching `probe-server serve` sees at the default log level: the banner, then
one line per judged run (and a line per device that refused the certificate), nothing per
request. A whole run in headless Chromium makes ~200 requests; before, each was an access line
that wrapped to two rows at 80 columns and buried the verdict line. `--log-level info` or
`--access-log FILE` bring the request lines back."""
import os
import re
import time

from playwright.sync_api import sync_playwright

from conftest import Server

CHROMIUM = "/usr/bin/chromium"


def finish_a_run(server):
    """Runs the page unattended in headless Chromium until it marks itself finished."""
    with sync_playwright() as p:
        # --ignore-certificate-errors accepts the certificate in the handshake, as a device
        # that trusts the local CA does; a context's ignore_https_errors lets Chromium refuse
        # it first, which the server reports as a refusal (a line of its own, by design).
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--no-sandbox", "--use-fake-device-for-media-stream",
                                          "--use-fake-ui-for-media-stream", "--ignore-certificate-errors"])
        try:
            page = browser.new_context(permissions=["camera"]).new_page()
            # "commit": the run navigates by itself (storage.navigation), maybe before load.
            page.goto(server.url("/?mode=unattended&tapWait=0.2&answerWait=0.5"), wait_until="commit")
            page.wait_for_selector("[data-finished]", state="attached", timeout=180000)
        finally:
            browser.close()


def run_log(server):
    """What `serve` wrote for the run: on stdout, the lines from the run's own line on (the
    banner is all that comes before it there), and all of stderr (the banner is on stdout)."""
    out = server.banner
    m = re.search(r"^run [0-9a-f]{32}", out, re.M)
    rest = [line for line in out[m.start():].split("\n") if line.strip()] if m else []
    with open(server.err_path, encoding="utf-8") as f:
        rest += [line for line in f.read().split("\n") if line.strip()]
    return rest


def wait_for_verdict_line(server, deadline=60):
    end = time.time() + deadline
    while time.time() < end:
        if re.search(r"^run [0-9a-f]{32}.*\b(READY|NOT READY|INCOMPLETE)\b", server.banner, re.M):
            return
        time.sleep(0.1)
    raise AssertionError("no verdict line within 60 s:\n" + server.banner[-2000:])


def test_AWholeRunAtTheDefaultLevel_PrintsItsVerdictLineAndNoRequestLines():
    server = Server(log_level=None)
    try:
        finish_a_run(server)
        wait_for_verdict_line(server)
        lines = run_log(server)
        assert not [line for line in lines if " access " in line], "\n".join(lines[:10])
        assert 1 <= len(lines) <= 3, "\n".join(lines)
        assert all(len(line) <= 80 for line in lines), "\n".join(lines)
        assert "→" in lines[-1] or "/runs/" in lines[-1], "the run's line ends with its report's URL"
    finally:
        assert server.stop() == 0


def test_AccessLogFile_KeepsOneLinePerRequest_WhileTheTerminalStaysQuiet(tmp_path):
    log = tmp_path / "access.log"
    server = Server("--access-log", str(log), log_level=None)
    try:
        finish_a_run(server)
        wait_for_verdict_line(server)
        assert not [line for line in run_log(server) if " access " in line]
    finally:
        assert server.stop() == 0
    requests = [line for line in log.read_text().split("\n") if " access " in line]
    assert any("POST /api/runs " in line for line in requests), requests[:5]
    assert len(requests) >= 20
    assert oct(os.stat(log).st_mode & 0o777) == "0o600"


def test_InfoLevel_BringsTheRequestLinesBackOnStderr():
    server = Server(log_level="info")
    try:
        finish_a_run(server)
        wait_for_verdict_line(server)
    finally:
        server.stop()
    with open(server.err_path, encoding="utf-8") as f:
        assert " access " in f.read()

"""`probe-server health` against a stand-in server that records what it was sent and answers
with a hostile body: the check runs in a container's HEALTHCHECK, whose environment holds
PROBE_TOKEN, and prints what the server said on failure."""
import http.server
import os
import subprocess
import threading

from conftest import BINARY, ROOT

TOKEN = "health-token-never-sent-0123456789abcdef"
# A body that clears the screen, retitles the window and prints a line of its own.
HOSTILE = "down\x1b[2J\x1b]0;owned\x07\nverdict: READY\u202e"


class Recorder(http.server.BaseHTTPRequestHandler):
    seen = []

    def do_GET(self):
        Recorder.seen.append((self.path, dict(self.headers)))
        body = HOSTILE.encode()
        self.send_response(503)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def ask(*extra):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    Recorder.seen = []
    try:
        env = dict(os.environ, PROBE_TOKEN=TOKEN)
        proc = subprocess.run([BINARY, "health", "--server", f"http://127.0.0.1:{server.server_address[1]}", *extra],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    finally:
        server.shutdown()
        server.server_close()
    return proc, list(Recorder.seen)


def test_health_never_sends_the_token_to_routes_that_need_none():
    for extra in ([], ["--ready"], ["--token", TOKEN]):
        proc, seen = ask(*extra)
        assert seen, (extra, proc.stderr)
        for path, headers in seen:
            assert path in ("/healthz", "/readyz"), path
            assert not [k for k, v in headers.items() if TOKEN in v or k.lower() == "authorization"], (extra, headers)


def test_health_prints_the_servers_error_body_escaped_for_the_terminal():
    proc, _ = ask()
    assert proc.returncode == 1, (proc.returncode, proc.stderr)
    err = proc.stderr
    assert "\x1b" not in err and "\x07" not in err and "\u202e" not in err, repr(err)
    assert "\\u{1B}[2J" in err and "\\u{202E}" in err, repr(err)
    # The body's newline is shown, not obeyed: the whole message is one line.
    assert "down" in err and "\\nverdict: READY" in err and len(err.strip().splitlines()) == 1, repr(err)

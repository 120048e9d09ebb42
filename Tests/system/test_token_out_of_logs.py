"""The access token a first start generates reaches a person at a terminal, never a log.
`docker logs`, a CI job's dump of its service containers and journald are read by whoever
reads logs; OWASP's Logging Cheat Sheet lists access tokens among what is never logged
(https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html#data-to-exclude).
Into a log, the banner says where the token is and the command that reads it."""
import os
import pty
import select
import subprocess
import tempfile
import time

from conftest import BINARY, ROOT, Server, free_port


def test_AFirstStartIntoALog_SaysWhereTheTokenIsAndHowToReadIt_NeverTheToken():
    server = Server()
    try:
        token_file = os.path.join(server.data_dir, "token")
        with open(token_file) as f:
            token = f.read().strip()
        with open(server.err_path) as f:
            printed = server.banner + f.read()
        assert token and token not in printed, printed
        assert f"cat {token_file}" in server.banner, server.banner
    finally:
        server.stop()


def test_AFirstStartAtATerminal_ShowsThePersonTheTokenOnce():
    data_dir = tempfile.mkdtemp(prefix="probe-system-")
    args = [BINARY, "serve", "--port", str(free_port()), "--second-port", str(free_port()),
            "--setup-port", str(free_port()), "--data-dir", data_dir, "--log-level", "warn", "--qr", "off"]
    main, child = pty.openpty()
    proc = subprocess.Popen(args, cwd=ROOT, stdin=child, stdout=child, stderr=child)
    os.close(child)
    seen = b""
    try:
        deadline = time.time() + 20
        while time.time() < deadline and b"runs and reports" not in seen:
            if select.select([main], [], [], 0.2)[0]:
                seen += os.read(main, 65536)
        time.sleep(0.3)  # the lines after "runs and reports", printed in the same write
        while select.select([main], [], [], 0.2)[0]:
            seen += os.read(main, 65536)
        with open(os.path.join(data_dir, "token")) as f:
            token = f.read().strip()
        assert token.encode() in seen, seen.decode(errors="replace")
    finally:
        proc.terminate()
        proc.wait(10)
        os.close(main)

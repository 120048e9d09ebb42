"""A first start of `serve` in an 80×24 terminal: the banner fits one screen, so the QR code a
phone scans is whole on it and nothing scrolls off; the code opens /setup (plain HTTP, which a
phone opens before it trusts the local CA, and which then leads into the app), not the probe
page in the phone's browser. Every later start says where the token is kept, without the token.
The real binary under a pseudo-terminal of 80 columns and 24 rows; the code is decoded by
zbarimg from a picture of the terminal's text, as a phone's camera would see the screen."""
import errno
import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import tempfile
import termios
import time

from conftest import BINARY, ROOT, ca_dir_beside, free_port

COLUMNS, ROWS = 80, 24
# ECMA-48 SGR sequences: the QR code's black-on-white colours and their reset.
SGR = re.compile(r"\x1b\[[0-9;]*m")
WHITE_GROUND = "\x1b[38;5;16;48;5;231m"


def start_at_a_terminal(data_dir):
    """`serve` at a colour terminal of 80×24; returns what it printed up to its token line."""
    args = [BINARY, "serve", "--port", str(free_port()), "--second-port", str(free_port()),
            "--setup-port", str(free_port()), "--data-dir", data_dir, "--log-level", "warn"]
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["TERM"] = "xterm-256color"
    env["PROBE_CA_DIR"] = ca_dir_beside(data_dir)
    proc = subprocess.Popen(args, cwd=ROOT, stdin=child, stdout=child, stderr=child, env=env)
    os.close(child)
    seen = b""

    def more():
        # Once the server has exited and closed its side, Linux answers a read of the pty's
        # main side with EIO: the end of what it printed, not an error of the test.
        try:
            return os.read(main, 65536)
        except OSError as e:
            if e.errno == errno.EIO:
                return b""
            raise
    try:
        # The banner is one write that ends with the token's line.
        deadline = time.time() + 30
        while time.time() < deadline and not re.search(rb"access token[^\n]*\n(  [0-9a-f]{64}\r?\n)?", seen):
            if select.select([main], [], [], 0.2)[0]:
                chunk = more()
                if not chunk:
                    break
                seen += chunk
        while select.select([main], [], [], 0.3)[0]:
            chunk = more()
            if not chunk:
                break
            seen += chunk
    finally:
        proc.terminate()
        proc.wait(10)
        os.close(main)
    return seen.decode("utf-8", errors="replace").replace("\r\n", "\n")


def screen_lines(text):
    """The banner's lines as the terminal shows them: colours removed, the trailing newline's empty line not counted."""
    return [SGR.sub("", line) for line in text.split("\n")][:-1] if text.endswith("\n") else [SGR.sub("", line) for line in text.split("\n")]


def decode_terminal_qr(text, folder):
    """The code as the screen shows it: each cell two modules tall (▀ upper, ▄ lower, █ both),
    black blocks on the white ground the SGR sets; drawn as a bitmap with a white margin."""
    rows = [m.group(1) for m in re.finditer(re.escape(WHITE_GROUND) + r"(.*?)\x1b\[0m", text)]
    assert rows, text
    width = max(len(r) for r in rows)
    modules = []
    for row in rows:
        row = row.ljust(width)
        modules.append([1 if c in "█▀" else 0 for c in row])
        modules.append([1 if c in "█▄" else 0 for c in row])
    margin, scale = 4, 6
    side = width + 2 * margin
    modules = [[0] * side] * margin + [[0] * margin + r + [0] * margin for r in modules] + [[0] * side] * margin
    pbm = os.path.join(folder, "terminal.pbm")
    with open(pbm, "w") as f:
        f.write(f"P1\n{side * scale} {len(modules) * scale}\n")
        for r in modules:
            line = " ".join(str(b) for b in r for _ in range(scale))
            for _ in range(scale):
                f.write(line + "\n")
    out = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", pbm], capture_output=True, text=True)
    return out.stdout.strip()


def test_AFirstStart_FitsAnEightyByTwentyFourTerminal_WithTheQRCodeWholeOnIt(tmp_path):
    data_dir = tempfile.mkdtemp(prefix="probe-system-")
    text = start_at_a_terminal(data_dir)
    lines = screen_lines(text)
    # 23: the cursor waits on the row after the last line, and a 24th line would push the first off.
    assert len(lines) <= ROWS - 1, f"{len(lines)} lines:\n" + "\n".join(lines)
    assert all(len(line) <= COLUMNS for line in lines), "\n".join(l for l in lines if len(l) > COLUMNS)
    with open(os.path.join(data_dir, "token")) as f:
        assert f"  {f.read().strip()}" in lines, "a first start at a terminal shows the token once"
    scan = re.search(r"scan: (\S+)", text).group(1)
    assert re.fullmatch(r"http://[^/]+:\d+/setup", scan), scan
    assert decode_terminal_qr(text, str(tmp_path)) == scan


def test_ALaterStart_SaysWhereTheTokenIsKept_WithoutTheToken():
    data_dir = tempfile.mkdtemp(prefix="probe-system-")
    start_at_a_terminal(data_dir)
    with open(os.path.join(data_dir, "token")) as f:
        token = f.read().strip()
    again = start_at_a_terminal(data_dir)
    assert f"access token: kept in {data_dir}/token" in SGR.sub("", again), again
    assert token not in again
    lines = screen_lines(again)
    assert len(lines) <= ROWS - 1 and all(len(line) <= COLUMNS for line in lines), "\n".join(lines)

#!/usr/bin/env python3
"""How fast one address can guess run ids, access tokens and pull /probe/bytes, against a
real probe-server on loopback (docs/security-capabilities.md). One keep-alive connection per
measurement, as fast as the server answers, for SECONDS each.

Usage: bench/guess_rates.py [BINARY] [SECONDS]"""
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/probe-server"
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 10


def start():
    data = tempfile.mkdtemp(prefix="probe-guess-")
    proc = subprocess.Popen([BINARY, "serve", "--host", "127.0.0.1", "--port", "0", "--second-port", "off",
                             "--setup-port", "off", "--http", "--data-dir", data, "--log-level", "error",
                             "--public", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Public")],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    for line in proc.stdout:
        m = re.search(rb"listening on \S*:(\d+)", line)
        if m:
            subprocess.Popen(["cat"], stdin=proc.stdout, stdout=subprocess.DEVNULL)
            return proc, data, int(m.group(1))
    raise SystemExit("the server did not start")


def hammer(port, method, path, headers=None):
    """(answers per second that were not 429, 429s per second, bytes per second)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    ok = refused = size = 0
    i = 0
    end = time.monotonic() + SECONDS
    started = time.monotonic()
    while time.monotonic() < end:
        conn.request(method, path.replace("{i}", str(i)), headers={k: v.replace("{i}", str(i)) for k, v in (headers or {}).items()})
        r = conn.getresponse()
        body = r.read()
        if r.status == 429:
            refused += 1
        else:
            ok += 1
            size += len(body)
        i += 1
    elapsed = time.monotonic() - started
    conn.close()
    return ok / elapsed, refused / elapsed, size / elapsed


def main():
    figures = {}
    proc, data, port = start()
    try:
        figures["run id guesses answered/s (GET /api/runs/ci-N)"] = hammer(port, "GET", "/api/runs/ci-{i}")[0]
        figures["token guesses answered/s (GET /api/runs, wrong Bearer)"] = hammer(port, "GET", "/api/runs", {"Authorization": "Bearer guess-{i}"})[0]
        figures["/probe/bytes MiB/s (1 MiB requests)"] = hammer(port, "GET", "/probe/bytes?size=1048576&seed={i}")[2] / 2**20
    finally:
        proc.terminate()
        proc.wait(10)
        shutil.rmtree(data, ignore_errors=True)
    print(json.dumps({"binary": BINARY, "seconds": SECONDS, **{k: round(v, 1) for k, v in figures.items()}}, indent=1))


if __name__ == "__main__":
    main()

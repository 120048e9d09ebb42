"""Durability: results acknowledged under load survive kill -9, and a full disk answers 503
with a clear message, keeps nothing half-written, and recovers when space returns."""
import http.client
import json
import os
import random
import sqlite3
import subprocess
import tempfile
import threading
import time

import pytest

from support import LOOPBACK, Server, result

# Kills per run of the suite, as the issue asks.
KILLS = 20
# Concurrent posting clients: enough to keep the group commit batching, bounded for 2 cores.
CLIENTS = 12
# Quotas.maxResultsPerRun: a run takes no more, so the clients share this many.
RESULTS_PER_RUN = 2_000
# Each kill lands at a random moment in this window after the load starts (seconds).
KILL_WINDOW_S = (0.3, 1.5)
# Probes the results are spread over (attempts go up to the store's 1,000 per probe).
PROBES = ["storage.local", "storage.session", "env.script", "fetch.sameOrigin", "media.autoplay", "nav.windowOpen"]
# The tmpfs of the full-disk test: room for the schema and a few hundred results.
TMPFS_SIZE = "2m"
# Room left after filling it: a few results of ~4 KiB (each a few WAL frames) fit.
HEADROOM_BYTES = 64 * 1024


def read_results(data_dir, run_id):
    """Opens the SQLite file read-only, as an operator would after a crash."""
    db = sqlite3.connect(f"file:{data_dir}/probe.sqlite?mode=ro", uri=True)
    try:
        integrity = db.execute("PRAGMA integrity_check").fetchall()
        rows = db.execute("SELECT probe, attempt FROM results WHERE run_id = ?", (run_id,)).fetchall()
        return integrity, set(rows)
    finally:
        db.close()


class Load:
    """CLIENTS threads posting one new result each per request, recording what was acknowledged."""

    def __init__(self, port, run_id, path):
        self.port, self.run_id, self.path = port, run_id, path
        self.acknowledged = set()
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.errors = []
        self.threads = [threading.Thread(target=self.client, args=(i,), daemon=True) for i in range(CLIENTS)]

    def client(self, index):
        probe = PROBES[index % len(PROBES)]
        # Disjoint attempt ranges per client: every key is posted once, and all of them
        # together stay within the run's quota (Quotas.maxResultsPerRun, 2,000).
        first = 1 + (index // len(PROBES)) * 500
        attempt, last = first, first + RESULTS_PER_RUN // CLIENTS - 1
        conn = None
        while not self.stop.is_set() and attempt <= last:
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(LOOPBACK, self.port, timeout=10)
                body = json.dumps(result(self.run_id, probe=probe, attempt=attempt, observed={}))
                conn.request("POST", self.path, body=body,
                             headers={"Content-Type": "application/json"})
                resp = conn.getresponse()
                data = resp.read()
                reply = json.loads(data) if resp.status == 200 else {}
                # A retry after a lost acknowledgement (the client timed out while the server
                # committed) is answered "duplicate": stored, which is what was asked.
                if resp.status == 200 and (reply.get("accepted") == 1 or reply.get("duplicates") == 1):
                    with self.lock:
                        self.acknowledged.add((probe, attempt))
                elif resp.status != 503:
                    self.errors.append((resp.status, data[:200]))
                attempt += 1
            except (OSError, http.client.HTTPException):
                # The server died mid-request: this result was never acknowledged.
                conn = None
                if self.stop.is_set():
                    break
                time.sleep(0.01)

    def __enter__(self):
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for t in self.threads:
            t.join(timeout=15)


def test_AcknowledgedResults_SurviveKill9():
    data_dir = tempfile.mkdtemp(prefix="probe-kill9-")
    rng = random.Random(9)
    total = 0
    try:
        for cycle in range(KILLS):
            server = Server(data_dir=data_dir).start()
            try:
                run_id = server.create_run(label=f"kill-{cycle}")
                with Load(server.port, run_id, server.results_path(run_id)) as load:
                    time.sleep(rng.uniform(*KILL_WINDOW_S))
                    server.kill()  # SIGKILL, with clients in the middle of posting
                    acknowledged = set(load.acknowledged)
                assert not load.errors, load.errors[:5]
            finally:
                server.kill()
            integrity, stored = read_results(data_dir, run_id)
            assert integrity == [("ok",)], integrity
            lost = acknowledged - stored
            assert not lost, f"cycle {cycle}: {len(lost)} acknowledged results lost, e.g. {sorted(lost)[:5]}"
            # And the restarted server serves them.
            with Server(data_dir=data_dir) as again:
                status, _, data, view = again.request("GET", f"/api/runs/{run_id}")
                assert status == 200
                served = {(r["probe"], r["attempt"]) for r in view["results"]}
                assert acknowledged <= served
            total += len(acknowledged)
        print(f"kill -9 x{KILLS}: {total} acknowledged results, all present; integrity_check ok every time")
        assert total > KILLS * 10, "the load acknowledged almost nothing: the test proves nothing"
    finally:
        subprocess.run(["rm", "-rf", data_dir])


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")
def test_FullDisk_Answers503_KeepsNothingHalfWritten_AndRecovers():
    data_dir = tempfile.mkdtemp(prefix="probe-full-")
    # mode=0700: a tmpfs root is 1777 by default, and the server refuses a data folder
    # others can write (docs/security.md).
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={TMPFS_SIZE},mode=0700", "tmpfs", data_dir], check=True)
    try:
        with Server(data_dir=data_dir) as server:
            run_id = server.create_run()
            filler = os.path.join(data_dir, "filler")
            # Fill the disk to the last byte.
            fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
            try:
                while os.write(fd, b"\0" * 4096) > 0:
                    pass
            except OSError:
                pass
            finally:
                os.close(fd)
            # Leave a little room, so that some results are acknowledged before the refusal.
            os.truncate(filler, max(0, os.path.getsize(filler) - HEADROOM_BYTES))
            acknowledged, refusal = set(), None
            for attempt in range(1, 400):
                status, headers, data, body = server.request(
                    "POST", server.results_path(run_id),
                    result(run_id, attempt=attempt, observed={"available": True, "pad": "x" * 4000}))
                if status == 200:
                    acknowledged.add(("storage.local", attempt))
                    continue
                refusal = (attempt, status, headers, body)
                break
            assert refusal, "the full disk was never reported"
            attempt, status, headers, body = refusal
            assert status == 503, refusal
            assert body["error"]["code"] == "disk_full", body
            assert "disk is full" in body["error"]["message"], body
            assert headers.get("retry-after"), headers
            # Nothing half-written: the stored results are exactly the acknowledged ones.
            integrity, stored = read_results(data_dir, run_id)
            assert integrity == [("ok",)]
            assert stored == acknowledged
            # Space returns: the refused result goes in, and more after it.
            os.unlink(filler)
            for a in (attempt, attempt + 1):
                status, _, data, body = server.request("POST", server.results_path(run_id),
                                                       result(run_id, attempt=a))
                assert status == 200 and body["accepted"] == 1, (status, data)
            print(f"full disk: {len(acknowledged)} results stored, then 503 disk_full; recovered after freeing space")
    finally:
        subprocess.run(["umount", "-l", data_dir])
        subprocess.run(["rm", "-rf", data_dir])

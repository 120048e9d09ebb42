#!/usr/bin/env python3
"""bench/run's store rows: durable results/s and p99 of the ingest load (bench/ingest.lua)
on one instance over SQLite, one over PostgreSQL, and three over one PostgreSQL behind nginx
(the team instance, docs/architecture.md). Plain HTTP on loopback, so the rows compare the
stores, not TLS. A result counts once its 200 came back, which is after its COMMIT.

Writes bench/results/stores.{md,json}. Needs Debian's postgresql (initdb, pg_ctl) and nginx.
Environment: BENCH_BIN, BENCH_DURATION [10; 2 with BENCH_QUICK=1], BENCH_ROUNDS [1], BENCH_RESULTS.
A row with no acknowledged result fails the run.
"""
import glob
import json
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import BENCH, BIN, RESULTS, THREADS, wrk, wait_listening  # noqa: E402

QUICK = os.environ.get("BENCH_QUICK") == "1"
DURATION = float(os.environ.get("BENCH_DURATION", "2" if QUICK else "10"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "1"))
TOKEN = "bench-stores-token-0123456789abcdef"
# 96 runs × 2,000 results each (Quotas.maxResultsPerRun): more than a round posts.
RUNS = 96
CONNECTIONS = 50
BASE_PORT = 19800


def free_dir(prefix):
    return tempfile.mkdtemp(prefix=prefix)


class Postgres:
    """A throwaway cluster (fsync on, synchronous_commit on: the real durability)."""

    def __init__(self, port):
        self.bin = os.path.dirname(sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)[0])
        self.dir = free_dir("bench-pg-")
        self.port = port
        if os.getuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.dir, user.pw_uid, user.pw_gid)
        self.run("initdb", "-D", f"{self.dir}/data", "-A", "trust", "-U", "probe", "-E", "UTF8")
        self.run("pg_ctl", "-D", f"{self.dir}/data", "-l", f"{self.dir}/log", "-w", "-o",
                 f"-p {port} -k {self.dir} -c listen_addresses=127.0.0.1", "start")
        self.url = f"postgres://probe@127.0.0.1:{port}/postgres"

    def run(self, tool, *args):
        cmd = [f"{self.bin}/{tool}", *args]
        if os.getuid() == 0:
            cmd = ["runuser", "-u", "postgres", "--"] + cmd
        subprocess.run(cmd, check=True, cwd="/", stdout=subprocess.DEVNULL)

    def close(self):
        self.run("pg_ctl", "-D", f"{self.dir}/data", "-m", "fast", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


def start_instance(port, store):
    data = free_dir("bench-store-")
    proc = subprocess.Popen([BIN, "serve", "--http", "--host", "127.0.0.1", "--port", str(port), "--second-port", "off",
                             "--setup-port", "off", "--data-dir", data, "--log-level", "warn", "--token", TOKEN,
                             "--trust-proxy", "127.0.0.1/32", "--store", store,
                             "--public", os.path.join(os.path.dirname(BENCH), "Public")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_listening(port)
    return proc, data


def balancer_conf(work, upstreams, server):
    """nginx, run from `work`, balancing over the instances on `upstreams` with kept-alive
    connections; `server` is what its one server block holds (listen, location). Shared with
    bench/burst.py's TLS-terminating balancer."""
    servers = "".join(f"server 127.0.0.1:{p};" for p in upstreams)
    # A run's requests go to one instance (docs/team-instance.md, "The balancer"): its key
    # checked once and its open run kept in that instance's memory, not read from PostgreSQL
    # by each of them in turn. Other requests spread at random ($request_id).
    user = "user root;" if os.getuid() == 0 else ""
    return (f"{user} daemon off; worker_processes 2; pid {work}/nginx.pid; error_log {work}/error.log warn;"
            f"events {{ worker_connections 4096; }}"
            f"http {{ access_log off; client_body_temp_path {work}/b; proxy_temp_path {work}/p;"
            f"fastcgi_temp_path {work}/f; uwsgi_temp_path {work}/u; scgi_temp_path {work}/s;"
            f"map $uri $probe_run {{ ~^/(?:api/)?runs/(?<id>[^/]+) $id; default $request_id; }}"
            f"upstream probe {{ hash $probe_run consistent; {servers} keepalive 64; }}"
            f"server {{ {server} }} }}")


def start_balancer(port, upstreams):
    work = free_dir("bench-lb-")
    conf = balancer_conf(work, upstreams, f"listen 127.0.0.1:{port}; location / {{ proxy_pass http://probe; proxy_http_version 1.1;"
                         f"proxy_set_header Connection \"\"; proxy_set_header X-Forwarded-For $http_x_forwarded_for; }}")
    open(f"{work}/nginx.conf", "w").write(conf)
    proc = subprocess.Popen(["nginx", "-p", work, "-c", f"{work}/nginx.conf"])
    wait_listening(port)
    return proc, work


def create_runs(port, count, tag):
    runs = []
    for i in range(count):
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/runs", data=b"{}", method="POST",
                                     headers={"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}",
                                              "X-Forwarded-For": f"10.89.{tag % 250}.{i % 250 + 1}"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            created = json.loads(resp.read())
            runs.append((created["id"], created["writeKey"]))
    return runs


def ingest(port, name):
    samples = []
    for r in range(ROUNDS):
        runs = create_runs(port, RUNS, r)
        runs_file = os.path.join(tempfile.gettempdir(), f"bench-stores-{name}-{r}.txt")
        out_file = runs_file + ".json"
        open(runs_file, "w").write("".join(f"{run} {key}\n" for run, key in runs))
        sample = wrk(f"http://127.0.0.1:{port}/", CONNECTIONS, DURATION, script=os.path.join(BENCH, "ingest.lua"),
                     env={"BENCH_RUNS": runs_file, "BENCH_THREADS": str(THREADS), "BENCH_OUT": out_file})
        counts = json.load(open(out_file))
        sample.pop("output", None)
        sample.update(counts, durable_per_second=counts["accepted"] / DURATION)
        print(f"  {name}: {sample['durable_per_second']:.0f} durable results/s, p99 {sample['p99_ms']:.1f} ms, "
              f"{counts['other']} refused", flush=True)
        samples.append(sample)
    best = sorted(samples, key=lambda s: s["durable_per_second"])[len(samples) // 2]
    return best


# MARK: each store's physical limit on this machine

# One result as the ingest load posts it (bench/ingest.lua: ~850 bytes of observed JSON).
LIMIT_OBSERVED = json.dumps({"outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 38.4,
                             "errorMessage": "Permission denied by the embedding application " * 12,
                             "permissionStateBefore": "prompt", "permissionStateAfter": "denied"})
RESULTS_TABLE = ("CREATE TABLE results (run_id TEXT NOT NULL, probe TEXT NOT NULL, attempt INTEGER NOT NULL, "
                 "status TEXT NOT NULL, observed TEXT NOT NULL, elapsed_ms REAL, at BIGINT, received_at BIGINT NOT NULL, "
                 "PRIMARY KEY (run_id, probe, attempt))")


def sqlite_limit():
    """The same rows written straight into SQLite with the server's durability (WAL,
    synchronous=FULL: one fsync per commit) and its batch policy under this load: the
    writes of the 50 connections share a commit, so one transaction of CONNECTIONS rows
    after another, by a writer that does nothing else (Python's sqlite3, the C library)."""
    import sqlite3
    folder = free_dir("bench-sqlite-limit-")
    db = sqlite3.connect(os.path.join(folder, "limit.sqlite"), isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute(RESULTS_TABLE)
    written, started, n = 0, time.monotonic(), 0
    while time.monotonic() - started < DURATION:
        rows = [(f"run-{n}", "camera.getUserMedia", i, "fail", LIMIT_OBSERVED, 41.7, 1796353200123, 1796353200456)
                for i in range(CONNECTIONS)]
        db.execute("BEGIN")
        db.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
        db.execute("COMMIT")
        written += len(rows)
        n += 1
    rate = written / (time.monotonic() - started)
    db.close()
    shutil.rmtree(folder, ignore_errors=True)
    return {"durable_per_second": rate, "batch": CONNECTIONS}


def postgres_limit(pg):
    """The same rows into PostgreSQL at synchronous_commit=on: COPY of CONNECTIONS rows per
    transaction, one transaction after another over one connection (psql reading a script),
    which is what the group commit can reach with this load's concurrency."""
    transactions = 200 if not QUICK else 40
    observed = LIMIT_OBSERVED.replace("\\", "\\\\")  # COPY's text format escapes backslashes

    def row(run, i):
        return "\t".join([run, "camera.getUserMedia", str(i), "fail", observed, "41.7", "1796353200123", "1796353200456"])
    script = [RESULTS_TABLE.replace("CREATE TABLE results", "CREATE TABLE limit_results") + ";",
              "SET synchronous_commit = on;"]
    for n in range(transactions):
        script.append("BEGIN;")
        script.append("COPY limit_results FROM STDIN;")
        script += [row(f"run-{n}", i) for i in range(CONNECTIONS)]
        script.append("\\.")
        script.append("COMMIT;")
    path = os.path.join(pg.dir, "limit.sql")
    open(path, "w").write("\n".join(script) + "\n")
    os.chmod(path, 0o644)
    psql = [f"{pg.bin}/psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", str(pg.port),
            "-U", "probe", "-d", "postgres", "-f", path]
    started = time.monotonic()
    subprocess.run(psql, check=True, stdout=subprocess.DEVNULL)
    took = time.monotonic() - started
    return {"durable_per_second": transactions * CONNECTIONS / took, "batch": CONNECTIONS}


def main():
    rows = {}
    limits = {}
    procs = []
    pg = None
    try:
        sqlite_proc, _ = start_instance(BASE_PORT, "sqlite")
        procs.append(sqlite_proc)
        rows["sqlite, 1 instance"] = ingest(BASE_PORT, "sqlite")
        sqlite_proc.terminate()
        limits["sqlite"] = sqlite_limit()
        print(f"  sqlite limit: {limits['sqlite']['durable_per_second']:.0f} rows/s", flush=True)

        pg = Postgres(BASE_PORT + 10)
        limits["postgresql"] = postgres_limit(pg)
        print(f"  postgresql limit: {limits['postgresql']['durable_per_second']:.0f} rows/s", flush=True)
        one, _ = start_instance(BASE_PORT + 1, pg.url)
        procs.append(one)
        rows["postgresql, 1 instance"] = ingest(BASE_PORT + 1, "postgres-1")
        two, _ = start_instance(BASE_PORT + 2, pg.url)
        three, _ = start_instance(BASE_PORT + 3, pg.url)
        procs += [two, three]
        lb, _ = start_balancer(BASE_PORT + 4, [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3])
        procs.append(lb)
        rows["postgresql, 3 instances behind nginx"] = ingest(BASE_PORT + 4, "postgres-3")
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
                p.wait(timeout=15)
        if pg:
            pg.close()

    os.makedirs(RESULTS, exist_ok=True)
    build = os.path.basename(os.path.dirname(os.path.realpath(BIN)))  # release or debug
    for name, row in rows.items():
        limit = limits["sqlite" if name.startswith("sqlite") else "postgresql"]["durable_per_second"]
        row["fraction_of_limit"] = row["durable_per_second"] / limit if limit else None
    report = {"cores": os.cpu_count(), "duration_s": DURATION, "connections": CONNECTIONS, "rows": rows, "limits": limits,
              "build": build, "load_avg_at_end": os.getloadavg(),
              "measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    json.dump(report, open(os.path.join(RESULTS, "stores.json"), "w"), indent=2)
    lines = ["| store | durable results/s | of the store's limit | p50 | p99 | refused |", "|---|---|---|---|---|---|"]
    for name, s in rows.items():
        lines.append(f"| {name} | {s['durable_per_second']:.0f} | {s['fraction_of_limit']:.2f} | {s['p50_ms']:.1f} ms | "
                     f"{s['p99_ms']:.1f} ms | {s['other']} |")
    for name, limit in limits.items():
        lines.append(f"| {name} limit: the same rows by a bare writer, {limit['batch']} per commit | "
                     f"{limit['durable_per_second']:.0f} | 1 | — | — | — |")
    table = "\n".join(lines)
    open(os.path.join(RESULTS, "stores.md"), "w").write(
        f"# Store rows ({report['measured_at']}, {os.cpu_count()} cores, {build} build, plain HTTP, "
        f"wrk -c{CONNECTIONS}, {DURATION:g} s, load average {report['load_avg_at_end'][0]:.1f} at the end)\n\n{table}\n")
    print(table)
    blind = [name for name, s in rows.items() if not s.get("accepted")]
    if blind:
        # A store row with no acknowledged result measured nothing: fail, never report 0/s.
        print(f"bench: a store row measured nothing: {', '.join(blind)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""bench/run's driver: probe-server beside nginx on loopback, interleaved, medians.

Started by bench/run, which has installed wrk and nginx, built the release binary and raised
the open-file limit. Writes bench/results/latest.md and latest.json and prints the table.
Every process it starts is stopped on the way out (nginx through its pid file, probe-server
by pid); every load loop is bounded in time.

Environment knobs (defaults in brackets):
  BENCH_BIN        the probe-server binary [from bench/run]
  BENCH_DURATION   seconds per wrk run [5]
  BENCH_ROUNDS     interleaved rounds; the median is taken over them [3]
  BENCH_QUICK      1: one round of 2 s and 1,000 idle connections, to try the harness [0]
  BENCH_IDLE       idle keep-alive connections held per server [10000]
  BENCH_RESULTS    where latest.{md,json} and stores.{md,json} go [bench/results]
  BENCH_WORK       scratch folder [bench/.work]

A row that measures nothing (a figure missing, a flow that never completed) fails the run
with its reason: a blind row is a harness defect, never a pass.

`python3 bench/bench.py --page-weight` prints only the page's first-load weight (no servers).
"""
import gzip
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
import ssl

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
WORK = os.environ.get("BENCH_WORK") or os.path.join(BENCH, ".work")  # scratch: data dirs, nginx config, pid files
# The committed figures (docs/performance.md's table is rendered from them: bench/render_doc.py);
# a trial of the harness writes elsewhere.
RESULTS = os.environ.get("BENCH_RESULTS") or os.path.join(BENCH, "results")
BIN = os.environ.get("BENCH_BIN") or os.path.join(ROOT, ".build/release/probe-server")
QUICK = os.environ.get("BENCH_QUICK") == "1"
DURATION = float(os.environ.get("BENCH_DURATION", "2" if QUICK else "5"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "1" if QUICK else "3"))
# Idle keep-alive connections held per server: 10,000 measures; a short round only tries the
# harness, with few enough that a machine's default descriptor limit suffices.
IDLE = int(os.environ.get("BENCH_IDLE", "1000" if QUICK else "10000"))
THREADS = 2                      # wrk -t2: the machine has 2 cores and wrk shares them

# The targets each row is judged against (latest.md's "met" column and docs/performance.md,
# bench/render_doc.py): one place, so the report and the doc cannot judge a row differently.
STATIC_MIN_RATIO = 1.0           # every static keep-alive row at least nginx's rate
FULL_HANDSHAKE_MIN_RATIO = 0.8   # full TLS handshakes/s against nginx's
DURABLE_MIN_PER_SECOND = 5000    # acknowledged (committed) results/s over HTTPS
INGEST_MAX_P99_MS = 25           # ingestion's p99 latency, over HTTPS and in the store rows
IDLE_RSS_MAX_MB = 25             # an idle HTTPS server
IDLE_CONNECTIONS_MAX_MB = 120    # holding 10,000 idle keep-alive connections
START_MAX_MS = 25                # process start to the first accepted connection
BINARY_MAX_MB = 35               # the shipped binary, stripped (FoundationEssentials, no ICU data)
IMAGE_MAX_MB = 110               # the container image built from the Containerfile
FLOW_MAX_MS = 2000               # the unattended flow in headless Chromium

# Loopback ports; fixed so that a failed run is easy to inspect, high to avoid services.
PORTS = {
    "nginx_http": 18180, "nginx_https": 18543,
    "probe_http": 19180, "probe_https": 19543, "probe_ingest": 19643,
    "start_probe": 19743, "start_nginx_http": 18280, "start_nginx_https": 18643,
}

started = []                      # (kind, handle) to stop on exit


# MARK: processes

def sh(*args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw).stdout


def wait_listening(port, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.001)
    raise RuntimeError(f"nothing listens on {port} after {timeout} s")


def start_probe(name, port, https, extra=()):
    data = os.path.join(WORK, f"data-{name}")
    if https and not os.path.exists(os.path.join(data, "cert.pem")):
        shutil.copytree(os.path.join(WORK, "data-certs"), data, dirs_exist_ok=True)
    args = [BIN, "serve", "--host", "127.0.0.1", "--port", str(port), "--second-port", "off",
            "--setup-port", "off", "--data-dir", data, "--public", os.path.join(WORK, "public"),
            "--log-level", "warn",             # warn: no access log, as nginx's access_log off
            "--max-store", "1T",               # the ingest rounds store more than the 1 GiB default
            *extra]
    if not https:
        args.append("--http")
    log = open(os.path.join(WORK, f"probe-{name}.log"), "w")
    # Its own session, as nginx's daemonised master has: with the kernel's autogroup
    # scheduling (sched_autogroup_enabled=1) a session is one scheduling group, and a server
    # left in the bench's session would share its CPU slice with wrk while nginx got its own.
    proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    started.append(("probe", proc))
    wait_listening(port)
    return proc


def stop_probe(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def nginx_conf(name, http_port, https_port):
    text = open(os.path.join(BENCH, "nginx.conf.in")).read()
    certs = os.path.join(WORK, "data-certs")
    for key, value in {"WORK": WORK, "NAME": name, "HTTP_PORT": http_port, "HTTPS_PORT": https_port,
                       "PUBLIC": os.path.join(WORK, "public"), "CERT": os.path.join(certs, "cert.pem"),
                       "KEY": os.path.join(certs, "key.pem")}.items():
        text = text.replace(f"@{key}@", str(value))
    path = os.path.join(WORK, f"nginx-{name}.conf")
    open(path, "w").write(text)
    return path


def start_nginx(name, http_port, https_port):
    conf = nginx_conf(name, http_port, https_port)
    subprocess.run(["nginx", "-c", conf, "-e", os.path.join(WORK, f"nginx-{name}-error.log")], check=True)
    pidfile = os.path.join(WORK, f"nginx-{name}.pid")
    started.append(("nginx", pidfile))
    wait_listening(http_port)
    wait_listening(https_port)
    return pidfile


def nginx_pid(pidfile):
    return int(open(pidfile).read().strip())


def stop_nginx(pidfile):
    try:
        pid = nginx_pid(pidfile)
    except (OSError, ValueError):
        return
    try:
        os.kill(pid, signal.SIGQUIT)      # graceful: the master stops its workers
    except ProcessLookupError:
        return
    for _ in range(100):
        if not os.path.exists(f"/proc/{pid}"):
            return
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)


def cleanup():
    for kind, handle in reversed(started):
        if kind == "probe":
            stop_probe(handle)
        else:
            stop_nginx(handle)


# MARK: memory

def rss_kib(pid):
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def private_kib(pid):
    """Private_Clean + Private_Dirty: what this process alone costs, shared libraries excluded."""
    total = 0
    try:
        for line in open(f"/proc/{pid}/smaps_rollup"):
            if line.startswith(("Private_Clean:", "Private_Dirty:")):
                total += int(line.split()[1])
    except OSError:
        pass
    return total


def children(pid):
    try:
        return [int(c) for c in open(f"/proc/{pid}/task/{pid}/children").read().split()]
    except OSError:
        return []


def server_pids(server):
    if server["kind"] == "probe":
        return [server["proc"].pid]
    master = nginx_pid(server["pidfile"])
    return [master] + children(master)


def server_rss_mb(server):
    """probe-server: the process. nginx: master plus workers, which is what it costs."""
    return sum(rss_kib(p) for p in server_pids(server)) / 1024


def server_private_mb(server):
    return sum(private_kib(p) for p in server_pids(server)) / 1024


class PeakRSS:
    """Samples a server's RSS every 100 ms while a load runs."""

    def __init__(self, server):
        self.server, self.peak, self.stop = server, 0.0, threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        while not self.stop.wait(0.1):
            self.peak = max(self.peak, server_rss_mb(self.server))

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()


# MARK: wrk

UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 6e4}


def wrk(url, connections, duration, headers=(), script=None, env=None):
    args = ["wrk", f"-t{THREADS}", f"-c{connections}", f"-d{duration:g}s", "--latency", "--timeout", "5s"]
    for h in headers:
        args += ["-H", h]
    if script:
        args += ["-s", script]
    out = subprocess.run(args + [url], capture_output=True, text=True, timeout=duration + 60,
                         env={**os.environ, **(env or {})})
    text = out.stdout + out.stderr
    rps = re.search(r"Requests/sec:\s+([\d.]+)", text)
    if not rps:
        raise RuntimeError(f"wrk failed: {text}")
    pct = {}
    for q, value, unit in re.findall(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s|m)\s*$", text, re.M):
        pct[q] = float(value) * UNITS[unit]
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return {"rps": float(rps.group(1)), "p50_ms": pct.get("50"), "p99_ms": pct.get("99"),
            "errors": sum(map(int, errors.groups())) if errors else 0,
            "non2xx": int(non2xx.group(1)) if non2xx else 0, "output": text}


# MARK: measurements

def median_of(samples, key):
    values = [s[key] for s in samples if s.get(key) is not None]
    return statistics.median(values) if values else None


def summarise(samples):
    return {"per_second": median_of(samples, "rps"), "p50_ms": median_of(samples, "p50_ms"),
            "p99_ms": median_of(samples, "p99_ms"),
            "samples": [round(s["rps"]) for s in samples],
            "errors": sum(s.get("errors", 0) + s.get("non2xx", 0) for s in samples)}


def static_cases(paths):
    cases = []
    for label, path in paths:
        for scheme in ("http", "https"):
            for conns in (50, 200):
                cases.append({"id": f"static.{label}.{scheme}.c{conns}", "path": path, "scheme": scheme, "conns": conns,
                              "title": f"{label} {path}, {scheme.upper()}, keep-alive, {conns} conns"})
    return cases


def url(server, scheme, path):
    return f"{scheme}://127.0.0.1:{server['ports'][scheme]}{path}"


def run_interleaved(servers, cases, measure):
    """For each round, each case, each server (alternating order): so drift and other
    engineers' builds fall on both servers alike. Returns {case id: {server: [samples]}}."""
    samples = {c["id"]: {s["name"]: [] for s in servers} for c in cases}
    for r in range(ROUNDS):
        for i, case in enumerate(cases):
            order = servers if (r + i) % 2 == 0 else list(reversed(servers))
            for server in order:
                sample = measure(server, case)
                samples[case["id"]][server["name"]].append(sample)
                print(f"  round {r + 1} {case['id']:<32} {server['name']:<13} {sample['rps']:>9.0f}/s "
                      f"p50 {sample.get('p50_ms') or 0:.2f} ms p99 {sample.get('p99_ms') or 0:.2f} ms", flush=True)
    return samples


def measure_static(server, case):
    with PeakRSS(server) as peak:
        sample = wrk(url(server, case["scheme"], case["path"]), case["conns"], DURATION)
    sample["rss_mb"] = peak.peak
    return sample


def measure_full_handshakes(server, case):
    # Connection: close makes wrk open a new connection, and a full handshake, per request.
    with PeakRSS(server) as peak:
        sample = wrk(url(server, "https", case["path"]), 50, DURATION, headers=["Connection: close"])
    sample["rss_mb"] = peak.peak
    return sample


def measure_resumed(server, case):
    out = sh(sys.executable, os.path.join(BENCH, "tlsclient.py"), "--port", str(server["ports"]["https"]),
             "--path", case["path"], "--duration", str(DURATION), "--processes", "4", "--resume",
             *(["--tls12"] if case.get("tls12") else []), timeout=DURATION + 60)
    r = json.loads(out)
    return {"rps": r["per_second"], "p50_ms": r["p50_ms"], "p99_ms": r["p99_ms"], "resumed": r["resumed"]}


def create_runs(port, count, tag):
    ctx = ssl.create_default_context()
    ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
    runs = []
    for i in range(count):
        # Each creation from its own forwarded address: run creation is limited to 10/s per address.
        req = urllib.request.Request(f"https://127.0.0.1:{port}/api/runs", data=b"{}", method="POST",
                                     headers={"Content-Type": "application/json",
                                              "X-Forwarded-For": f"10.88.{tag % 250}.{i % 250 + 1}"})
        with urllib.request.urlopen(req, context=ctx, timeout=10) as resp:
            created = json.loads(resp.read())
            runs.append((created["id"], created["writeKey"]))
    return runs


def stored_results(data_dir, run_ids):
    db = sqlite3.connect(f"file:{os.path.join(data_dir, 'probe.sqlite')}?mode=ro", uri=True, timeout=10)
    try:
        marks = ",".join("?" * len(run_ids))
        return db.execute(f"SELECT count(*) FROM results WHERE run_id IN ({marks})", run_ids).fetchone()[0]
    finally:
        db.close()


def measure_ingest(server, rounds):
    samples = []
    for r in range(rounds):
        # 96 runs × 4 probes × 500 attempts (a run holds 2,000: Quotas.maxResultsPerRun) = 192,000
        # distinct results: more than a round posts.
        created = create_runs(server["ports"]["https"], 96, r)
        runs = [run for run, _ in created]
        runs_file = os.path.join(WORK, f"runs-{r}.txt")
        open(runs_file, "w").write("".join(f"{run} {key}\n" for run, key in created))
        out_file = os.path.join(WORK, f"ingest-{r}.json")
        duration = max(DURATION, 10)  # long enough for several checkpoints of the WAL
        with PeakRSS(server) as peak:
            sample = wrk(url(server, "https", "/"), 50, duration, script=os.path.join(BENCH, "ingest.lua"),
                         env={"BENCH_RUNS": runs_file, "BENCH_THREADS": str(THREADS), "BENCH_OUT": out_file})
        counts = json.load(open(out_file))
        stored = stored_results(server["data"], runs)
        sample.update(counts, rss_mb=peak.peak, stored=stored, duration=duration)
        # Results/s counts acknowledged new results only, not 4xx/5xx or duplicates.
        sample["rps"] = counts["accepted"] / duration
        print(f"  round {r + 1} ingest: {counts['accepted']} acknowledged, {stored} stored, "
              f"{counts['other']} refused, {sample['rps']:.0f}/s p50 {sample['p50_ms']:.2f} ms "
              f"p99 {sample['p99_ms']:.2f} ms", flush=True)
        samples.append(sample)
    return samples


def measure_idle_connections(server, count, tls, path):
    """Each connection has fetched the main script, as a device's connections have after
    loading the page: what a server keeps per idle connection after a large response shows."""
    port = server["ports"]["https" if tls else "http"]
    before = server_rss_mb(server)
    client = subprocess.Popen([sys.executable, os.path.join(BENCH, "idleclient.py"), "--port", str(port),
                               "--count", str(count), "--processes", "4", "--hold", "120", "--path", path,
                               *(["--tls"] if tls else [])],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        line = client.stdout.readline()
        if not line.startswith("ready"):
            raise RuntimeError(f"idle client failed: {line!r}")
        time.sleep(1)                     # let the server settle after the last request
        held = server_rss_mb(server)
    finally:
        client.stdin.close()
        client.wait(timeout=60)
    return {"before_mb": before, "held_mb": held, "opened": int(line.split()[1])}


def measure_start(kind, runs=5):
    """Process start to the first accepted connection, certificates already present."""
    times = []
    for _ in range(runs):
        if kind == "probe":
            port = PORTS["start_probe"]
            data = os.path.join(WORK, "data-start")
            if not os.path.exists(data):
                shutil.copytree(os.path.join(WORK, "data-certs"), data)
            t0 = time.monotonic()
            proc = subprocess.Popen([BIN, "serve", "--host", "127.0.0.1", "--port", str(port), "--second-port", "off",
                                     "--setup-port", "off", "--data-dir", data, "--public", os.path.join(WORK, "public"),
                                     "--log-level", "warn"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    start_new_session=True)
            started.append(("probe", proc))
            wait_listening(port)
            times.append((time.monotonic() - t0) * 1000)
            stop_probe(proc)
        else:
            conf = nginx_conf("start", PORTS["start_nginx_http"], PORTS["start_nginx_https"])
            pidfile = os.path.join(WORK, "nginx-start.pid")
            t0 = time.monotonic()
            subprocess.Popen(["nginx", "-c", conf, "-e", os.path.join(WORK, "nginx-start-error.log")])
            started.append(("nginx", pidfile))
            wait_listening(PORTS["start_nginx_https"])
            times.append((time.monotonic() - t0) * 1000)
            time.sleep(0.2)              # the pid file is written by the daemonised master
            stop_nginx(pidfile)
            time.sleep(0.3)
    return {"median_ms": statistics.median(times), "samples_ms": [round(t, 1) for t in times]}


# MARK: the page

PAGE_EXTENSIONS = (".html", ".css", ".js")
# What a device loads before the first step runs (index.html and the CSS and JS it links),
# gzip at level 9: a phone on a slow link (400 kbit/s) fetches 30 KB in well under a
# second. Tests/page/test_page_source.py holds the page to the same budget.
FIRST_LOAD_GZIP_BUDGET = 30 * 1024
# Raw bytes are what an old phone parses; gzip is what the link pays, and the real limit.
FIRST_LOAD_RAW_BUDGET = 100 * 1024


def measure_sizes():
    """The shipped binary's size: BENCH_BIN stripped as the Containerfile links it (-Xlinker -s;
    bench/run builds with symbols, for profiling). The image's: the one BENCH_IMAGE names, else
    one built from the Containerfile where podman is (Tests/container/run.sh --build-only,
    without a registry); None with the reason otherwise."""
    stripped = os.path.join(WORK, "probe-server.stripped")
    subprocess.run(["strip", "-o", stripped, BIN], check=True)
    sizes = {"binary_mb": os.path.getsize(stripped) / 1e6, "image_mb": None,
             "image_status": "BENCH_IMAGE unset: no image measured"}
    os.remove(stripped)
    image = os.environ.get("BENCH_IMAGE")
    if not image and shutil.which("podman") and not QUICK:
        # Built from the Containerfile as the container suite builds it (its bases, its podman
        # configuration), which says the size as it ends; a quick round builds nothing.
        out = subprocess.run([os.path.join(ROOT, "Tests", "container", "run.sh"), "--build-only"], cwd=ROOT,
                             capture_output=True, text=True)
        built = re.search(r"image built in \d+ s, (\d+) bytes", out.stdout)
        if built:
            sizes.update(image_mb=int(built.group(1)) / 1e6, image_status="measured (Tests/container/run.sh --build-only)")
        else:
            sizes["image_status"] = "the image did not build: " + " ".join((out.stdout + out.stderr).split()[-30:])
        return sizes
    if image:
        out = subprocess.run(["podman", "image", "inspect", "--format", "{{.Size}}", image], capture_output=True, text=True)
        if out.returncode == 0:
            sizes.update(image_mb=int(out.stdout.strip()) / 1e6, image_status="measured")
        else:
            sizes["image_status"] = f"podman has no image {image}"
    return sizes


def page_weight():
    """The page as a device first loads it: index.html and the styles and scripts it links,
    each gzipped on its own at level 9, as the server stores them (Files/Gzip.swift). The
    pages loaded only by some probes (the away page, the second origin's frames) are
    counted apart: they are fetched later, one frame at a time."""
    public = os.path.join(ROOT, "Public")
    # The templates' scripts (later-scripts, host-report-script) load after the first screen.
    # and what it prefetches in idle time (rel=prefetch) after it.
    index = re.sub(r"<template\b.*?</template>|<link rel=\"prefetch\"[^>]*>", "",
                   open(os.path.join(public, "index.html"), encoding="utf-8").read(), flags=re.S)
    linked = re.findall(r'<(?:script[^>]+src|link[^>]+href)="/?([^"]+\.(?:js|css))"', index)
    initial = ["index.html"] + [f for f in linked if os.path.exists(os.path.join(public, f))]

    def measure(paths):
        raw = gz = 0
        files = []
        for rel in paths:
            data = open(os.path.join(public, rel), "rb").read()
            z = len(gzip.compress(data, compresslevel=9))
            raw, gz = raw + len(data), gz + z
            files.append({"file": "Public/" + rel, "raw": len(data), "gzip": z})
        return raw, gz, files

    raw, gz, files = measure(initial)
    others = []
    for dirpath, _, names in os.walk(public):
        for name in sorted(names):
            rel = os.path.relpath(os.path.join(dirpath, name), public)
            if name.endswith(PAGE_EXTENSIONS) and rel not in initial:
                others.append(rel)
    later_raw, later_gz, later_files = measure(others)
    return {"raw_bytes": raw, "gzip_bytes": gz, "files": files,
            "on_demand_raw_bytes": later_raw, "on_demand_gzip_bytes": later_gz, "on_demand_files": later_files}


def first_load_line(page):
    return (f"first load: {page['gzip_bytes']:,} bytes gzip, {page['raw_bytes']:,} raw, {len(page['files'])} files "
            f"(budget {FIRST_LOAD_GZIP_BUDGET:,} gzip); later and on demand: {page['on_demand_gzip_bytes']:,} gzip "
            f"in {len(page['on_demand_files'])} files")


def main_script():
    """Public/app.js, or the first local script index.html loads; None when there is none."""
    public = os.path.join(ROOT, "Public")
    if os.path.exists(os.path.join(public, "app.js")):
        return "/app.js"
    index = open(os.path.join(public, "index.html")).read()
    for src in re.findall(r'<script[^>]+src="([^"]+)"', index):
        if not src.startswith(("http:", "https:", "//")) and os.path.exists(os.path.join(public, src.lstrip("/"))):
            return "/" + src.lstrip("/")
    return None


# The run's completion, with or without its capability in the query (`?key=`): the page
# posts /api/runs/{id}/complete?key=... since runs carry a capability.
COMPLETE_URL = re.compile(r"/api/runs/[^/?]+/complete(\?|$)")
RUN_IN_URL = re.compile(r"/api/runs/([^/?]+)/complete")
# A bound against a page that never completes, not a target (that is 2 s): a loaded machine
# (the test command's short round beside other suites) can take far longer than a quiet one.
FLOW_BOUND_MS = 120_000


# The links a device reaches the server over, emulated in Chromium through DevTools
# (Network.emulateNetworkConditions: latency is added to each request's round trip, and
# throughput in bytes per second; Emulation.setCPUThrottlingRate slows the page's main thread:
# https://chromedevtools.github.io/devtools-protocol/tot/Network/#method-emulateNetworkConditions,
# https://chromedevtools.github.io/devtools-protocol/tot/Emulation/#method-setCPUThrottlingRate).
# Loopback measures the page's own work; "phone" is a mid-range phone on Wi-Fi (its CPU a
# quarter of this machine's core, 20 ms, 20 Mbit/s); "tunnel" is a device farm's phone reaching
# the server through the farm's tunnel (150 ms, 1.6 Mbit/s down, 750 kbit/s up: the figures
# Lighthouse and WebPageTest call "slow 4G", https://github.com/GoogleChrome/lighthouse/blob/v12.2.0/core/config/constants.js);
# "rtt" is 150 ms on a fast link, so (rtt - loopback) / 150 ms counts the round trips the
# flow waits on one after another.
FLOW_CONDITIONS = {
    "loopback": {"title": "loopback", "cpu": 1, "latency_ms": 0, "down_bps": 0, "up_bps": 0},
    "phone": {"title": "a phone on Wi-Fi (CPU 4× slower, 20 ms, 20 Mbit/s)", "cpu": 4, "latency_ms": 20,
              "down_bps": 20_000_000, "up_bps": 20_000_000},
    "tunnel": {"title": "a farm device behind a tunnel (150 ms, 1.6 Mbit/s down, 750 kbit/s up)", "cpu": 1,
               "latency_ms": 150, "down_bps": 1_600_000, "up_bps": 750_000},
    "rtt": {"title": "150 ms on a fast link", "cpu": 1, "latency_ms": 150, "down_bps": 0, "up_bps": 0},
}
FLOW_RUNS = {"loopback": 5, "phone": 5, "tunnel": 5, "rtt": 3}
PHONE_FLOW_MAX_MS = 3000         # a phone on Wi-Fi
PHONE_CAMERA_FPS = 30            # the fake camera's rate in every flow (unattended_flow)
TUNNEL_FLOW_MAX_MS = 5000        # a farm device behind a tunnel


def flow_phases(server, run, started_ms, ended_ms):
    """Where one run's time went: from navigation to the first result (the page's load and
    its run's creation), then each phase of steps from the result before its first to its
    last, and from the last result to the completion. The results' own posted times (`at`,
    the device's clock) order them; phases are the catalog's (/api/config)."""
    config = api(server, "GET", "/api/config")
    phase_of = {p["id"]: p.get("phase", "other") for p in config["catalog"]["probes"]}
    db = sqlite3.connect(f"file:{os.path.join(server['data'], 'probe.sqlite')}?mode=ro", uri=True)
    stored = db.execute("SELECT probe, MIN(at) FROM results WHERE run_id = ? GROUP BY probe ORDER BY MIN(at)",
                        (run,)).fetchall()
    db.close()
    if not stored:
        return []
    phases, previous = [("load", stored[0][1] - started_ms)], stored[0][1]
    for probe, at in stored:
        name = phase_of.get(probe, "other")
        if phases[-1][0] != name:
            phases.append((name, 0))
        phases[-1] = (name, phases[-1][1] + (at - previous))
        previous = at
    phases.append(("complete", ended_ms - previous))
    merged = {}
    for name, ms in phases:
        merged[name] = merged.get(name, 0) + max(0, ms)
    return [{"phase": n, "ms": round(ms)} for n, ms in merged.items()]


def unattended_flow(server, condition="loopback", runs=None):
    """The page's unattended flow in headless Chromium under one of FLOW_CONDITIONS, from
    navigation to the run's completion (POST /api/runs/{id}/complete answered): the median
    of `runs`, the bytes the median run moved each way (bodies and headers, as Chromium
    counted them) and its requests, and where its time went (flow_phases)."""
    script = main_script()
    if script is None:
        return {"status": "not yet measurable: Public/ has no script that runs the flow"}
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {"status": "not measured: Python Playwright is not installed"}
    cond = FLOW_CONDITIONS[condition]
    runs = runs or (1 if QUICK and condition != "loopback" else FLOW_RUNS[condition])
    samples = []
    # The server's certificate trusted by its key, as a device that installed the CA trusts
    # it: Chromium keeps no response of a connection whose certificate error it was told to
    # ignore in its HTTP cache, so --ignore-certificate-errors would refetch what a device
    # revalidates (https://source.chromium.org/chromium/chromium/src/+/main:services/network/public/cpp/network_switches.cc,
    # ignore-certificate-errors-spki-list).
    spki = subprocess.run(["sh", "-c", "openssl x509 -pubkey -noout | openssl pkey -pubin -outform der "
                           "| openssl dgst -sha256 -binary | base64"],
                          stdin=open(os.path.join(server["data"], "cert.pem")), capture_output=True, text=True, check=True).stdout.strip()
    with sync_playwright() as p:
        # The fake camera at a phone's 30 frames a second, the rate Chromium asks a camera for
        # when a page names none (blink's MediaStreamVideoSource kDefaultFrameRate), not its
        # own default of 20 (kFakeCaptureDefaultFrameRate, read from the switch's "fps"):
        # https://source.chromium.org/chromium/chromium/src/+/main:media/capture/video/fake_video_capture_device_factory.cc,
        # https://source.chromium.org/chromium/chromium/src/+/main:third_party/blink/renderer/modules/mediastream/media_stream_video_source.h.
        # The camera steps wait on frames (camera.resolution: three per size), so a slower
        # fake camera would be measured as the page's time.
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                    args=[f"--ignore-certificate-errors-spki-list={spki}", "--use-fake-ui-for-media-stream",
                                          f"--use-fake-device-for-media-stream=fps={PHONE_CAMERA_FPS}", "--autoplay-policy=no-user-gesture-required"])
        try:
            for _ in range(runs):
                context = browser.new_context()
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                if cond["cpu"] > 1:
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cond["cpu"]})
                if cond["latency_ms"] or cond["down_bps"]:
                    cdp.send("Network.enable")
                    cdp.send("Network.emulateNetworkConditions", {
                        "offline": False, "latency": cond["latency_ms"],
                        "downloadThroughput": cond["down_bps"] / 8 or -1, "uploadThroughput": cond["up_bps"] / 8 or -1})
                requests = []
                context.on("requestfinished", lambda r: requests.append(r))
                wall0, t0 = time.time() * 1000, time.monotonic()
                try:
                    with page.expect_response(lambda r: COMPLETE_URL.search(r.url) is not None
                                              and r.request.method == "POST", timeout=FLOW_BOUND_MS) as completed:
                        # "commit": the run's own navigation (storage.navigation) may begin
                        # before the first page's load event, which would end a goto waiting for it.
                        page.goto(url(server, "https", "/?mode=unattended"), wait_until="commit")
                    elapsed = (time.monotonic() - t0) * 1000
                    run = RUN_IN_URL.search(completed.value.url).group(1)
                except Exception as e:  # the page does not complete a run (yet)
                    context.close()
                    why = (str(e).strip().splitlines() or [""])[0][:200]
                    return {"status": f"not measurable: the page did not complete a run within {FLOW_BOUND_MS // 1000} s ({type(e).__name__}: {why})"}
                up = down = 0
                for r in requests:
                    try:
                        s = r.sizes()
                    except Exception:  # a request of a frame already gone: counted by none
                        continue
                    up += s["requestBodySize"] + s["requestHeadersSize"]
                    down += s["responseBodySize"] + s["responseHeadersSize"]
                samples.append({"ms": elapsed, "run": run, "bytes_up": up, "bytes_down": down, "requests": len(requests),
                                "phases": flow_phases(server, run, wall0, wall0 + elapsed)})
                context.close()
        finally:
            browser.close()
    times = [s["ms"] for s in samples]
    median = sorted(samples, key=lambda s: s["ms"])[len(samples) // 2]
    return {"status": "measured", "condition": cond["title"], "median_ms": statistics.median(times),
            "samples_ms": [round(t) for t in times], "runs": [s["run"] for s in samples],
            "bytes_up": median["bytes_up"], "bytes_down": median["bytes_down"], "requests": median["requests"],
            "phases": median["phases"]}


def device_flows(server, loopback):
    """The flow as devices feel it (FLOW_CONDITIONS), and the round trips it waits on one after
    another, from the rtt condition against loopback."""
    flows = {name: unattended_flow(server, name) for name in ("phone", "tunnel", "rtt")}
    rtt = flows["rtt"]
    if rtt.get("status") == "measured" and loopback.get("status") == "measured":
        latency = FLOW_CONDITIONS["rtt"]["latency_ms"]
        rtt["serial_round_trips"] = round((rtt["median_ms"] - loopback["median_ms"]) / latency, 1)
    return flows


# MARK: reports

REPORT_RUNS = 60                  # the /runs page lists up to 60 runs per load
# The store the operator pages are read over once a farm has used it for months: the
# /runs page over it should cost what it costs over one page of runs (a keyset page,
# indexes, only the page's runs judged). A short round fills fewer, to try the harness.
STORED_RUNS = 1_000 if QUICK else 10_000
FILL_THREADS = 4                  # clients filling the store, each over its own keep-alive connection
RUNS_PAGE_MAX_P50_MS = 15         # /runs over REPORT_RUNS judged runs, p50 (wrk, 4 conns)
RUNS_PAGE_MAX_BYTES = 80 * 1024   # the HTML one /runs page sends a browser (gzip accepted)
REPORT_MAX_P50_MS = 3             # a run's HTML report and its report.json, p50
# /runs over STORED_RUNS against over REPORT_RUNS: "no slower", read against the noise of a
# shared machine (±10 % between rounds, latest.md) with a margin for a p50 of a few ms.
STORED_RUNS_MAX_RATIO = 1.2
# What a browser sends (Chromium's navigation request), to count the bytes it is sent.
BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd"
OLDER_LINK = re.compile(r'<a[^>]*\brel="next"[^>]*\bhref="([^"]+)"')


def api(server, method, path, body=None, token=None):
    ctx = ssl.create_default_context()
    ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    req = urllib.request.Request(url(server, "https", path), method=method, headers=headers,
                                 data=None if body is None else json.dumps(body).encode())
    try:
        with urllib.request.urlopen(req, context=ctx, timeout=30) as resp:
            return json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as e:
        raise RuntimeError(f"{method} {path.split('?')[0]}: {e.code} {e.read()[:300].decode(errors='replace')}") from None


def https_connection(port):
    import http.client
    ctx = ssl.create_default_context()
    ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
    return http.client.HTTPSConnection("127.0.0.1", port, context=ctx, timeout=60)


def fetch(server, path, headers):
    """(status, headers, body as sent) of one GET."""
    conn = https_connection(server["ports"]["https"])
    try:
        conn.request("GET", path, headers=headers)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def page_bytes(server, path, auth, accept):
    """The bytes of one answer: raw (Accept-Encoding: identity) and as sent to a browser,
    which accepts gzip (the body on the wire and its Content-Encoding)."""
    status, _, raw = fetch(server, path, {"Authorization": auth, "Accept": accept, "Accept-Encoding": "identity"})
    sent_status, headers, sent = fetch(server, path, {"Authorization": auth, "Accept": accept,
                                                      "Accept-Encoding": BROWSER_ACCEPT_ENCODING})
    if status != 200 or sent_status != 200:
        raise RuntimeError(f"{path.split('?')[0]} answered {status} / {sent_status}")
    return {"raw_bytes": len(raw), "sent_bytes": len(sent), "encoding": headers.get("content-encoding", "identity")}


def previous_reports():
    """The reports rows of the last committed results (bench/results/latest.json), read
    before this run writes its own: each row is shown beside them."""
    try:
        with open(os.path.join(BENCH, "results", "latest.json")) as f:
            reports = json.load(f).get("reports", {})
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in reports.items() if isinstance(v, dict)} if reports.get("status") == "measured" else {}


def fill_store(server, batch, total, start):
    """Runs created through the API until `total` more exist beyond `start`: each created,
    given `batch` (the judged run's results) and completed, as a device would leave it, from
    FILL_THREADS clients over keep-alive connections. Each block of 20 runs comes from its
    own forwarded address (the server trusts loopback's X-Forwarded-For): run creation is
    limited per address (RateLimiter.runCreation, Quotas.runsPerAddressPerHour)."""
    template = json.dumps({"results": [dict(r, run="@RUN@") for r in batch]})
    lock, state = threading.Lock(), {"next": start, "errors": []}

    def worker():
        conn = https_connection(server["ports"]["https"])

        def post(path, body, address):
            conn.request("POST", path, body=body, headers={"Content-Type": "application/json", "X-Forwarded-For": address})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in (200, 201):
                raise RuntimeError(f"POST {path.split('?')[0]}: {resp.status} {data[:200]!r}")
            return data
        try:
            while True:
                with lock:
                    i = state["next"]
                    if i >= start + total or state["errors"]:
                        return
                    state["next"] += 1
                address = f"10.{99 + i // 20 // 62500}.{i // 20 // 250 % 250}.{i // 20 % 250 + 1}"
                created = json.loads(post("/api/runs", b"{}", address))
                run, key = created["id"], created["writeKey"]
                post(f"/api/runs/{run}/results?key={key}", template.replace("@RUN@", run).encode(), address)
                post(f"/api/runs/{run}/complete?key={key}", b"{}", address)
        except Exception as e:  # the first failure stops every worker: the row says why
            with lock:
                state["errors"].append(str(e))
        finally:
            conn.close()

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(FILL_THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if state["errors"]:
        raise RuntimeError(f"filling the store: {state['errors'][0]}")


def last_page(server, auth):
    """The path of the last /runs page, reached by following each page's own older-runs
    link (rel="next") from the first; and how many pages that took."""
    path, pages = "/runs", 1
    while True:
        status, _, body = fetch(server, path, {"Authorization": auth, "Accept": "text/html", "Accept-Encoding": "identity"})
        if status != 200:
            raise RuntimeError(f"{path}: {status}")
        older = OLDER_LINK.search(body.decode("utf-8", "replace"))
        if not older:
            return path, pages
        path, pages = older.group(1).replace("&amp;", "&"), pages + 1


def wrk_row(server, path, auth, accept):
    """wrk over `path` as its reader asks for it: a page as a browser does, gzip accepted."""
    headers = [auth, f"Accept: {accept}"]
    if accept == "text/html":
        headers.append(f"Accept-Encoding: {BROWSER_ACCEPT_ENCODING}")
    sample = wrk(url(server, "https", path), 4, DURATION, headers=headers)
    if sample["non2xx"] or sample["errors"]:
        raise RuntimeError(f"{path.split('?')[0]} answered {sample['non2xx']} non-2xx, {sample['errors']} socket errors")
    return dict({k: sample[k] for k in ("rps", "p50_ms", "p99_ms")}, asked="gzip" if accept == "text/html" else "identity")


def measure_reports(server, data_dir, flow, name="https"):
    """Reading what was judged, each with wrk (4 connections, the operator's token): the
    /runs page over REPORT_RUNS completed runs, one full run's HTML report and report.json,
    with the bytes the pages send; then the store filled to STORED_RUNS runs through the
    API and /runs read again, its first page and the last one its older-runs links reach.
    The runs are copies of a run the page completed in Chromium (its results posted again
    to new runs, then completed), so each carries every probe's real result. `name`: the
    server's data folder (start_probe), restarted to trust loopback's forwarded addresses
    for the fill."""
    if flow.get("status") != "measured" or not flow.get("runs"):
        return {"status": f"not measurable: no run completed in Chromium ({flow.get('status')})"}
    previous = previous_reports()
    token = open(os.path.join(data_dir, "token")).read().strip()
    source = flow["runs"][0]
    # The run's results as the page posted them, read from the store (the API's views are
    # summaries): each becomes the same result of a new run.
    db = sqlite3.connect(f"file:{os.path.join(data_dir, 'probe.sqlite')}?mode=ro", uri=True)
    stored = db.execute("SELECT probe, attempt, status, observed, elapsed_ms, at, reason FROM results "
                        "WHERE run_id = ? ORDER BY received_at", (source,)).fetchall()
    db.close()
    batch = []
    for probe, attempt, status, observed, elapsed, at, reason in stored:
        at_text = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime((at or 0) / 1000)) + f".{(at or 0) % 1000:03d}Z"
        r = {"probe": probe, "attempt": attempt, "status": status, "observed": json.loads(observed),
             "elapsedMs": elapsed if elapsed is not None else 0, "at": at_text}
        if reason:
            r["reason"] = reason
        batch.append(r)
    copies = REPORT_RUNS - len(flow["runs"])
    for run, key in create_runs(server["ports"]["https"], max(0, copies), 77):
        api(server, "POST", f"/api/runs/{run}/results?key={key}", {"results": [dict(r, run=run) for r in batch]})
        api(server, "POST", f"/api/runs/{run}/complete?key={key}", {})
    auth = f"Authorization: Bearer {token}"
    bearer = auth.split(": ", 1)[1]
    rows = {}
    try:
        rows["runs_page"] = wrk_row(server, "/runs", auth, "text/html")
        rows["runs_page"].update(page_bytes(server, "/runs", bearer, "text/html"))
        rows["report_html"] = wrk_row(server, f"/runs/{source}", auth, "text/html")
        rows["report_html"].update(page_bytes(server, f"/runs/{source}", bearer, "text/html"))
        rows["report_json"] = wrk_row(server, f"/api/runs/{source}/report.json", auth, "application/json")
        rows["report_json"].update(page_bytes(server, f"/api/runs/{source}/report.json", bearer, "application/json"))
    except RuntimeError as e:
        return {"status": f"not measurable: {e}"}
    result = {"status": "measured", "runs": REPORT_RUNS, "results_per_run": len(batch), **rows}

    # The same server over a full store: restarted on its data to trust loopback's
    # X-Forwarded-For (the fill's addresses), filled through the API, read again.
    print(f"  filling the store to {STORED_RUNS:,} judged runs through the API...", flush=True)
    stop_probe(server["proc"])
    server["proc"] = start_probe(name, server["ports"]["https"], https=True, extra=["--trust-proxy", "127.0.0.1/32"])
    t0 = time.monotonic()
    try:
        fill_store(server, batch, STORED_RUNS - REPORT_RUNS, REPORT_RUNS)
        result["fill_s"] = round(time.monotonic() - t0, 1)
        result["stored_runs"] = STORED_RUNS
        result["runs_page_stored"] = wrk_row(server, "/runs", auth, "text/html")
        path, pages = last_page(server, bearer)
        result["runs_page_last"] = dict(wrk_row(server, path, auth, "text/html"), pages=pages)
    except RuntimeError as e:
        result["runs_page_stored"] = {"status": f"not measurable: {e}"}
    result["previous"] = previous
    return result


def operator_rows(reports):
    """The operator pages' rows, for latest.md and docs/performance.md alike (one place, so
    the two cannot judge a row differently): (measure, figure, target, met), met None where
    there is no target or no figure. Each figure beside the last committed run's
    (`previous`), or "previous: —" where that run had no such row."""
    previous = reports.get("previous", {})

    def ms(r):
        # How it was asked for, where the row says (a page as a browser asks: gzip accepted).
        return f"{fmt(r['p50_ms'])} / {fmt(r['p99_ms'])} ms" + (f", {r['asked']}" if "asked" in r else "")

    def was(key, show):
        p = previous.get(key)
        try:
            return f" (previous: {show(p)})" if p else " (previous: —)"
        except (KeyError, TypeError):
            return " (previous: —)"

    def latency(key, what, target="", limit=None):
        r = reports.get(key, {})
        if "p50_ms" not in r:  # an older run's results, or a figure that failed (bench/run fails on it)
            return (what, r.get("status", "not measured in this run"), target, None)
        return (what, f"{ms(r)}, {fmt(r['rps'])}/s" + was(key, lambda p: f"{ms(p)}, {fmt(p['rps'])}/s"), target,
                None if limit is None else r["p50_ms"] <= limit)

    def sent(key, what, target="", limit=None):
        r = reports.get(key, {})
        if "sent_bytes" not in r:
            return (what, "not measured in this run", target, None)
        return (what, f"{r['sent_bytes']:,} B {r['encoding']} ({r['raw_bytes']:,} raw)"
                + was(key, lambda p: f"{p['sent_bytes']:,} B {p['encoding']} ({p['raw_bytes']:,} raw)"), target,
                None if limit is None else r["sent_bytes"] <= limit)

    p50 = reports.get("runs_page", {}).get("p50_ms")
    stored_limit = None if p50 is None else p50 * STORED_RUNS_MAX_RATIO
    stored_target = f"p50 ≤ {STORED_RUNS_MAX_RATIO:g}× the {REPORT_RUNS} runs' p50"
    pages = reports.get("runs_page_last", {}).get("pages", "N")
    return [
        latency("runs_page", f"/runs, {REPORT_RUNS} judged runs: p50 / p99, req/s (wrk, 4 conns)",
                f"p50 ≤ {RUNS_PAGE_MAX_P50_MS} ms", RUNS_PAGE_MAX_P50_MS),
        sent("runs_page", "  /runs HTML as sent to a browser (raw)", f"≤ {RUNS_PAGE_MAX_BYTES // 1024} KB sent",
             RUNS_PAGE_MAX_BYTES),
        latency("runs_page_stored", f"/runs, {reports.get('stored_runs', STORED_RUNS):,} stored runs: p50 / p99, req/s",
                stored_target, stored_limit),
        latency("runs_page_last", f"  /runs' last page, {pages} pages on by its older-runs links",
                stored_target, stored_limit),
        latency("report_html", "a run's HTML report (/runs/ID): p50 / p99, req/s", f"p50 ≤ {REPORT_MAX_P50_MS} ms",
                REPORT_MAX_P50_MS),
        sent("report_html", "  /runs/ID HTML as sent to a browser (raw)"),
        latency("report_json", f"report.json, {reports.get('results_per_run', 'N')} results: p50 / p99, req/s",
                f"p50 ≤ {REPORT_MAX_P50_MS} ms", REPORT_MAX_P50_MS),
        sent("report_json", "  report.json as sent to a client accepting gzip (raw)"),
    ]


# MARK: report

def ratio(a, b, higher_is_better=True):
    if a is None or b is None or a == 0 or b == 0:
        return None
    return a / b if higher_is_better else b / a


def fmt(v, unit=""):
    if v is None:
        return "—"
    if isinstance(v, str):
        return v
    if abs(v) >= 100:
        return f"{v:,.0f}{unit}"
    return f"{v:.2f}{unit}" if abs(v) < 10 else f"{v:.1f}{unit}"


def main():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    os.makedirs(RESULTS, exist_ok=True)

    # The same Public/ for both servers. When the page has no script yet, a 25 KB fixture
    # stands in for the main script so that the script-sized case is still measured.
    shutil.copytree(os.path.join(ROOT, "Public"), os.path.join(WORK, "public"))
    script = main_script()
    script_note = None
    if script is None:
        script = "/bench-main.js"
        script_note = "Public/ has no script yet: a 25 KB fixture (bench/.work/public/bench-main.js) stands in"
        chunk = "function probe(name, run) {\n  return fetch('/api/' + name, {method: 'POST', body: JSON.stringify(run)});\n}\n"
        open(os.path.join(WORK, "public", "bench-main.js"), "w").write((chunk * (25_600 // len(chunk) + 1))[:25_600])
    paths = [("page", "/"), ("script", script)]

    # Certificates first (the local CA and leaf), then shared by every HTTPS server.
    data_certs = os.path.join(WORK, "data-certs")
    proc = subprocess.Popen([BIN, "serve", "--host", "127.0.0.1", "--port", str(PORTS["probe_https"]), "--second-port", "off",
                             "--setup-port", "off", "--data-dir", data_certs, "--public", os.path.join(WORK, "public"),
                             "--log-level", "warn"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    started.append(("probe", proc))
    wait_listening(PORTS["probe_https"])
    stop_probe(proc)
    for name in os.listdir(data_certs):
        if name.startswith("probe.sqlite") or name == "token":
            os.remove(os.path.join(data_certs, name))

    report = {"machine": {"cores": os.cpu_count(), "kernel": os.uname().release,
                          "nginx": subprocess.run(["nginx", "-v"], capture_output=True, text=True).stderr.strip(),
                          "wrk_threads": THREADS, "duration_s": DURATION, "rounds": ROUNDS,
                          "load_avg_at_start": os.getloadavg()},
              "started_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "notes": []}
    if script_note:
        report["notes"].append(script_note)

    print("start to listening (median of 5)...", flush=True)
    report["start"] = {"probe": measure_start("probe"), "nginx": measure_start("nginx")}
    report["sizes"] = measure_sizes()

    probe_http = start_probe("http", PORTS["probe_http"], https=False)
    probe_https = start_probe("https", PORTS["probe_https"], https=True)
    nginx = start_nginx("main", PORTS["nginx_http"], PORTS["nginx_https"])
    # One probe-server per scheme (--http is a mode); both idle when the other is measured.
    probe = {"name": "probe-server", "kind": "probe", "proc": probe_http,
             "ports": {"http": PORTS["probe_http"], "https": PORTS["probe_https"]}}
    probe_tls = dict(probe, proc=probe_https)
    ngx = {"name": "nginx", "kind": "nginx", "pidfile": nginx,
           "ports": {"http": PORTS["nginx_http"], "https": PORTS["nginx_https"]}}
    time.sleep(1)
    report["rss_idle_mb"] = {"probe": server_rss_mb(probe_tls), "probe_http": server_rss_mb(probe),
                             "nginx": server_rss_mb(ngx)}
    report["private_idle_mb"] = {"probe": server_private_mb(probe_tls), "nginx": server_private_mb(ngx)}

    def pick(server, case):
        """The HTTPS probe-server process for HTTPS cases."""
        if server["kind"] == "probe" and case.get("scheme", "https") == "https":
            return probe_tls
        return server

    print("static keep-alive...", flush=True)
    cases = static_cases(paths)
    static = run_interleaved([probe, ngx], cases, lambda s, c: measure_static(pick(s, c), c))

    print("TLS handshakes...", flush=True)
    hs_cases = [{"id": "tls.full", "path": "/"}, {"id": "tls.resumed13", "path": "/"},
                {"id": "tls.resumed12", "path": "/", "tls12": True}]
    handshakes = run_interleaved([probe, ngx], hs_cases,
                                 lambda s, c: (measure_full_handshakes if c["id"] == "tls.full" else measure_resumed)(pick(s, c), c))

    print("result ingestion (probe-server only: nginx has no store)...", flush=True)
    ingest_proc = start_probe("ingest", PORTS["probe_ingest"], https=True,
                              extra=["--trust-proxy", "127.0.0.1/32"])
    ingest_server = {"name": "probe-server", "kind": "probe", "proc": ingest_proc,
                     "data": os.path.join(WORK, "data-ingest"), "ports": {"https": PORTS["probe_ingest"]}}
    ingest = measure_ingest(ingest_server, ROUNDS)
    stop_probe(ingest_proc)

    print(f"{IDLE:,} idle keep-alive connections...", flush=True)
    idle = {}
    for tls in (False, True):
        for server in (probe, ngx):
            s = pick(server, {"scheme": "https" if tls else "http"})
            idle[(server["name"], tls)] = measure_idle_connections(s, IDLE, tls, script)
            print(f"  {server['name']:<13} {'HTTPS' if tls else 'HTTP '} {idle[(server['name'], tls)]}", flush=True)

    print("page weight and the unattended flow...", flush=True)
    report["page"] = page_weight()
    print("  " + first_load_line(report["page"]), flush=True)
    flow_server = dict(probe_tls, data=os.path.join(WORK, "data-https"))
    report["flow"] = unattended_flow(flow_server)
    print("  the flow on loopback: " + (f"{report['flow']['median_ms']:,.0f} ms" if report["flow"].get("median_ms") else report["flow"]["status"]), flush=True)
    print("the flow as devices feel it (DevTools emulation)...", flush=True)
    report["flows"] = device_flows(flow_server, report["flow"])
    print("reports of judged runs...", flush=True)
    try:
        report["reports"] = measure_reports(probe_tls, os.path.join(WORK, "data-https"), report["flow"])
    except (RuntimeError, OSError, KeyError) as e:
        report["reports"] = {"status": f"not measurable: {e}"}

    # Peak RSS under load: the largest sample over the static and handshake runs.
    def peak(server_name, groups):
        return max((s.get("rss_mb", 0) for g in groups for c in g.values() for s in c[server_name]), default=None)

    report["static"] = {cid: {name: summarise(v) for name, v in by.items()} for cid, by in static.items()}
    report["handshakes"] = {cid: {name: summarise(v) for name, v in by.items()} for cid, by in handshakes.items()}
    for cid, by in handshakes.items():
        for name, v in by.items():
            if any("resumed" in s for s in v):
                report["handshakes"][cid][name]["resumed_fraction"] = median_of(v, "resumed")
    report["ingest"] = dict(summarise(ingest), acknowledged=sum(s["accepted"] for s in ingest),
                            stored=sum(s["stored"] for s in ingest), refused=sum(s["other"] for s in ingest),
                            duplicates=sum(s["duplicates"] for s in ingest),
                            rss_mb=max(s["rss_mb"] for s in ingest))
    report["rss_load_mb"] = {"probe": max(peak("probe-server", [static, handshakes]), report["ingest"]["rss_mb"]),
                             "nginx": peak("nginx", [static, handshakes])}
    report["idle_connections"] = {f"{n}.{'https' if t else 'http'}": v for (n, t), v in idle.items()}
    report["machine"]["load_avg_at_end"] = os.getloadavg()
    report["finished_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())

    write_report(report, cases, hs_cases)


def write_report(report, cases, hs_cases):
    rows = []  # (what, probe, nginx, ratio, target, met)
    blind = []  # rows that measured nothing, with the reason: they fail bench/run

    def target_row(what, p, n, r, target, met, unit=""):
        if p is None or (target and met is None):
            blind.append(f"{what.strip()}: {p if isinstance(p, str) else 'no figure'}")
        rows.append((what, fmt(p, unit), fmt(n, unit), "—" if r is None else f"{r:.2f}×", target,
                     "" if met is None else ("✅" if met else "❌")))

    for case in cases:
        s = report["static"][case["id"]]
        p, n = s["probe-server"], s["nginx"]
        r = ratio(p["per_second"], n["per_second"])
        target_row(case["title"] + ", req/s", p["per_second"], n["per_second"], r, f"≥ {STATIC_MIN_RATIO:.1f}×",
                   None if r is None else r >= STATIC_MIN_RATIO)
        target_row("  p50 / p99 latency, ms", f"{fmt(p['p50_ms'])} / {fmt(p['p99_ms'])}",
                   f"{fmt(n['p50_ms'])} / {fmt(n['p99_ms'])}", None, "", None)
    titles = {"tls.full": "full TLS handshakes/s (wrk, Connection: close, 50 conns)",
              "tls.resumed13": "resumed TLS 1.3 handshakes/s (Python ssl client, 4 processes)",
              "tls.resumed12": "resumed TLS 1.2 handshakes/s (Python ssl client, 4 processes)"}
    for case in hs_cases:
        s = report["handshakes"][case["id"]]
        p, n = s["probe-server"], s["nginx"]
        r = ratio(p["per_second"], n["per_second"])
        full = case["id"] == "tls.full"
        target_row(titles[case["id"]], p["per_second"], n["per_second"], r, f"≥ {FULL_HANDSHAKE_MIN_RATIO:.1f}×" if full else "",
                   (r is not None and r >= FULL_HANDSHAKE_MIN_RATIO) if full else None)
        extra = ""
        if "resumed_fraction" in p:
            extra = f" (resumed {p['resumed_fraction']:.0%} / {n.get('resumed_fraction', 0):.0%})"
        target_row("  p50 / p99 latency, ms" + extra, f"{fmt(p['p50_ms'])} / {fmt(p['p99_ms'])}",
                   f"{fmt(n['p50_ms'])} / {fmt(n['p99_ms'])}", None, "", None)
    ing = report["ingest"]
    target_row("durable results/s (HTTPS, 50 conns, ~1 KB requests)", ing["per_second"], None, None, f"≥ {DURABLE_MIN_PER_SECOND:,}",
               ing["per_second"] is not None and ing["per_second"] >= DURABLE_MIN_PER_SECOND)
    target_row("  p50 / p99 latency, ms", f"{fmt(ing['p50_ms'])} / {fmt(ing['p99_ms'])}", "—", None, f"p99 < {INGEST_MAX_P99_MS} ms",
               ing["p99_ms"] is not None and ing["p99_ms"] < INGEST_MAX_P99_MS)
    target_row("  acknowledged results found in the database afterwards", f"{ing['stored']:,} ≥ {ing['acknowledged']:,}",
               "—", None, "all", ing["stored"] >= ing["acknowledged"])
    rss = report["rss_idle_mb"]
    target_row("RSS idle, MB (HTTPS process)", rss["probe"], rss["nginx"], ratio(rss["probe"], rss["nginx"], False),
               f"≤ {IDLE_RSS_MAX_MB} MB", None if rss["probe"] is None else rss["probe"] <= IDLE_RSS_MAX_MB)
    priv = report["private_idle_mb"]
    target_row("  private memory idle (RSS less shared libraries), MB", priv["probe"], priv["nginx"],
               ratio(priv["probe"], priv["nginx"], False), "", None)
    load = report["rss_load_mb"]
    target_row("RSS under load (peak), MB", load["probe"], load["nginx"], ratio(load["probe"], load["nginx"], False), "", None)
    for scheme in ("http", "https"):
        p = report["idle_connections"][f"probe-server.{scheme}"]
        n = report["idle_connections"][f"nginx.{scheme}"]
        target_row(f"RSS holding {IDLE:,} idle keep-alive conns (each fetched the script), {scheme.upper()}, MB", p["held_mb"], n["held_mb"],
                   ratio(p["held_mb"], n["held_mb"], False), f"≤ {IDLE_CONNECTIONS_MAX_MB} MB",
                   None if p["held_mb"] is None else p["held_mb"] <= IDLE_CONNECTIONS_MAX_MB)
    st = report["start"]
    target_row("process start → first accepted connection, ms", st["probe"]["median_ms"], st["nginx"]["median_ms"],
               ratio(st["probe"]["median_ms"], st["nginx"]["median_ms"], False), f"≤ {START_MAX_MS} ms",
               None if st["probe"]["median_ms"] is None else st["probe"]["median_ms"] <= START_MAX_MS)
    sizes = report["sizes"]
    target_row("shipped binary, stripped, MB", sizes["binary_mb"], None, None, f"≤ {BINARY_MAX_MB} MB",
               sizes["binary_mb"] <= BINARY_MAX_MB)
    if sizes["image_mb"] is not None:
        target_row("container image, MB", sizes["image_mb"], None, None, f"≤ {IMAGE_MAX_MB} MB", sizes["image_mb"] <= IMAGE_MAX_MB)
    page = report["page"]
    target_row("first load (index.html + the CSS and JS it links), raw bytes", page["raw_bytes"], None, None,
               f"≤ {FIRST_LOAD_RAW_BUDGET // 1024} KB", page["raw_bytes"] <= FIRST_LOAD_RAW_BUDGET)
    target_row("first load, gzip bytes", page["gzip_bytes"], None, None,
               f"≤ {FIRST_LOAD_GZIP_BUDGET // 1024} KB", page["gzip_bytes"] <= FIRST_LOAD_GZIP_BUDGET)
    target_row("pages some probes load later (away page, second-origin frames), raw / gzip bytes",
               f"{page['on_demand_raw_bytes']:,} / {page['on_demand_gzip_bytes']:,}", None, None, "", None)
    flow = report["flow"]
    if flow.get("status") == "measured":
        target_row("unattended flow in headless Chromium, ms (median of 5)", flow["median_ms"], None, None, f"≤ {FLOW_MAX_MS / 1000:g} s",
                   flow["median_ms"] <= FLOW_MAX_MS)
    else:
        target_row("unattended flow in headless Chromium", flow["status"], None, None, f"≤ {FLOW_MAX_MS / 1000:g} s", None)
    flows = report.get("flows", {})
    for name, limit in (("phone", PHONE_FLOW_MAX_MS), ("tunnel", TUNNEL_FLOW_MAX_MS), ("rtt", None)):
        f = flows.get(name, {"status": "not measured"})
        what = f"  the flow on {FLOW_CONDITIONS[name]['title']}, ms (median of {len(f.get('samples_ms', [])) or FLOW_RUNS[name]})"
        target = f"≤ {limit / 1000:g} s" if limit else ""
        if f.get("status") != "measured":
            target_row(what, f["status"], None, None, target, None)
            continue
        target_row(what, f["median_ms"], None, None, target, f["median_ms"] <= limit if limit else None)
        if name == "rtt" and "serial_round_trips" in f:
            target_row("    round trips waited one after another ((this − loopback) ÷ 150 ms)", f["serial_round_trips"], None, None, "", None)
        if name == "tunnel":
            target_row("    bytes a run moves, up / down (requests)", f"{f['bytes_up']:,} / {f['bytes_down']:,} ({f['requests']})",
                       None, None, "", None)
    reports = report["reports"]
    if reports.get("status") == "measured":
        for what, figure, target, met in operator_rows(reports):
            target_row(what, figure, None, None, target, met)
    else:
        blind.append(f"/runs page and report.json of judged runs: {reports['status']}")
        rows.append(("/runs page and report.json of judged runs", reports["status"], "—", "—", "", ""))

    m = report["machine"]
    lines = [
        "# bench/run: probe-server beside nginx",
        "",
        f"Run {report['started_at']} – {report['finished_at']} on {m['cores']} cores (Linux {m['kernel']}), "
        f"{m['nginx']}, wrk -t{m['wrk_threads']} -d{m['duration_s']:g}s; each figure the median of "
        f"{m['rounds']} interleaved runs. Load average at start {m['load_avg_at_start'][0]:.2f}, at end "
        f"{m['load_avg_at_end'][0]:.2f}: other engineers' builds share the machine, so expect ±10 % noise.",
        "Ratio: probe-server ÷ nginx for rates, nginx ÷ probe-server for times and memory (above 1 = probe-server better).",
        "",
        "| measure | probe-server | nginx | ratio | target | met |",
        "|---|---:|---:|---:|---|:-:|",
    ]
    lines += [f"| {' | '.join(r)} |" for r in rows]
    lines += ["", "Samples (req/s per round) and notes:", ""]
    for cid, by in {**report["static"], **report["handshakes"]}.items():
        lines.append(f"- `{cid}`: probe-server {by['probe-server']['samples']}, nginx {by['nginx']['samples']}"
                     + (f"; errors {by['probe-server']['errors']} / {by['nginx']['errors']}"
                        if by['probe-server']['errors'] or by['nginx']['errors'] else ""))
    lines.append(f"- ingestion: {ing['samples']} results/s per round; {ing['acknowledged']:,} acknowledged, "
                 f"{ing['stored']:,} found in the database afterwards, {ing['refused']} refused, {ing['duplicates']} duplicates")
    lines.append(f"- start (ms): probe-server {report['start']['probe']['samples_ms']}, nginx {report['start']['nginx']['samples_ms']}")
    if "fill_s" in reports:
        lines.append(f"- operator pages: the store filled to {reports['stored_runs']:,} judged runs through the API in "
                     f"{reports['fill_s']:g} s ({FILL_THREADS} clients); the /runs rows as a browser asks (gzip accepted)")
    for name, f in [("loopback", flow)] + list(report.get("flows", {}).items()):
        if f.get("status") == "measured":
            lines.append(f"- the flow on {FLOW_CONDITIONS[name]['title']}: samples {f['samples_ms']} ms; "
                         f"the median run's time by phase: " + ", ".join(f"{p['phase']} {p['ms']:,}" for p in f.get("phases", [])) + " ms")
    for note in report["notes"]:
        lines.append(f"- {note}")
    lines += ["", "What limits each missed target, the profiles and what was changed: "
              "[docs/performance.md](../../docs/performance.md)."]
    text = "\n".join(lines) + "\n"
    open(os.path.join(RESULTS, "latest.md"), "w").write(text)
    json.dump(report, open(os.path.join(RESULTS, "latest.json"), "w"), indent=1, default=str)
    print()
    print(text)
    if blind:
        # A row without a figure is a harness defect, never a pass: the run fails and says which.
        for reason in blind:
            print(f"bench: a row measured nothing: {reason}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    if sys.argv[1:] == ["--page-weight"]:
        print(first_load_line(page_weight()))
        sys.exit(0)
    try:
        main()
    finally:
        cleanup()

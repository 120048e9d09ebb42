#!/usr/bin/env python3
"""bench/run's farm burst rows: a device farm starting its devices at once. Each simulated
device is one whole unattended run as the page posts it, replayed over HTTPS through the
real API: the page's own requests (POST /api/runs, /api/platform, GET /api/config, every
results batch with its real body, the read after its navigation, POST …/complete and the
diff), recorded from the page in headless Chromium just before the burst, in the same order,
sizes and pace, with the run's id and key substituted. BURST_DEVICES devices (500; 50 with
BENCH_QUICK=1) start within one second, each over its own keep-alive connection and from its
own forwarded address (--trust-proxy: a farm is many devices, and the rate limits count per
address, docs/architecture.md "Limits"). The page's probe endpoints (/probe/*) and static
files are not replayed: the rows measure the run API.

A farm's devices are machines of their own, so the simulated ones must not queue behind each
other: every tenth device runs in a timing process, the rest are dealt over BURST_CLIENTS load
processes (the cores, os.cpu_count()), each process with its own asyncio loop, every device still starting at
its own slot t0 + 1 s × i / devices on CLOCK_MONOTONIC (one clock for every process on
Linux); the webhook receiver is a process of its own. Their tallies are merged here. The
client's CPU is all of them together; its loop lag is the worst process's p99. They still
share the cores with the server, so the acknowledgements are timed by a process of their own
(every tenth device, `shares`) and the load processes yield the cores to the server
(`yield_cores`); every device's acknowledgements are reported beside them.

The rows, for one instance (SQLite, the server's own TLS) and for three instances over one
PostgreSQL behind nginx (TLS at nginx, the instances --http: docs/team-instance.md):
  judged and announced   runs whose complete answered a verdict and whose signed webhook
                         (--webhook, a receiver in this script) arrived, of the devices
  result acknowledgement each results POST from sent to its 200 (acknowledged = committed,
                         docs/architecture.md "The path of a result"), p50 and p99 of
                         the timing process's devices, and of every device beside them
  last verdict           burst start to the last webhook received; the page's own pace (the
                         recorded run's length) plus the one-second start spread is its floor
  CPU-s per run          utime + stime of the server process(es) (/proc/PID/stat, proc(5))
                         over the burst, divided by the devices; for three instances the sum
                         of the three, with nginx's and PostgreSQL's CPU as figures of their own;
                         each instance serves one run before (`warm`): its one-time costs are
                         not a run's

Writes bench/results/burst.json and its rows into bench/results/latest.md (between the
BURST_START and BURST_END markers, replaced when run again); bench/render_doc.py renders
docs/performance.md's rows from burst.json. Needs Chromium and Python Playwright (the
recording), Debian's postgresql and nginx. Environment: BENCH_BIN, BENCH_QUICK,
BENCH_RESULTS, BENCH_WORK, BURST_DEVICES, BURST_CLIENTS. A row without its figure, or a
burst in which no run was judged, fails the run with its reason.
"""
import asyncio
import gc
import hashlib
import hmac
import http.server
import gzip
import json
import multiprocessing
import os
import re
import resource
import shutil
import signal
import ssl
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import (BIN, QUICK, RESULTS, ROOT, WORK, children, fmt, ratio,  # noqa: E402
                   stop_probe, wait_listening)
from stores import Postgres, balancer_conf, free_dir  # noqa: E402

DEVICES = int(os.environ.get("BURST_DEVICES", "50" if QUICK else "500"))
SPREAD_S = 1.0                   # every device starts within this
# The devices' client processes (each its own asyncio loop and GIL, as a farm's devices are
# machines of their own); the webhook receiver has one more.
CLIENTS = max(1, int(os.environ.get("BURST_CLIENTS", "0")) or os.cpu_count() or 1)
# Every TIMED_EVERY-th device runs in the timing process, whose acknowledgements are the row's
# figure (`shares`): 50 of 500 devices, 5 of 50 with BENCH_QUICK.
TIMED_EVERY = 10
# The load processes' scheduling group's nice (`yield_cores`).
LOAD_NICE = int(os.environ.get("BURST_LOAD_NICE", "5"))
MP = multiprocessing.get_context("spawn")   # nothing of the parent's threads (Playwright's) in a child
# The targets (latest.md and docs/performance.md judge by these, bench/render_doc.py).
ACK_MAX_P99_MS = 100             # a results POST acknowledged, at the 99th percentile
# Three instances' CPU per run against one instance's on the same store behind the same nginx:
# what scaling out costs per run, so more cores would scale it. Against the default (one
# instance over SQLite, its own TLS) the figure mixes in the store's cost too (PostgreSQL's
# protocol against SQLite's calls in the process): shown beside it, not judged.
CPU_MAX_RATIO = 1.15
TOKEN = "bench-burst-token-0123456789abcdef"
SECRET = "bench-burst-webhook-secret"
# Each bound only ends a burst that went wrong; none is a target.
DEVICE_BOUND_S = 180
ANNOUNCE_BOUND_S = 60
PORTS = {"record": 19940, "one": 19950, "hook": 19960, "three": [19971, 19972, 19973], "nginx": 19975,
         "postgres": 19980}
BURST_START = "<!-- burst rows: written by bench/burst.py -->"
BURST_END = "<!-- end of the burst rows -->"
# Request headers a replay does not copy: the connection's own (Host, length, keep-alive)
# and the cookies the probes set, which the replay does not run.
DROPPED_HEADERS = {"host", "content-length", "connection", "cookie", "keep-alive"}

started = []                      # ("probe", Popen) or ("nginx", Popen) to stop on exit
scratch = []                      # nginx's folders, removed on exit


# MARK: processes and their CPU

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid, reaped=False):
    """utime + stime of a process (all its threads), and with reaped its waited-for
    children's too (cutime + cstime): fields 14-17 of /proc/PID/stat, proc(5)."""
    try:
        text = open(f"/proc/{pid}/stat").read()
    except OSError:
        return 0.0
    fields = text[text.rindex(")") + 2:].split()   # after the command, which may hold spaces
    ticks = int(fields[11]) + int(fields[12]) + ((int(fields[13]) + int(fields[14])) if reaped else 0)
    return ticks / TICKS


def tree_cpu(pid):
    """A master and its workers (nginx, PostgreSQL's postmaster and backends), with what
    the master's exited children spent."""
    return cpu_seconds(pid, reaped=True) + sum(cpu_seconds(c) for c in children(pid))


def start_server(name, port, extra):
    data = os.path.join(WORK, f"burst-{name}")
    if os.path.exists(data):
        shutil.rmtree(data)
    os.makedirs(data)
    log = open(os.path.join(WORK, f"burst-{name}.log"), "w")
    args = [BIN, "serve", "--host", "127.0.0.1", "--port", str(port), "--second-port", "off", "--setup-port", "off",
            "--data-dir", data, "--public", os.path.join(ROOT, "Public"), "--log-level", "warn", "--token", TOKEN,
            "--max-store", "1T", *extra]
    # Its own session, as bench.py starts its servers (autogroup scheduling: bench.py).
    proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    started.append(("probe", proc))
    wait_listening(port, timeout=30)
    return proc, data


def start_nginx(port, upstreams, cert, key):
    """nginx terminating TLS in front of the instances, as docs/team-instance.md deploys it;
    the device's forwarded address passes through (bench/stores.py's balancer does the same)."""
    work = free_dir("bench-burst-lb-")
    scratch.append(work)
    conf = balancer_conf(work, upstreams,
                         f"listen 127.0.0.1:{port} ssl; ssl_certificate {cert}; ssl_certificate_key {key};"
                         f"keepalive_requests 1000; client_max_body_size 2m;"
                         f"location / {{ proxy_pass http://probe; proxy_http_version 1.1; proxy_set_header Connection \"\";"
                         f"proxy_set_header Host $http_host; proxy_set_header X-Forwarded-Proto https;"
                         f"proxy_set_header X-Forwarded-For $http_x_forwarded_for; }}")
    open(f"{work}/nginx.conf", "w").write(conf)
    proc = subprocess.Popen(["nginx", "-p", work, "-c", f"{work}/nginx.conf"], start_new_session=True)
    started.append(("nginx", proc))
    wait_listening(port)
    return proc


def cleanup():
    for kind, proc in reversed(started):
        if kind == "probe":
            stop_probe(proc)
        elif proc.poll() is None:
            proc.send_signal(signal.SIGQUIT)   # nginx's graceful stop
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    started.clear()
    for folder in scratch:
        shutil.rmtree(folder, ignore_errors=True)
    scratch.clear()


# MARK: the page's requests, recorded

RUN_PATH = re.compile(r"^/api/runs/([^/?]+)")


def record():
    """One unattended run of the page in headless Chromium against a throwaway instance:
    every request to /api/, in order, with its offset from the first, its headers and body.
    The run's id and key become {RUN} and {KEY}, the server's origin {ORIGIN}."""
    from playwright.sync_api import sync_playwright
    proc, _ = start_server("record", PORTS["record"], [])
    origin = f"https://127.0.0.1:{PORTS['record']}"
    seen = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                        args=["--ignore-certificate-errors", "--use-fake-ui-for-media-stream",
                                              "--use-fake-device-for-media-stream",
                                              "--autoplay-policy=no-user-gesture-required"])
            try:
                context = browser.new_context(ignore_https_errors=True)
                page = context.new_page()

                def on_request(request):
                    if request.url.startswith(origin + "/api/"):
                        seen.append((time.monotonic(), request))
                context.on("request", on_request)
                with page.expect_response(lambda r: "/complete" in r.url and r.request.method == "POST",
                                          timeout=120_000) as completed:
                    page.goto(origin + "/?mode=unattended", wait_until="commit")
                completed.value.finished()
                # The page reads the run's diff after its complete: wait for it too.
                deadline = time.monotonic() + 15
                while time.monotonic() < deadline and not any("/diff" in r.url for _, r in seen):
                    page.wait_for_timeout(100)
                steps = []
                for at, request in seen:
                    headers = request.all_headers()
                    steps.append({"at": at, "method": request.method, "url": request.url[len(origin):],
                                  "headers": {k: v for k, v in headers.items()
                                              if k.lower() not in DROPPED_HEADERS and not k.startswith(":")},
                                  "body": request.post_data_buffer or b""})
            finally:
                browser.close()
    finally:
        stop_probe(proc)
    created = [s for s in steps if s["method"] == "POST" and s["url"] == "/api/runs"]
    runs = {RUN_PATH.match(s["url"]).group(1) for s in steps if RUN_PATH.match(s["url"])}
    if not created or len(runs) != 1:
        raise RuntimeError(f"the recorded run is not one run the page created: {[s['url'] for s in steps]}")
    run = runs.pop()
    key = re.search(r"[?&]key=([^&]+)", next(s["url"] for s in steps if "key=" in s["url"])).group(1)
    first = steps[0]["at"]
    sequence = []
    for s in steps:
        def put(text):
            return text.replace(run, "{RUN}").replace(key, "{KEY}").replace(origin, "{ORIGIN}")
        sequence.append({"offset_ms": round((s["at"] - first) * 1000, 1), "method": s["method"], "path": put(s["url"]),
                         "headers": {k: put(v) for k, v in s["headers"].items()},
                         "body": put(s["body"].decode("utf-8"))})
    # The page sends its creation, platform and config side by side: the creation first, since
    # everything after needs its id.
    sequence.sort(key=lambda s: (s["offset_ms"], s["path"] != "/api/runs"))
    return sequence


def kind(step):
    path = step["path"].split("?")[0]
    if step["method"] == "POST" and path == "/api/runs":
        return "create"
    if step["method"] == "POST" and path.endswith("/results"):
        return "results"
    if step["method"] == "POST" and path.endswith("/complete"):
        return "complete"
    return "other"


# MARK: the webhook receiver

def receive_announcements(port, conn):
    """The receiver's own process (the devices' processes never wait on its GIL): an
    http.server thread checks each signed verdict; conn answers the parent's reset, wait and
    close. Arrival times are CLOCK_MONOTONIC, which is one clock for every process on Linux."""
    arrived, forged, lock = {}, [0], threading.Lock()
    secret = SECRET.encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            at = time.monotonic()
            signed = f"v1:{self.headers.get('X-Probe-Timestamp')}.{self.headers.get('X-Probe-Delivery')}.".encode() + body
            good = "v1=" + hmac.new(secret, signed, hashlib.sha256).hexdigest()
            if hmac.compare_digest(good, self.headers.get("X-Probe-Signature", "")):
                run = json.loads(body)["run"]["id"]
                with lock:
                    arrived.setdefault(run, at)
            else:
                with lock:
                    forged[0] += 1
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    conn.send("ready")
    while True:
        try:
            what, *args = conn.recv()
        except EOFError:
            what = "close"
        if what == "reset":
            with lock:
                arrived.clear()
                forged[0] = 0
            conn.send(None)
        elif what == "wait":                       # until every run of args[0] arrived, or args[1]
            runs, deadline = args
            while time.monotonic() < deadline:
                with lock:
                    if arrived.keys() >= runs:
                        break
                time.sleep(0.02)
            with lock:
                conn.send((dict(arrived), forged[0]))
        else:
            server.shutdown()
            server.server_close()
            return


class Announcements:
    """Signed verdicts as a receiver gets them: each run's first arrival, checked against its
    X-Probe-Signature (v1=HMAC-SHA256 of v1:TIMESTAMP.DELIVERY.BODY, docs/team-instance.md).
    The receiver runs in a process of its own (receive_announcements)."""

    def __init__(self, port):
        self.conn, theirs = MP.Pipe()
        self.process = MP.Process(target=receive_announcements, args=(port, theirs), daemon=True)
        self.process.start()
        theirs.close()
        if not self.conn.poll(30) or self.conn.recv() != "ready":
            raise RuntimeError("the webhook receiver did not start")
        self.url = f"http://127.0.0.1:{port}/hook"
        self.forged = 0

    def reset(self):
        self.conn.send(("reset",))
        self.conn.recv()
        self.forged = 0

    def wait(self, runs, deadline):
        """{run: arrival} once every run of runs arrived (or at deadline), and the forged count."""
        self.conn.send(("wait", set(runs), deadline))
        arrived, self.forged = self.conn.recv()
        return arrived

    def cpu(self):
        return cpu_seconds(self.process.pid)

    def close(self):
        if self.process.is_alive():
            try:
                self.conn.send(("close",))
            except OSError:
                pass
            self.process.join(5)
            if self.process.is_alive():
                self.process.kill()
                self.process.join()


# MARK: the devices

class Device:
    """One device's keep-alive connection, HTTP/1.1 over TLS (plain HTTP with no context:
    `warm`, to an instance behind nginx); reconnects when the server closes it (it may,
    after 1,000 requests or an idle minute)."""

    def __init__(self, port, context):
        self.port, self.context = port, context
        self.reader = self.writer = None

    async def connect(self):
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port, ssl=self.context,
                                                                 server_hostname="localhost" if self.context else None)

    async def send(self, request):
        """request: the whole request's bytes. The answer's status, its head (lower case)
        and its body."""
        if self.writer is None:
            await self.connect()
        self.writer.write(request)
        head = (await self.reader.readuntil(b"\r\n\r\n")).lower()
        status = int(head[9:12])
        length = field(head, b"content-length")
        if length is not None:
            data = await self.reader.readexactly(int(length))
        elif field(head, b"transfer-encoding") == b"chunked":
            data = b""
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    await self.reader.readuntil(b"\r\n")    # no trailers: the empty line
                    break
                data += (await self.reader.readexactly(size + 2))[:-2]
        else:
            data = b""
        if field(head, b"connection") == b"close":
            self.close()
        return status, head, data

    def close(self):
        if self.writer is not None:
            self.writer.close()
            self.writer = self.reader = None


def field(head, name):
    """A header's value from a lower-cased response head, or None."""
    at = head.find(b"\r\n" + name + b":")
    if at < 0:
        return None
    at += len(name) + 3
    return head[at:head.index(b"\r\n", at)].strip()


def body_of(head, data):
    """An answer's body as sent before its Content-Encoding (the page asks for gzip, and the
    server may compress a JSON answer): only the answers the device reads are unpacked."""
    return gzip.decompress(data) if field(head, b"content-encoding") == b"gzip" else data


RETRIED = {408, 429, 503}          # what the page's queue sends again (Public/results.js)


def compile_steps(sequence, port, scheme="https"):
    """Each recorded step once as bytes templates: the request head without the device's
    run, key and address, its body, whether either needs them, and its kind."""
    origin = f"{scheme}://127.0.0.1:{port}"
    steps = []
    for step in sequence:
        lines = [f"{step['method']} {step['path']} HTTP/1.1", f"Host: 127.0.0.1:{port}", "X-Forwarded-For: {ADDR}"]
        lines += [f"{k}: {v}" for k, v in step["headers"].items()]
        head = "\r\n".join(lines).replace("{ORIGIN}", origin).encode()
        body = step["body"].replace("{ORIGIN}", origin).encode()
        steps.append({"at": step["offset_ms"] / 1000, "kind": kind(step), "method": step["method"],
                      "path": step["path"].split("?")[0], "head": head, "body": body,
                      "body_put": b"{RUN}" in body or b"{KEY}" in body,
                      "length": step["method"] == "POST" or bool(body)})
    return steps


def request_of(step, run, key, address):
    head = step["head"].replace(b"{ADDR}", address)
    if run is not None:
        head = head.replace(b"{RUN}", run).replace(b"{KEY}", key)
    body = step["body"]
    if step["body_put"] and run is not None:
        body = body.replace(b"{RUN}", run).replace(b"{KEY}", key)
    if step["length"]:
        return b"%s\r\nContent-Length: %d\r\n\r\n%s" % (head, len(body), body)
    return head + b"\r\n\r\n" + body


async def device_run(index, t0, steps, port, context, tally):
    """One whole run: the recorded steps at their recorded offsets from the device's own
    start (or at once, when the answer before came later), one connection."""
    start = t0 + SPREAD_S * index / DEVICES
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    device = Device(port, context)
    address = f"10.{90 + index // 62500}.{index // 250 % 250}.{index % 250 + 1}".encode()
    run = key = None
    try:
        for step in steps:
            await asyncio.sleep(max(0.0, start + step["at"] - time.monotonic()))
            what = step["kind"]
            # The page asks for what needs no run before it creates one (the config, preloaded
            # beside its scripts); a step that names the run waits for its creation.
            names_run = b"{RUN}" in step["head"] or b"{KEY}" in step["head"] or step["body_put"]
            if names_run and run is None:
                tally["failed"].append(f"device {index}: no run created")
                break
            request = request_of(step, run, key, address)
            sent = time.monotonic()
            for attempt in range(6):
                status, head, data = await device.send(request)
                if status not in RETRIED or what not in ("results", "create"):
                    break
                tally["retried"][status] = tally["retried"].get(status, 0) + 1
                await asyncio.sleep(min(2.0, float(field(head, b"retry-after") or b"1")))
            took = (time.monotonic() - sent) * 1000
            if status >= 400:
                tally["refused"].setdefault(f"{status} {step['method']} {step['path']}",
                                            body_of(head, data)[:200].decode("utf-8", "replace"))
                tally["refusals"] += 1
            ok = 200 <= status < 300
            if what == "results":
                if ok:
                    tally["acks_ms"].append(took)
                    tally["acks_at_s"].append(sent - t0)
            elif what == "create" and ok:
                created = json.loads(body_of(head, data))
                run, key = created["id"].encode(), created["writeKey"].encode()
                tally["created"].append(created["id"])
            elif what == "complete" and ok and json.loads(body_of(head, data)).get("verdict"):
                tally["judged"][run.decode()] = time.monotonic()
    except (OSError, asyncio.IncompleteReadError, ValueError, ssl.SSLError) as e:
        tally["failed"].append(f"device {index}: {type(e).__name__}: {e}")
    finally:
        device.close()


async def loop_lag(tally, every=0.01):
    """How late the client's own event loop wakes: an acknowledgement is timed by the same
    loop, so its lag is in every figure (the client shares the cores with the server)."""
    tally["lag_ms"] = []
    while True:
        due = time.monotonic() + every
        await asyncio.sleep(every)
        tally["lag_ms"].append((time.monotonic() - due) * 1000)


def new_tally():
    """What one client process counts of its devices (merged by `gather`)."""
    return {"created": [], "judged": {}, "acks_ms": [], "acks_at_s": [], "refused": {}, "refusals": 0, "retried": {},
            "failed": []}


async def burst(indices, t0, steps, port):
    """The devices of indices (one client process's share), each starting at its own slot."""
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    tally = new_tally()
    devices = [asyncio.create_task(device_run(i, t0, steps, port, context, tally)) for i in indices]
    lag = asyncio.create_task(loop_lag(tally))
    done, pending = await asyncio.wait(devices, timeout=max(1.0, t0 + DEVICE_BOUND_S - time.monotonic()))
    lag.cancel()
    for task in pending:
        task.cancel()
    for task in done:
        if task.exception() is not None:
            e = task.exception()
            tally["failed"].append(f"{type(e).__name__}: {e}")
    if pending:
        tally["failed"].append(f"{len(pending)} devices still running after {DEVICE_BOUND_S} s")
    return tally


def client(indices, timing, sequence, port, conn):
    """One client process: its devices (indices) on an asyncio loop of its own. Answers
    "ready", then takes t0 (CLOCK_MONOTONIC, one clock for every process) and sends back its
    tally and the CPU it spent from then on."""
    yield_cores(timing)
    steps = compile_steps(sequence, port)
    conn.send("ready")
    t0 = conn.recv()
    gc.disable()                                   # short-lived: what it allocates dies with it
    before = resource.getrusage(resource.RUSAGE_SELF)
    tally = asyncio.run(burst(indices, t0, steps, port))
    after = resource.getrusage(resource.RUSAGE_SELF)
    tally["cpu_s"] = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    tally["lag_p99_ms"] = percentile(tally.pop("lag_ms"), 0.99)
    conn.send(tally)
    conn.close()


def yield_cores(timing):
    """A farm's devices bring their own CPU; here they share the server's two cores. Each
    client process is a session of its own, so a scheduling group of its own under the
    kernel's autogroup scheduling (sched(7), "The autogroup feature"), and a load process's
    group runs at nice LOAD_NICE (5: a third of the weight of nice 0, so the two load
    processes together get about two fifths of the cores when the server wants them all,
    https://docs.kernel.org/scheduler/sched-nice-design.html): the server comes first, as it
    would beside real devices, without starving the load (at nice 19 a burst's last verdict
    came 2 s later, its devices' requests late). The timing process keeps nice 0: its waits
    are what is measured.
    Where autogroups are off or /proc/self/autogroup is not writable, nothing changes."""
    os.setsid()
    if not timing:
        try:
            with open("/proc/self/autogroup", "w") as f:
                f.write(str(LOAD_NICE))
        except OSError:
            pass


def shares():
    """The devices of each client process: every TIMED_EVERY-th device in the timing process,
    the rest dealt over the CLIENTS load processes. The timing process's loop carries a tenth
    of a load process's devices, so its acknowledgements are the server's and the network's,
    not its own loop's backlog (a load process's loop lags by tens of milliseconds when the
    burst fills the cores: the figures in brackets, all devices); every device still puts
    its whole run on the server."""
    timed = [i for i in range(DEVICES) if i % TIMED_EVERY == 0]
    rest = [i for i in range(DEVICES) if i % TIMED_EVERY != 0]
    loads = [rest[shard::CLIENTS] for shard in range(min(CLIENTS, len(rest)))]
    return [(timed, True)] + [(load, False) for load in loads if load]


def start_clients(sequence, port):
    """The timing process and the CLIENTS load processes (`shares`), each started and ready
    (its imports and templates done) before the burst's clock starts."""
    clients = []
    for indices, timing in shares():
        mine, theirs = MP.Pipe()
        process = MP.Process(target=client, args=(indices, timing, sequence, port, theirs), daemon=True)
        process.start()
        theirs.close()
        clients.append((process, mine, timing))
    for process, conn, _ in clients:
        if not conn.poll(60) or conn.recv() != "ready":
            raise RuntimeError(f"a client process did not start (exit code {process.exitcode})")
    return clients


def gather(clients):
    """The client processes' tallies merged into one, with each one's CPU and loop lag."""
    total = {"created": [], "judged": {}, "acks_ms": [], "acks_at_s": [], "refused": {}, "refusals": 0, "retried": {}, "failed": [],
             "cpu_s": [], "lag_p99_ms": [], "timed_acks_ms": [], "timed_acks_at_s": [], "timed_lag_p99_ms": None}
    deadline = time.monotonic() + DEVICE_BOUND_S + 60
    for shard, (process, conn, timing) in enumerate(clients):
        try:
            if not conn.poll(max(0.0, deadline - time.monotonic())):
                raise EOFError("no answer")
            tally = conn.recv()
        except (EOFError, OSError) as e:
            total["failed"].append(f"client process {shard}: {e or 'exited'} (exit code {process.exitcode})")
            continue
        finally:
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join()
        for key in ("created", "acks_ms", "acks_at_s", "failed"):
            total[key] += tally[key]
        total["judged"].update(tally["judged"])
        for what, example in tally["refused"].items():
            total["refused"].setdefault(what, example)
        total["refusals"] += tally["refusals"]
        for status, n in tally["retried"].items():
            total["retried"][status] = total["retried"].get(status, 0) + n
        total["cpu_s"].append(tally["cpu_s"])
        total["lag_p99_ms"].append(tally["lag_p99_ms"])
        if timing:
            total["timed_acks_ms"] = tally["acks_ms"]
            total["timed_acks_at_s"] = tally["acks_at_s"]
            total["timed_lag_p99_ms"] = tally["lag_p99_ms"]
    return total


def percentile(values, q):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def warm(sequence, targets):
    """One whole run on each instance before its burst, (port, TLS) each, straight to the
    instance (nginx would hash every run to one): an instance's first run pays what it pays
    once (the catalog's version digest on its first completion, the config's encoding and
    gzip, the store's connections and prepared statements), and the rows compare runs as a
    long-running instance serves them; the start row (bench.py) measures the start. Its
    device addresses follow the burst's, so no rate limit counts them twice."""
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE

    async def runs():
        tally = new_tally()
        now = time.monotonic()
        await asyncio.gather(*(device_run(DEVICES + i, now - SPREAD_S * (DEVICES + i) / DEVICES,
                                          compile_steps(sequence, port, "https" if tls else "http"), port,
                                          context if tls else None, tally)
                               for i, (port, tls) in enumerate(targets)))
        return tally

    tally = asyncio.run(runs())
    if len(tally["judged"]) != len(targets):
        raise SystemExit(f"burst: the warm-up runs were not all judged ({len(tally['judged'])} of {len(targets)}): "
                         f"{tally['failed'][:3]} {list(tally['refused'].items())[:3]}")


def measure(name, sequence, port, hooks, servers, others=None):
    """The burst against port: the servers' CPU (pids) and the others' (named trees) from
    just before the first device to the last verdict announced."""
    time.sleep(0.5)                                # the warm-up's announcements in, before the reset
    hooks.reset()
    clients = start_clients(sequence, port)
    time.sleep(1)                                  # the servers idle before the burst
    before = {pid: cpu_seconds(pid) for pid in servers}
    before_others = {k: tree_cpu(pid) for k, pid in (others or {}).items()}
    client_before = resource.getrusage(resource.RUSAGE_SELF)
    hooks_before = hooks.cpu()
    load_before = os.getloadavg()
    t0 = time.monotonic() + 0.2
    for _, conn, _ in clients:
        conn.send(t0)
    tally = gather(clients)
    judged = set(tally["judged"])
    arrived = hooks.wait(judged, time.monotonic() + ANNOUNCE_BOUND_S)
    ended = time.monotonic()
    server_cpu = sum(cpu_seconds(pid) - before[pid] for pid in servers)
    other_cpu = {k: tree_cpu(pid) - before_others[k] for k, pid in (others or {}).items()}
    client_after = resource.getrusage(resource.RUSAGE_SELF)
    hooks_cpu = hooks.cpu() - hooks_before
    devices_cpu = sum(tally["cpu_s"])
    parent_cpu = (client_after.ru_utime + client_after.ru_stime) - (client_before.ru_utime + client_before.ru_stime)
    lags = [lag for lag in tally["lag_p99_ms"] if lag is not None]
    announced = judged & set(arrived)
    last = max(arrived[r] for r in announced) if announced else None
    acks, timed = tally["acks_ms"], tally["timed_acks_ms"]
    # The acknowledgements by when they were sent, in half-seconds of the burst: where in
    # the burst the slow ones are (the starts' handshakes, the steady middle, the judging tail).
    def by_time(at_s, took_ms):
        slices = {}
        for at, took in zip(at_s, took_ms):
            slices.setdefault(int(max(0.0, at) * 2) / 2, []).append(took)
        return [{"from_s": k, "acks": len(v), "p50_ms": percentile(v, 0.5), "p99_ms": percentile(v, 0.99), "max_ms": max(v)}
                for k, v in sorted(slices.items())]
    row = {"devices": DEVICES, "created": len(tally["created"]), "judged": len(judged), "announced": len(announced),
           "forged_announcements": hooks.forged,
           # The timing process's devices (`shares`): the judged figure.
           "timed_devices": len(shares()[0][0]), "timed_acks": len(timed),
           "ack_p50_ms": percentile(timed, 0.5), "ack_p99_ms": percentile(timed, 0.99),
           "ack_max_ms": max(timed) if timed else None, "timed_lag_p99_ms": tally["timed_lag_p99_ms"],
           # Every device's, the load processes' loop lag in each.
           "acks": len(acks), "all_ack_p50_ms": percentile(acks, 0.5), "all_ack_p99_ms": percentile(acks, 0.99),
           "timed_acks_by_time": by_time(tally["timed_acks_at_s"], timed),
           "acks_by_time": by_time(tally["acks_at_s"], acks),
           # The worst client process's loop lag p99 (each process has its own loop).
           "client_lag_p99_ms": max(lags) if lags else None, "client_lag_p99_ms_per_process": tally["lag_p99_ms"],
           "client_processes": len(tally["cpu_s"]),
           "last_verdict_s": None if last is None else last - t0,
           "last_complete_s": max(tally["judged"].values()) - t0 if judged else None,
           "measured_s": ended - t0,
           "server_cpu_s": server_cpu, "server_cpu_per_run_s": server_cpu / DEVICES,
           **{f"{k}_cpu_per_run_s": v / DEVICES for k, v in other_cpu.items()},
           # The devices' processes, the webhook receiver's and this one's.
           "client_cpu_s": devices_cpu + hooks_cpu + parent_cpu,
           "client_cpu_devices_s": devices_cpu, "client_cpu_receiver_s": hooks_cpu,
           "refusals": tally["refusals"], "refused": tally["refused"], "retried": tally["retried"],
           "failed": tally["failed"][:10], "load_avg_before": load_before, "load_avg_after": os.getloadavg()}
    print(f"  {name}: {row['judged']}/{DEVICES} judged, {row['announced']} announced, ack p50 {fmt(row['ack_p50_ms'])} "
          f"p99 {fmt(row['ack_p99_ms'])} ms ({row['timed_devices']} timed devices, loop lag p99 {fmt(row['timed_lag_p99_ms'])} ms; "
          f"all devices p50 {fmt(row['all_ack_p50_ms'])} p99 {fmt(row['all_ack_p99_ms'])}), last verdict {fmt(row['last_verdict_s'])} s, server "
          f"{row['server_cpu_per_run_s'] * 1000:.1f} CPU-ms/run"
          + "".join(f", {k} {v / DEVICES * 1000:.1f} CPU-ms/run" for k, v in other_cpu.items())
          + f", client {row['client_cpu_s']:.1f} CPU-s ({row['client_processes']} device processes "
          f"{devices_cpu:.1f}, receiver {hooks_cpu:.1f}; worst loop lag p99 {fmt(row['client_lag_p99_ms'])} ms), "
          f"{row['refusals']} refused", flush=True)
    for label, key in (("timed", "timed_acks_by_time"), ("all", "acks_by_time")):
        print(f"    {label} acks by when sent: " + ", ".join(f"{t['from_s']:.1f} s: {t['acks']} p50 {fmt(t['p50_ms'])} p99 {fmt(t['p99_ms'])}"
                                                     for t in row[key]), flush=True)
    for what, example in list(tally["refused"].items())[:5]:
        print(f"    refused: {what}: {example}", flush=True)
    for failure in tally["failed"][:5]:
        print(f"    failed: {failure}", flush=True)
    return row

# MARK: the report

def cpu_ms(seconds):
    return "—" if seconds is None else f"{seconds * 1000:.1f} ms"


def rows_of(report):
    """(measure, one instance, one over PostgreSQL, three instances, ratio, target, met):
    latest.md's table."""
    one, one_pg, three = report["rows"]["one"], report["rows"]["one_pg"], report["rows"]["three"]
    r, r_sqlite = report["cpu_ratio_three_over_one"], report["cpu_ratio_three_over_sqlite"]

    def all_of(row):
        return row["judged"] == row["announced"] == row["devices"]

    def judged(row):
        return f"{row['judged']} / {row['announced']} of {row['devices']}"

    def acks(row):
        return f"{fmt(row['ack_p50_ms'])} / {fmt(row['ack_p99_ms'])} ({fmt(row['all_ack_p50_ms'])} / {fmt(row['all_ack_p99_ms'])})"

    def cpu(row):
        if "nginx_cpu_per_run_s" not in row:
            return cpu_ms(row["server_cpu_per_run_s"])
        return (f"{cpu_ms(row['server_cpu_per_run_s'])} (nginx {cpu_ms(row.get('nginx_cpu_per_run_s'))}, "
                f"PostgreSQL {cpu_ms(row.get('postgresql_cpu_per_run_s'))})")

    def client(row):
        return f"{row['client_cpu_s']:.1f} s, {fmt(row['client_lag_p99_ms'])} ms ({fmt(row.get('timed_lag_p99_ms'))} ms)"
    return [
        ("runs judged (complete answered a verdict) and announced (signed webhook received)",
         judged(one), judged(one_pg), judged(three), "—", "all", all_of(one) and all_of(one_pg) and all_of(three)),
        (f"result acknowledgement p50 / p99, ms: the {one.get('timed_devices', '—')} devices of the timing process "
         "(every tenth device, on a loop of its own) and, in brackets, every device (the load processes' own loop lag "
         "in it: the last row)", acks(one), acks(one_pg), acks(three), "—", f"p99 ≤ {ACK_MAX_P99_MS} ms (×1)",
         None if one["ack_p99_ms"] is None else one["ack_p99_ms"] <= ACK_MAX_P99_MS),
        ("time until the last verdict, s (the page's pace: the recorded run lasts "
         f"{report['sequence']['recorded_s']:.1f} s, the starts spread over {SPREAD_S:g} s)",
         fmt(one["last_verdict_s"]), fmt(one_pg["last_verdict_s"]), fmt(three["last_verdict_s"]), "—", "", None),
        ("server CPU per run (the instances; nginx and PostgreSQL apart); the ratio: ×3 ÷ ×1 on the same PostgreSQL "
         "behind the same nginx, and in brackets ×3 ÷ the single instance over SQLite (the store's cost too)",
         cpu(one), cpu(one_pg), cpu(three),
         "—" if r is None else f"{r:.2f}× ({'—' if r_sqlite is None else f'{r_sqlite:.2f}×'})",
         f"×3 ÷ ×1 ≤ {CPU_MAX_RATIO}×", None if r is None else r <= CPU_MAX_RATIO),
        (f"client CPU (the devices in {one.get('client_processes', 1)} Python processes, the webhook receiver in one "
         "more), and the worst process's event-loop lag p99, the timing process's in brackets (in every time above: the client shares the cores "
         "with the server)", client(one), client(one_pg), client(three), "—", "", None),
    ]


def markdown(report):
    lines = [BURST_START, "", f"## A device farm's burst: {report['devices']} devices within {SPREAD_S:g} s (bench/burst.py)", "",
             f"Measured {report['measured_at']} on {report['cores']} cores, {report['build']} build, load average "
             f"{report['load_avg_at_start'][0]:.2f} at the start and {report['load_avg_at_end'][0]:.2f} at the end. Each device "
             f"replays the page's recorded unattended run ({report['sequence']['requests']} API requests, "
             f"{report['sequence']['result_posts']} results POSTs, {report['sequence']['request_bytes']:,} bytes sent) over "
             "its own HTTPS connection; ×1: one instance over SQLite (the default), ×1 and ×3 PostgreSQL: one and three "
             "instances over one PostgreSQL behind nginx (TLS at nginx), each on a fresh database.",
             "", "| measure | ×1 (SQLite) | ×1 (PostgreSQL, nginx) | ×3 (PostgreSQL, nginx) | ratio | target | met |",
             "|---|---:|---:|---:|---:|---|:-:|"]
    for measure_, one, one_pg, three, r, target, met in rows_of(report):
        lines.append(f"| {measure_} | {one} | {one_pg} | {three} | {r} | {target} | {'' if met is None else ('✅' if met else '❌')} |")
    for name in ("one", "one_pg", "three"):
        row = report["rows"][name]
        if row["refusals"] or row["failed"] or row["retried"]:
            lines.append("")
            lines.append(f"- {name}: {row['refusals']} refused ({', '.join(row['refused'])}), retried {row['retried']}, "
                         f"failed {row['failed'][:3]}")
    return "\n".join(lines + ["", BURST_END]) + "\n"


def write_latest(report):
    """The rows into latest.md: its burst section replaced, or added at its end."""
    path = os.path.join(RESULTS, "latest.md")
    text = open(path).read() if os.path.exists(path) else ""
    section = markdown(report)
    start, end = text.find(BURST_START), text.find(BURST_END)
    if start >= 0 and end > start:
        text = text[:start] + section + text[end + len(BURST_END) + 1:]
    else:
        text = text + ("\n" if text else "") + section
    open(path, "w").write(text)
    return section


def blind_rows(report):
    """Rows without their figure: each fails the run."""
    blind = []
    for name, row in report["rows"].items():
        for key in ("ack_p99_ms", "all_ack_p99_ms", "last_verdict_s", "server_cpu_per_run_s"):
            if row.get(key) is None:
                blind.append(f"{name}: no {key} ({row['judged']} judged, {row['announced']} announced, "
                             f"{row['refusals']} refused, failed {row['failed'][:2]})")
        if not row["judged"]:
            blind.append(f"{name}: no run judged")
    for name in ("one_pg", "three"):
        for key in ("nginx_cpu_per_run_s", "postgresql_cpu_per_run_s"):
            if not report["rows"][name].get(key):
                blind.append(f"{name}: no {key}")
    if report["cpu_ratio_three_over_one"] is None:
        blind.append("no CPU ratio ×3 ÷ ×1")
    return blind


def behind_nginx(count, sequence, hooks, webhook, tls_data):
    """The burst against `count` instances over a fresh PostgreSQL behind nginx (TLS at nginx,
    docs/team-instance.md), each stopped after, the database dropped: the row of one."""
    pg = Postgres(PORTS["postgres"])
    try:
        instances = [start_server(f"pg{count}-{i}", port, ["--http", "--store", pg.url, *webhook])[0]
                     for i, port in enumerate(PORTS["three"][:count])]
        lb = start_nginx(PORTS["nginx"], PORTS["three"][:count], os.path.join(tls_data, "cert.pem"), os.path.join(tls_data, "key.pem"))
        warm(sequence, [(port, False) for port in PORTS["three"][:count]])
        postmaster = int(open(os.path.join(pg.dir, "data", "postmaster.pid")).readline())
        return measure(f"×{count} PostgreSQL", sequence, PORTS["nginx"], hooks, [p.pid for p in instances],
                       {"nginx": lb.pid, "postgresql": postmaster})
    finally:
        cleanup()
        pg.close()


def main():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))   # the devices' sockets, the servers' too
    os.makedirs(WORK, exist_ok=True)
    os.makedirs(RESULTS, exist_ok=True)
    load_at_start = os.getloadavg()
    print("farm burst: recording the page's unattended run in Chromium...", flush=True)
    sequence = record()
    json.dump(sequence, open(os.path.join(WORK, "burst-sequence.json"), "w"), indent=1)
    posts = [s for s in sequence if kind(s) == "results"]
    recorded = {"requests": len(sequence), "result_posts": len(posts),
                "request_bytes": sum(len(s["body"].encode()) for s in sequence),
                "recorded_s": sequence[-1]["offset_ms"] / 1000,
                "steps": [f"{s['method']} {s['path'].split('?')[0].replace('{RUN}', 'ID')}" for s in sequence]}
    print(f"  {recorded['requests']} requests, {recorded['result_posts']} results POSTs, "
          f"{recorded['request_bytes']:,} bytes, {recorded['recorded_s']:.1f} s", flush=True)

    hooks = Announcements(PORTS["hook"])
    webhook = ["--webhook", hooks.url, "--webhook-secret", SECRET, "--trust-proxy", "127.0.0.1/32"]
    rows = {}
    pg = None
    try:
        print(f"farm burst: {DEVICES} devices against one instance (SQLite, HTTPS)...", flush=True)
        one, one_data = start_server("one", PORTS["one"], webhook)
        warm(sequence, [(PORTS["one"], True)])
        rows["one"] = measure("×1", sequence, PORTS["one"], hooks, [one.pid])
        stop_probe(one)
        if os.environ.get("BURST_ONLY") == "one":
            # A look at the single instance alone (while changing it): no report is written.
            return

        print(f"farm burst: {DEVICES} devices against one instance over PostgreSQL behind nginx...", flush=True)
        rows["one_pg"] = behind_nginx(1, sequence, hooks, webhook, one_data)
        print(f"farm burst: {DEVICES} devices against three instances over PostgreSQL behind nginx...", flush=True)
        pg = Postgres(PORTS["postgres"])
        three = [start_server(f"three-{i}", port, ["--http", "--store", pg.url, *webhook])[0]
                 for i, port in enumerate(PORTS["three"])]
        lb = start_nginx(PORTS["nginx"], PORTS["three"], os.path.join(one_data, "cert.pem"), os.path.join(one_data, "key.pem"))
        warm(sequence, [(port, False) for port in PORTS["three"]])
        postmaster = int(open(os.path.join(pg.dir, "data", "postmaster.pid")).readline())
        rows["three"] = measure("×3", sequence, PORTS["nginx"], hooks, [p.pid for p in three],
                                {"nginx": lb.pid, "postgresql": postmaster})
    finally:
        cleanup()
        if pg:
            pg.close()
        hooks.close()

    build = os.path.basename(os.path.dirname(os.path.realpath(BIN)))
    report = {"devices": DEVICES, "spread_s": SPREAD_S, "cores": os.cpu_count(), "build": build, "sequence": recorded,
              "rows": rows,
              # Scaling out: three instances against one, on the same PostgreSQL behind the same nginx.
              "cpu_ratio_three_over_one": ratio(rows["three"]["server_cpu_per_run_s"], rows["one_pg"]["server_cpu_per_run_s"]),
              # Three on PostgreSQL against the default single instance on SQLite: the store's cost too.
              "cpu_ratio_three_over_sqlite": ratio(rows["three"]["server_cpu_per_run_s"], rows["one"]["server_cpu_per_run_s"]),
              "load_avg_at_start": load_at_start, "load_avg_at_end": os.getloadavg(),
              "measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    json.dump(report, open(os.path.join(RESULTS, "burst.json"), "w"), indent=1)
    print(write_latest(report))
    blind = blind_rows(report)
    if blind:
        # A row without a figure is a harness defect, never a pass (bench/bench.py).
        for reason in blind:
            print(f"bench: a burst row measured nothing: {reason}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    try:
        main()
    finally:
        cleanup()

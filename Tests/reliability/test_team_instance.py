"""A team instance: three probe-server instances behind nginx over one PostgreSQL survive
losing one (kill -9), restarting another and restarting the database, and lose nothing
they acknowledged (docs/team-instance.md)."""
import glob
import http.client
import json
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
import time

import pytest

from support import LOOPBACK, Server, result

TOKEN = "team-instance-test-token-0123456789"
# Concurrent clients posting through the balancer: enough to keep every instance busy,
# bounded for a 2-core machine.
CLIENTS = 6
# Results each client's run gets, in batches of BATCH (well under the per-run quota).
RESULTS_PER_RUN = 40
BATCH = 5
PROBES = ["storage.local", "storage.session", "env.script", "fetch.sameOrigin"]
# A request the balancer could not place (an instance just died) is retried this long:
# a liveness bound for the test, never an assertion on speed.
RETRY_FOR_S = 60
# until_ok's budget, counted in attempts (0.2 s apart), not read off a clock.
RETRY_ATTEMPTS = 300
# How long PostgreSQL stays down in the restart phase.
DATABASE_DOWN_S = 3


def free_port():
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


class Postgres:
    """Debian's PostgreSQL as a throwaway cluster on a loopback port, run as the postgres
    user when the tests run as root (the server refuses to run as root)."""

    def __init__(self):
        versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
        assert versions, "PostgreSQL is not installed: Tests/lib/needs.sh installs postgresql for this suite"
        self.bin = os.path.dirname(versions[0])
        self.dir = tempfile.mkdtemp(prefix="probe-team-pg-")
        self.port = free_port()
        if os.getuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.dir, user.pw_uid, user.pw_gid)
        self.run("initdb", "-D", f"{self.dir}/data", "-A", "trust", "-U", "probe", "-E", "UTF8")
        self.start()
        self.run("createdb", "-h", LOOPBACK, "-p", str(self.port), "-U", "probe", "probe")
        self.url = f"postgres://probe@{LOOPBACK}:{self.port}/probe"

    def run(self, tool, *args):
        cmd = [f"{self.bin}/{tool}", *args]
        if os.getuid() == 0:
            cmd = ["runuser", "-u", "postgres", "--"] + cmd
        subprocess.run(cmd, check=True, cwd="/", stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self):
        # fsync stays on (the default): the durability under test is the real one.
        self.run("pg_ctl", "-D", f"{self.dir}/data", "-l", f"{self.dir}/log", "-w", "-o",
                 f"-p {self.port} -k {self.dir} -c listen_addresses={LOOPBACK}", "start")

    def stop(self):
        self.run("pg_ctl", "-D", f"{self.dir}/data", "-m", "fast", "-w", "stop")

    def query(self, sql):
        out = subprocess.run(["psql", "-h", LOOPBACK, "-p", str(self.port), "-U", "probe", "-d", "probe",
                              "-At", "-c", sql], check=True, capture_output=True, text=True).stdout
        return [line.split("|") for line in out.splitlines() if line]

    def close(self):
        try:
            self.stop()
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


class Balancer:
    """nginx in front of the instances, with its own config and pid file in a temp dir."""

    def __init__(self, ports):
        self.dir = tempfile.mkdtemp(prefix="probe-team-nginx-")
        self.port = free_port()
        servers = "\n".join(f"        server {LOOPBACK}:{p} max_fails=1 fail_timeout=1s;" for p in ports)
        user = "user root;" if os.getuid() == 0 else ""
        config = f"""
{user}
daemon off;
worker_processes 1;
pid {self.dir}/nginx.pid;
error_log {self.dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {self.dir}/body;
    proxy_temp_path {self.dir}/proxy;
    fastcgi_temp_path {self.dir}/fastcgi;
    uwsgi_temp_path {self.dir}/uwsgi;
    scgi_temp_path {self.dir}/scgi;
    # docs/team-instance.md's balancer: a run's requests to one instance, the rest at random.
    map $uri $probe_run {{
        ~^/(?:api/)?runs/(?<id>[^/]+) $id;
        default $request_id;
    }}
    upstream probe {{
        hash $probe_run consistent;
{servers}
        keepalive 16;
    }}
    server {{
        listen {LOOPBACK}:{self.port};
        location / {{
            proxy_pass http://probe;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            # An instance that died mid-request: try the next one. Safe for posts too, since
            # a result is stored once per (run, probe, attempt).
            proxy_next_upstream error timeout non_idempotent;
            proxy_connect_timeout 1s;
            proxy_read_timeout 120s;
        }}
    }}
}}
"""
        with open(f"{self.dir}/nginx.conf", "w") as f:
            f.write(config)
        self.proc = subprocess.Popen(["nginx", "-p", self.dir, "-c", f"{self.dir}/nginx.conf"],
                                     stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection((LOOPBACK, self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"nginx did not start: {self.proc.stderr.read()!r}")

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)
        shutil.rmtree(self.dir, ignore_errors=True)


def call(port, method, path, body=None, headers=None, timeout=30):
    conn = http.client.HTTPConnection(LOOPBACK, port, timeout=timeout)
    try:
        hdrs = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            hdrs["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=hdrs)
        resp = conn.getresponse()
        raw = resp.read()
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return resp.status, parsed
    finally:
        conn.close()


def until_ok(port, method, path, body=None, headers=None, ok=(200, 201), seen=None):
    """Retries a request the balancer or an instance could not take now (a dying instance,
    a 502/503) until it is acknowledged; returns the answer."""
    for _ in range(RETRY_ATTEMPTS):
        try:
            status, parsed = call(port, method, path, body, headers)
            if status in ok:
                return status, parsed
            if seen is not None:
                seen.append((status, parsed))
            if status == 429:
                # While one instance is down the others take its share and may answer
                # "retry in 1 s" (the run-creation rate per address): a client waits that long.
                time.sleep(1.0)
                continue
            assert status in (502, 503, 504), (status, parsed)
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"{method} {path} never acknowledged after {RETRY_ATTEMPTS} attempts")


AUTH = {"Authorization": f"Bearer {TOKEN}"}


class Client(threading.Thread):
    """Creates a run, posts its results in batches, completes it and waits for the verdict,
    all through the balancer, round after round until `enough` is set; keeps every result
    acknowledged with a 200."""

    def __init__(self, port, enough, seen_errors):
        super().__init__(daemon=True)
        self.port = port
        self.enough = enough
        self.acked = set()
        self.waits = []
        self.error = None
        self.seen = seen_errors

    def run(self):
        try:
            while not self.enough.is_set():
                _, run = until_ok(self.port, "POST", "/api/runs", {}, AUTH, seen=self.seen)
                rid, key = run["id"], run["writeKey"]
                batch = []
                for i in range(RESULTS_PER_RUN):
                    batch.append(result(rid, probe=PROBES[i % len(PROBES)], attempt=i // len(PROBES) + 1))
                    if len(batch) == BATCH:
                        until_ok(self.port, "POST", f"/api/runs/{rid}/results?key={key}", {"results": batch},
                                 seen=self.seen)
                        self.acked.update((rid, r["probe"], r["attempt"]) for r in batch)
                        batch = []
                until_ok(self.port, "POST", f"/api/runs/{rid}/complete?key={key}", {}, seen=self.seen)
                _, waited = until_ok(self.port, "GET", f"/api/runs/{rid}/wait?timeout=30&key={key}", seen=self.seen)
                self.waits.append((rid, waited))
        except BaseException as e:  # reported by the test
            self.error = e


def stored_results(pg):
    return {(r[0], r[1], int(r[2])) for r in pg.query("SELECT run_id, probe, attempt FROM results")}


@pytest.fixture
def team():
    pg = Postgres()
    ports = [free_port() for _ in range(3)]
    instances = [Server(port=p, extra=["--store", pg.url, "--token", TOKEN, "--trust-proxy", LOOPBACK])
                 for p in ports]
    balancer = None
    try:
        for instance in instances:
            instance.start()
        balancer = Balancer(ports)
        yield pg, instances, balancer
    finally:
        if balancer:
            balancer.close()
        for instance in instances:
            instance.stop()
            shutil.rmtree(instance.data_dir, ignore_errors=True)
        pg.close()


def test_team_instance_loses_nothing_acknowledged_through_kills_restarts_and_a_database_restart(team):
    pg, instances, balancer = team
    seen = []

    # Phase 1: load through the balancer while one instance is killed and another restarted.
    enough = threading.Event()
    clients = [Client(balancer.port, enough, seen_errors=seen) for _ in range(CLIENTS)]
    for c in clients:
        c.start()
    time.sleep(1.0)
    instances[0].kill()
    time.sleep(1.0)
    instances[1].stop()
    instances[1].start()
    instances[0].start()
    time.sleep(1.0)
    enough.set()
    for c in clients:
        c.join(timeout=RETRY_FOR_S * 4)
        assert not c.is_alive(), "a client never finished"
        assert c.error is None, repr(c.error)

    acked = set().union(*(c.acked for c in clients))
    assert len(acked) == sum(len(c.waits) for c in clients) * RESULTS_PER_RUN > 0
    assert acked <= stored_results(pg), "an acknowledged result is missing"
    for c in clients:
        for rid, waited in c.waits:
            assert waited["completed"] is True and waited["verdict"], (rid, waited)

    # A run created on one instance, waited on at a second and completed through a third:
    # the wait is woken by NOTIFY from the instance that judged it.
    _, run = until_ok(instances[2].port, "POST", "/api/runs", {}, AUTH)
    rid, key = run["id"], run["writeKey"]
    until_ok(instances[0].port, "POST", f"/api/runs/{rid}/results?key={key}", {"results": [result(rid)]})
    woken = {}

    def wait():
        # The longest wait there is: only the completion's NOTIFY can end it within the
        # liveness bound below (its own timer would answer only after 600 s).
        woken["answer"] = call(instances[0].port, "GET", f"/api/runs/{rid}/wait?timeout=600&key={key}", timeout=700)

    waiter = threading.Thread(target=wait, daemon=True)
    waiter.start()
    time.sleep(0.5)  # the wait is registered before the completion (either order is correct)
    status, report = until_ok(instances[1].port, "POST", f"/api/runs/{rid}/complete?key={key}", {})
    waiter.join(timeout=RETRY_FOR_S)
    assert not waiter.is_alive(), "the wait at one instance was not woken by the completion at another"
    assert woken["answer"][0] == 200
    assert woken["answer"][1]["completed"] is True
    assert woken["answer"][1]["verdict"] == report["verdict"]

    # Phase 2: PostgreSQL restarts mid-load. While it is down the instances answer 503
    # store_unavailable saying so; afterwards they reconnect by themselves.
    seen.clear()
    enough = threading.Event()
    clients = [Client(balancer.port, enough, seen_errors=seen) for _ in range(CLIENTS)]
    for c in clients:
        c.start()
    time.sleep(1.0)
    pg.stop()
    down = []
    for instance in instances:
        status, body = call(instance.port, "POST", f"/api/runs/{rid}/results?key={key}",
                            {"results": [result(rid, attempt=99)]})
        down.append((status, body))
    time.sleep(DATABASE_DOWN_S)
    pg.start()
    time.sleep(1.0)
    enough.set()
    for c in clients:
        c.join(timeout=RETRY_FOR_S * 4)
        assert not c.is_alive(), "a client never finished after the database came back"
        assert c.error is None, repr(c.error)

    for status, body in down:
        assert status == 503, (status, body)
        assert body["error"]["code"] == "store_unavailable", body
        assert "unreachable" in body["error"]["message"], body
    unavailable = [b for s, b in seen if s == 503]
    assert unavailable, "no client saw the database down"
    acked = set().union(*(c.acked for c in clients))
    # Every round finished after the restart: each run's results all acknowledged.
    assert len(acked) == sum(len(c.waits) for c in clients) * RESULTS_PER_RUN > 0
    assert acked <= stored_results(pg), "an acknowledged result is missing after the database restart"
    for c in clients:
        for rid_, waited in c.waits:
            assert waited["completed"] is True and waited["verdict"], (rid_, waited)
    # The instances are still up: each answers again without a restart.
    for instance in instances:
        status, _ = call(instance.port, "GET", f"/api/runs/{rid}?key={key}")
        assert status == 200

"""Slowloris and the descriptor cap.

2,000 connections (from four addresses) each send a header byte every 5 s. Meanwhile a normal client is served
without a failure, and every slow connection is closed by the header timeout (10 s from its
first byte): a byte every 5 s would keep an idle-style timeout from ever firing, so being
closed at all proves the first-byte clock. Latencies are printed, not asserted (no test
asserts wall-clock time on 2 shared cores; bench/run measures them). The server raises its soft descriptor limit at start (it is started with soft 1,024,
below what 2,000 connections need); at a low hard cap it refuses new connections cleanly
and keeps serving the ones it has."""
import http.client
import resource
import select
import socket
import statistics
import threading
import time

from support import LOOPBACK, Server, status_line

SLOW_CONNECTIONS = 2000
# One header byte per connection this often: below the 10 s timeout, so only the
# first-byte clock can catch them.
BYTE_INTERVAL_S = 5.0
# How long the test waits for the server to close them all: a liveness bound far above the
# 10 s header timeout (HTTPTimeouts.headerRead), not a measurement.
CLOSE_DEADLINE_S = 90.0
# Soft limit the server is started with (below what the slow connections need) and the hard one.
START_SOFT_NOFILE, START_HARD_NOFILE = 1024, 8192
# The low cap for the refusal test, and how many connections try to get past it.
CAP_NOFILE = 64
CAP_ATTEMPTS = 100
# Connections opened from each loopback address (127.0.0.0/8 stands for separate devices):
# one address holds at most HTTPLimits.connectionsPerAddress (a quarter of the descriptor cap
# when that is lower, 16 at the least); test_security_resources.py tests that bound.
SLOW_PER_ADDRESS = 500
CAP_PER_ADDRESS = 10


def device(i, per_address):
    """The source address of the i-th connection, `per_address` to an address, from 127.0.0.2 on."""
    return (f"127.0.0.{2 + i // per_address}", 0)


def raise_own_limit(n):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < n:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(n, hard), hard))


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def normal_client(port, stop, latencies, failures):
    while not stop.is_set():
        t0 = time.monotonic()
        try:
            conn = http.client.HTTPConnection(LOOPBACK, port, timeout=5)
            conn.request("GET", "/api/health")
            resp = conn.getresponse()
            resp.read()
            conn.close()
            if resp.status != 200:
                failures.append(resp.status)
            latencies.append((time.monotonic() - t0) * 1000)
        except OSError as e:
            failures.append(repr(e))
        time.sleep(0.02)


def test_Slowloris_NormalClientIsServed_AndSlowConnectionsAreClosedByTheFirstByteClock():
    raise_own_limit(SLOW_CONNECTIONS + 200)
    with Server(nofile=(START_SOFT_NOFILE, START_HARD_NOFILE)) as server:
        limits = open(f"/proc/{server.pid}/limits").read()
        line = next(l for l in limits.splitlines() if l.startswith("Max open files"))
        assert line.split()[3] == str(START_HARD_NOFILE), f"soft limit not raised: {line}"

        payload = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 64
        slow, first_byte, closed_at = [], {}, {}
        for i in range(SLOW_CONNECTIONS):
            s = socket.create_connection((LOOPBACK, server.port), timeout=10, source_address=device(i, SLOW_PER_ADDRESS))
            s.setblocking(False)
            s.send(payload[:1])
            first_byte[s.fileno()] = time.monotonic()
            slow.append(s)
        opened = time.monotonic()
        print(f"{SLOW_CONNECTIONS} slow connections open in {opened - min(first_byte.values()):.2f} s")

        stop, latencies, failures = threading.Event(), [], []
        client = threading.Thread(target=normal_client, args=(server.port, stop, latencies, failures))
        client.start()
        sent = {s.fileno(): 1 for s in slow}
        by_fd = {s.fileno(): s for s in slow}
        poller = select.poll()
        for s in slow:
            poller.register(s, select.POLLIN)
        next_byte = time.monotonic() + BYTE_INTERVAL_S
        deadline = opened + CLOSE_DEADLINE_S
        try:
            while time.monotonic() < deadline and len(closed_at) < SLOW_CONNECTIONS:
                for fd, _ in poller.poll(50):
                    s = by_fd[fd]
                    try:
                        data = s.recv(4096)
                    except OSError:
                        data = b""
                    if fd not in closed_at:
                        # A 408 then EOF, or EOF: either way the server gave up on it.
                        if not data or status_line(data) == 408:
                            closed_at[fd] = time.monotonic()
                    if not data:
                        poller.unregister(fd)
                if time.monotonic() >= next_byte:
                    for fd, s in by_fd.items():
                        if fd not in closed_at:
                            try:
                                s.send(payload[sent[fd]:sent[fd] + 1])
                                sent[fd] += 1
                            except OSError:
                                pass
                    next_byte += BYTE_INTERVAL_S
        finally:
            stop.set()
            client.join()
            for s in slow:
                s.close()

        lifetimes = [closed_at[fd] - first_byte[fd] for fd in closed_at]
        p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
        print(f"normal client: {len(latencies)} requests, p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(latencies):.1f} ms")
        print(f"slow connections closed: {len(closed_at)}/{SLOW_CONNECTIONS}, after "
              f"{min(lifetimes):.2f} / {statistics.median(lifetimes):.2f} / {max(lifetimes):.2f} s (min / median / max)")
        assert not failures, failures[:5]
        assert latencies, "the normal client was never served"
        assert len(closed_at) == SLOW_CONNECTIONS, f"{SLOW_CONNECTIONS - len(closed_at)} slow connections still open"
        # Not closed early: every one was still open for its second byte (sent 5 s in, half
        # the header timeout), so the server did not give up on a merely slow client.
        early = [fd for fd in closed_at if sent[fd] < 2]
        assert not early, f"{len(early)} slow connections closed before their second byte"


def test_AtTheDescriptorCap_NewConnectionsWaitInTheBacklog_AndRunningOnesKeepWorking():
    """At the cap the listener pauses (AcceptBackoff) instead of spinning: connections it
    cannot hold wait in the kernel's backlog, unrefused, and are served once descriptors
    return; the ones it holds keep working meanwhile."""
    with Server(nofile=(CAP_NOFILE, CAP_NOFILE)) as server:
        def get(conn):
            conn.request("GET", "/api/health")
            resp = conn.getresponse()
            resp.read()
            return resp.status

        first = http.client.HTTPConnection(LOOPBACK, server.port, timeout=5)
        assert get(first) == 200
        request = b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n"
        clients = []
        for i in range(CAP_ATTEMPTS):
            s = socket.create_connection((LOOPBACK, server.port), timeout=5, source_address=device(i, CAP_PER_ADDRESS))
            s.sendall(request)
            clients.append(s)

        def answered(sockets, wait, close=False):
            done = set()
            deadline = time.monotonic() + wait
            while len(done) < len(sockets) and time.monotonic() < deadline:
                ready, _, _ = select.select([s for s in sockets if s not in done], [], [], 0.2)
                for s in ready:
                    assert status_line(s.recv(65536)) == 200
                    done.add(s)
                    if close:
                        s.close()  # its descriptor goes to the next one waiting
            return done

        served = answered(clients, 3)
        waiting = [s for s in clients if s not in served]
        print(f"descriptor cap {CAP_NOFILE}: {len(served)} connections served, {len(waiting)} waiting in the backlog")
        assert waiting, "the cap was never reached"
        assert served
        # The running connections keep working at the cap.
        assert get(first) == 200
        assert "out of file descriptors" in server.log_text()
        # Space returns: close the served ones, and the waiting ones are served, none refused.
        for s in served:
            s.close()
        late = answered(waiting, 10, close=True)
        assert len(late) == len(waiting), f"{len(waiting) - len(late)} never served"
        for s in waiting:
            s.close()
        first.close()

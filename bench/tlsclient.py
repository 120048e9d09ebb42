#!/usr/bin/env python3
"""Handshake client for bench/run: new TLS connections per second, full or resumed.

wrk never resumes a TLS session, so resumed handshakes are measured with this client, and
the same client runs against both servers. Each worker process loops for --duration seconds:
connect, handshake (offering the session of its previous connection when --resume), send one
GET with `Connection: close`, read the whole response, close. Prints one JSON line:
{"connections": n, "per_second": r, "resumed": fraction, "p50_ms": …, "p99_ms": …}.
"""
import argparse
import json
import multiprocessing
import socket
import ssl
import time


def worker(args, queue):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False          # the local CA is not in the bench's trust store
    ctx.verify_mode = ssl.CERT_NONE
    if args.tls12:
        ctx.maximum_version = ssl.TLSVersion.TLSv1_2
    request = f"GET {args.path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".encode()
    session = None
    latencies = []
    resumed = 0
    deadline = time.monotonic() + args.duration
    while time.monotonic() < deadline:
        start = time.monotonic()
        raw = socket.create_connection((args.host, args.port))
        raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        tls = ctx.wrap_socket(raw, session=session if args.resume else None)
        tls.sendall(request)
        while tls.recv(65536):
            pass
        if tls.session_reused:
            resumed += 1
        # TLS 1.3 tickets arrive after the handshake; the session is complete only now.
        session = tls.session
        tls.close()
        latencies.append(time.monotonic() - start)
    queue.put((latencies, resumed))


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--path", default="/")
    p.add_argument("--duration", type=float, default=5)
    p.add_argument("--processes", type=int, default=4)
    p.add_argument("--resume", action="store_true")
    p.add_argument("--tls12", action="store_true", help="TLS 1.2 only (session ids, not tickets)")
    args = p.parse_args()
    queue = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=worker, args=(args, queue)) for _ in range(args.processes)]
    for proc in procs:
        proc.start()
    results = [queue.get(timeout=args.duration + 30) for _ in procs]
    for proc in procs:
        proc.join(timeout=10)
    latencies = sorted(l for ls, _ in results for l in ls)
    n = len(latencies)
    resumed = sum(r for _, r in results)
    pct = lambda q: latencies[min(n - 1, int(q * n))] * 1000 if n else None
    print(json.dumps({"connections": n, "per_second": n / args.duration,
                      "resumed": resumed / n if n else 0, "p50_ms": pct(0.50), "p99_ms": pct(0.99)}))


if __name__ == "__main__":
    main()

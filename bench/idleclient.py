#!/usr/bin/env python3
"""Idle keep-alive connections for bench/run: opens --count connections to one server,
sends one GET on each and reads the response (so each is an established, idle keep-alive
HTTP connection, past the TLS handshake when --tls), then prints "ready" and holds them
until stdin closes or --hold seconds pass. Several processes share the work.
"""
import argparse
import multiprocessing
import select
import socket
import ssl
import sys
import time


def read_response(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before the response head")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed inside the body")
        body += chunk


# The server holds at most HTTPLimits.connectionsPerAddress connections of one address (a
# quarter of the descriptor limit when lower), as it would from one phone; idle connections
# stand for a fleet of devices, so each source address of loopback holds at most this many.
PER_SOURCE = 200


def source(worker_index, i):
    """The loopback source address of connection i of a worker: 127.W.X.Y, PER_SOURCE each."""
    n = i // PER_SOURCE + 1
    return f"127.{worker_index + 10}.{n >> 8}.{n & 255}"


def worker(args, count, ready, release, index=0):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    request = f"GET {args.path} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode()
    held = []
    loopback = args.host.startswith("127.")
    for i in range(count):
        s = socket.create_connection((args.host, args.port), source_address=(source(index, i), 0) if loopback else None)
        if args.tls:
            s = ctx.wrap_socket(s)
        if not args.handshake_only:
            s.sendall(request)
            read_response(s)
        held.append(s)
    ready.put(len(held))
    release.wait(args.hold)
    for s in held:
        s.close()


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--path", default="/")
    p.add_argument("--count", type=int, default=10_000)
    p.add_argument("--processes", type=int, default=4)
    p.add_argument("--tls", action="store_true")
    p.add_argument("--handshake-only", action="store_true", help="no request: to tell TLS memory from HTTP memory")
    p.add_argument("--hold", type=float, default=60, help="upper bound on holding, seconds")
    args = p.parse_args()
    ready = multiprocessing.Queue()
    release = multiprocessing.Event()
    share = [args.count // args.processes + (1 if i < args.count % args.processes else 0) for i in range(args.processes)]
    procs = [multiprocessing.Process(target=worker, args=(args, n, ready, release, i)) for i, n in enumerate(share)]
    for proc in procs:
        proc.start()
    opened = sum(ready.get(timeout=120) for _ in procs)
    print(f"ready {opened}", flush=True)
    # Hold until the parent closes our stdin (it has measured), bounded by --hold.
    select.select([sys.stdin], [], [], args.hold)
    release.set()
    for proc in procs:
        proc.join(timeout=30)


if __name__ == "__main__":
    main()

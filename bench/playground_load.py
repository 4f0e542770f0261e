#!/usr/bin/env python3
"""How fast `anima playground` answers a page load (issue 16's bar: <= 50 ms).

usage: bench/playground_load.py <anima> [web-dir] [rounds]

Starts the server on a free port for examples/bell.animl and, `rounds`
times (default 200), loads the page as a browser's first visit does: a new
connection, then on it, one after the other, GET / and every file the page
asks for (playground.css, playground.mjs, anima-icon.mjs, anima.mjs,
anima.js, anima.wasm) and /api/document. Prints the median and the 95th
percentile of the whole load and of GET / alone, in milliseconds. The
browser's own work (parsing, compiling the wasm, drawing) is not included:
web/test/playground.mjs prints that side.
"""
import os
import signal
import socket
import statistics
import subprocess
import sys
import time

anima = sys.argv[1]
web = sys.argv[2] if len(sys.argv) > 2 else "build-web"
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 200
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

process = subprocess.Popen([anima, "playground", os.path.join(root, "examples", "bell.animl"),
                            "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           env=dict(os.environ, ANIMA_WEB_DIR=web))
line = process.stdout.readline().decode()
port = int(line.split("127.0.0.1:")[1].split("/")[0])
host = "127.0.0.1:%d" % port
paths = ["/", "/playground.css", "/playground.mjs", "/anima-icon.mjs", "/anima.mjs",
         "/anima.js", "/anima.wasm", "/api/document"]


def get(sock, path):
    sock.sendall(("GET %s HTTP/1.1\r\nHost: %s\r\n\r\n" % (path, host)).encode())
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(1 << 20)
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    length = int([h for h in head.split(b"\r\n") if h.lower().startswith(b"content-length")][0]
                 .split(b":")[1])
    while len(body) < length:
        body += sock.recv(1 << 20)
    return status, len(body)


whole, first = [], []
sizes = {}
for _ in range(rounds):
    start = time.perf_counter()
    sock = socket.create_connection(("127.0.0.1", port))
    for path in paths:
        status, size = get(sock, path)
        if status != 200:
            raise SystemExit("%s: HTTP %d (is the web build in %s?)" % (path, status, web))
        sizes[path] = size
        if path == "/":
            first.append((time.perf_counter() - start) * 1000)
    whole.append((time.perf_counter() - start) * 1000)
    sock.close()
process.send_signal(signal.SIGTERM)
process.wait()


def p95(values):
    return sorted(values)[int(len(values) * 0.95) - 1]


print("bytes: " + ", ".join("%s %d" % (path, sizes[path]) for path in paths))
print("page load (%d rounds, %d bytes): median %.2f ms, p95 %.2f ms" % (
    rounds, sum(sizes.values()), statistics.median(whole), p95(whole)))
print("GET / alone: median %.3f ms, p95 %.3f ms" % (statistics.median(first), p95(first)))

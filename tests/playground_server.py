#!/usr/bin/env python3
"""The `anima playground` server without a browser (SPEC §11.4,
docs/PLAYGROUND.md "Server").

usage: playground_server.py <anima> <source-root>

Starts the server on a free port for a copy of examples/bell.animl, then
checks: the page and the document are served (the revision is the FNV-1a 64
of the text and its length, computed here independently); it listens on
127.0.0.1 only; path traversal, foreign Host headers, huge headers and
bodies and bad methods are refused with their statuses; a flood of 10 000
requests leaves it answering; Save writes the file; a stale Save is refused;
a change made on disk is pushed to an open event stream; `Expect:
100-continue` gets its interim answer; the scratch bell is
read-only; a taken port moves it to the next one; SIGTERM stops it with exit
status 0. Prints "N passed, M failed".
"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ANIMA, ROOT = sys.argv[1], sys.argv[2]
passed = failed = 0


def check(condition, what):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + what, flush=True)


def fnv_revision(data):
    """FNV-1a 64 of the bytes, then the length, both in hex (playground.h)."""
    value = 0xcbf29ce484222325
    for byte in data:
        value ^= byte
        value = (value * 0x100000001b3) % (1 << 64)
    return "%016x-%x" % (value, len(data))


class Server:
    def __init__(self, arguments, web):
        environment = dict(os.environ, ANIMA_WEB_DIR=web)
        self.process = subprocess.Popen([ANIMA, "playground"] + arguments,
                                        stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE,
                                        env=environment)
        line = self.process.stdout.readline().decode()
        prefix = "anima playground: http://127.0.0.1:"
        if not line.startswith(prefix):
            raise SystemExit("server did not start: %r %r" % (
                line, self.process.stderr.read().decode()))
        self.port = int(line[len(prefix):].split("/")[0])
        self.host = "127.0.0.1:%d" % self.port

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            status = self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = "hung"
        err = self.process.stderr.read().decode()
        return status, err


def connect(port):
    sock = socket.create_connection(("127.0.0.1", port), timeout=20)
    return sock


def read_response(sock, buffer=b""):
    """One response: (status, headers dict, body, rest of buffer)."""
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            return None, {}, b"", buffer
        buffer += chunk
    head, _, buffer = buffer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(buffer) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        buffer += chunk
    return status, headers, buffer[:length], buffer[length:]


def exchange(port, raw):
    sock = connect(port)
    try:
        sock.sendall(raw)
        status, headers, body, _ = read_response(sock)
        return status, headers, body
    finally:
        sock.close()


def request(server, method, path, headers=None, body=b""):
    lines = ["%s %s HTTP/1.1" % (method, path), "Host: " + server.host,
             "Connection: close"]
    for name, value in (headers or {}).items():
        lines.append("%s: %s" % (name, value))
    if body or method == "POST":
        lines.append("Content-Length: %d" % len(body))
    raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
    return exchange(server.port, raw)


def listening_addresses(port):
    """Local addresses listening on `port`, from /proc/net/tcp and tcp6."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as handle:
                rows = handle.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            address, _, hex_port = fields[1].partition(":")
            if int(hex_port, 16) == port and fields[3] == "0A":  # LISTEN
                found.append(address)
    return found


def main():
    work = tempfile.mkdtemp(prefix="anima-playground-test-")
    web = os.path.join(work, "web")
    os.mkdir(web)
    glue = b"// a stand-in for anima.js\n"
    with open(os.path.join(web, "anima.js"), "wb") as handle:
        handle.write(glue)
    with open(os.path.join(web, "anima.wasm"), "wb") as handle:
        handle.write(b"\0asm\1\0\0\0")
    document = os.path.join(work, "doc.animl")
    with open(os.path.join(ROOT, "examples", "bell.animl"), "rb") as handle:
        bell = handle.read()
    with open(document, "wb") as handle:
        handle.write(bell)
    with open(os.path.join(work, "secret.txt"), "wb") as handle:
        handle.write(b"not served\n")

    server = Server([document, "--port", "0"], web)
    port = server.port

    # Loopback only: 0100007F is 127.0.0.1 in /proc/net/tcp's byte order.
    addresses = listening_addresses(port)
    check(addresses == ["0100007F"], "listens on 127.0.0.1 only: %r" % addresses)

    # The page, its files and the document.
    status, headers, body = request(server, "GET", "/")
    check(status == 200 and headers.get("content-type", "").startswith("text/html")
          and b"<anima-icon" in body and b"/playground.mjs" in body,
          "GET / serves the page: %r" % status)
    with open(os.path.join(ROOT, "web", "playground", "index.html"), "rb") as handle:
        check(body == handle.read(), "GET / is web/playground/index.html")
    for path, source in (("/playground.mjs", "web/playground/playground.mjs"),
                         ("/anima-icon.mjs", "web/anima-icon.mjs"),
                         ("/anima.mjs", "web/anima.mjs")):
        status, headers, body = request(server, "GET", path)
        with open(os.path.join(ROOT, source), "rb") as handle:
            check(status == 200 and body == handle.read()
                  and headers.get("content-type", "").startswith("text/javascript"),
                  "GET %s serves %s" % (path, source))
    status, headers, body = request(server, "GET", "/anima.js")
    check(status == 200 and body == glue, "GET /anima.js comes from ANIMA_WEB_DIR")
    status, headers, body = request(server, "GET", "/anima.wasm")
    check(status == 200 and headers.get("content-type") == "application/wasm",
          "GET /anima.wasm is application/wasm")
    status, headers, body = request(server, "HEAD", "/")
    check(status == 200 and body == b"", "HEAD / has no body")
    status, headers, body = request(server, "GET", "/api/document")
    served = json.loads(body)
    check(status == 200 and served["text"].encode() == bell
          and served["readOnly"] is False and served["name"] == document,
          "GET /api/document serves the opened file")
    check(served["revision"] == fnv_revision(bell),
          "the revision is FNV-1a 64 and the length: %s" % served["revision"])

    # Refusals.
    for path in ("/../secret.txt", "/%2e%2e/secret.txt", "/api/../../secret.txt",
                 "/..%2fsecret.txt", "/%2E%2E%2Fsecret.txt", "/./", "/a%5c..%5csecret.txt",
                 "/%00"):
        status, _, _ = request(server, "GET", path)
        check(status == 400, "traversal %s refused with 400: %r" % (path, status))
    for path in ("/secret.txt", "/doc.animl", "/index.html", "/api", "/anima.wasm.map"):
        status, _, body = request(server, "GET", path)
        check(status == 404 and b"not served" not in body, "%s is 404: %r" % (path, status))
    for host in ("evil.example", "evil.example:%d" % port, "127.0.0.1:1",
                 "127.0.0.1", "localhost.evil.example:%d" % port):
        status, _, _ = exchange(port, ("GET / HTTP/1.1\r\nHost: %s\r\n\r\n" % host).encode())
        check(status == 403, "foreign Host %s refused with 403: %r" % (host, status))
    status, _, _ = exchange(port, ("GET / HTTP/1.1\r\nHost: localhost:%d\r\n"
                                   "Connection: close\r\n\r\n" % port).encode())
    check(status == 200, "Host localhost:PORT is served: %r" % status)
    status, _, _ = exchange(port, b"GET / HTTP/1.0\r\n\r\n")
    check(status == 400, "no Host refused with 400: %r" % status)
    status, _, _ = exchange(port, ("GET / HTTP/1.1\r\nHost: %s\r\nHost: %s\r\n\r\n"
                                   % (server.host, server.host)).encode())
    check(status == 400, "two Host headers refused with 400: %r" % status)
    huge = "x" * 10000
    status, _, _ = exchange(port, ("GET / HTTP/1.1\r\nHost: %s\r\nX-Big: %s\r\n\r\n"
                                   % (server.host, huge)).encode())
    check(status == 431, "a 10 000-byte header refused with 431: %r" % status)
    status, _, _ = exchange(port, ("GET /%s HTTP/1.1\r\nHost: %s\r\n\r\n"
                                   % (huge, server.host)).encode())
    check(status == 431, "a 10 000-byte request line refused with 431: %r" % status)
    status, _, _ = exchange(port, ("POST /api/save HTTP/1.1\r\nHost: %s\r\n"
                                   "Content-Length: %d\r\n\r\n"
                                   % (server.host, 2 * 1024 * 1024)).encode())
    check(status == 413, "a 2 MiB body refused with 413: %r" % status)
    for method in ("PUT", "DELETE", "OPTIONS", "PATCH"):
        status, headers, _ = request(server, method, "/")
        check(status == 405 and headers.get("allow") == "GET, HEAD, POST",
              "%s refused with 405 and Allow: %r" % (method, status))
    status, headers, _ = request(server, "POST", "/")
    check(status == 405 and headers.get("allow") == "GET, HEAD", "POST / is 405")
    status, headers, _ = request(server, "GET", "/api/save")
    check(status == 405 and headers.get("allow") == "POST", "GET /api/save is 405")
    status, _, _ = exchange(port, ("BREW / HTTP/1.1\r\nHost: %s\r\n\r\n" % server.host).encode())
    check(status == 501, "an unknown method refused with 501: %r" % status)
    status, _, _ = exchange(port, b"\x16\x03\x01 not http\r\n\r\n")
    check(status in (400, 501), "garbage refused: %r" % status)

    # A flood: 9 000 pipelined keep-alive requests on 30 connections, and
    # 1 000 bad ones (traversal, foreign Host, bad method, huge header),
    # each on its own connection.
    good = ("GET /api/document HTTP/1.1\r\nHost: %s\r\n\r\n" % server.host).encode()
    answered = 0
    for _ in range(30):
        sock = connect(port)
        sock.sendall(good * 300)
        rest = b""
        for _ in range(300):
            status, _, _, rest = read_response(sock, rest)
            answered += status == 200
        sock.close()
    check(answered == 9000, "9 000 pipelined requests answered 200: %d" % answered)
    bad = [("GET /../secret.txt HTTP/1.1\r\nHost: %s\r\n\r\n" % server.host, 400),
           ("GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", 403),
           ("DELETE / HTTP/1.1\r\nHost: %s\r\n\r\n" % server.host, 405),
           ("GET / HTTP/1.1\r\nHost: %s\r\nX: %s\r\n\r\n" % (server.host, huge), 431)]
    refused = 0
    for i in range(1000):
        raw, expected = bad[i % len(bad)]
        status, _, _ = exchange(port, raw.encode())
        refused += status == expected
    check(refused == 1000, "1 000 bad requests refused as expected: %d" % refused)
    status, _, body = request(server, "GET", "/api/document")
    check(status == 200 and json.loads(body)["text"].encode() == bell,
          "after the flood it still answers")

    # The event stream: the first event is the current revision.
    events = connect(port)
    events.sendall(("GET /api/events HTTP/1.1\r\nHost: %s\r\n\r\n" % server.host).encode())
    events.settimeout(10)
    stream = b""
    while b"\n\n" not in stream.partition(b"\r\n\r\n")[2]:
        stream += events.recv(65536)
    head, _, stream = stream.partition(b"\r\n\r\n")
    check(b"200 OK" in head.split(b"\r\n")[0] and b"text/event-stream" in head,
          "GET /api/events is an event stream")
    first, _, stream = stream.partition(b"\n\n")
    check(b"event: revision" in first and fnv_revision(bell).encode() in first,
          "the stream starts with the current revision: %r" % first)

    # Save writes the opened file.
    edited = bell.replace(b'duration="1.4"', b'duration="1.5"')
    check(edited != bell, "the edit changes the text")
    status, _, body = request(server, "POST", "/api/save",
                              {"X-Anima-Revision": fnv_revision(bell),
                               "Origin": "http://" + server.host}, edited)
    check(status == 200 and json.loads(body)["revision"] == fnv_revision(edited),
          "Save answers the new revision: %r %r" % (status, body))
    with open(document, "rb") as handle:
        check(handle.read() == edited, "Save wrote the file")
    with open(os.path.join(work, "secret.txt"), "rb") as handle:
        check(handle.read() == b"not served\n", "nothing else was written")
    status, _, _ = request(server, "POST", "/api/save", {}, b"x")
    check(status == 428, "a Save without X-Anima-Revision is 428: %r" % status)
    status, _, _ = request(server, "POST", "/api/save",
                           {"X-Anima-Revision": fnv_revision(edited),
                            "Origin": "http://evil.example"}, b"x")
    check(status == 403, "a Save from another origin is 403: %r" % status)
    with open(document, "rb") as handle:
        check(handle.read() == edited, "refused saves wrote nothing")

    # Expect: 100-continue (RFC 9110 §10.1.1): the head alone gets an
    # interim "100 Continue", then the body is sent and Save answers 200.
    # Without the interim answer the client would wait (here: 5 s) and the
    # check fails.
    continued = edited.replace(b'duration="1.5"', b'duration="1.6"')
    sock = connect(port)
    sock.settimeout(5)
    sock.sendall(("POST /api/save HTTP/1.1\r\nHost: %s\r\nExpect: 100-continue\r\n"
                  "X-Anima-Revision: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
                  % (server.host, fnv_revision(edited), len(continued))).encode())
    interim = b""
    try:
        while b"\r\n\r\n" not in interim:
            chunk = sock.recv(65536)
            if not chunk:
                break
            interim += chunk
    except socket.timeout:
        pass
    interim_head, _, rest = interim.partition(b"\r\n\r\n")
    check(interim_head == b"HTTP/1.1 100 Continue",
          "Expect: 100-continue gets an interim 100 before the body: %r" % interim)
    sock.sendall(continued)
    status, _, body, _ = read_response(sock, rest)
    sock.close()
    check(status == 200 and json.loads(body)["revision"] == fnv_revision(continued),
          "after the 100 the body is read and Save answers 200: %r" % status)
    with open(document, "rb") as handle:
        check(handle.read() == continued, "the Save with Expect wrote the file")
    sock = connect(port)
    sock.sendall(("POST /api/save HTTP/1.1\r\nHost: %s\r\nExpect: 100-continue\r\n"
                  "Content-Length: %d\r\n\r\n" % (server.host, 2 * 1024 * 1024)).encode())
    status, _, _, _ = read_response(sock)
    sock.close()
    check(status == 413, "Expect: 100-continue with a 2 MiB body: 413, no 100: %r" % status)
    status, _, _ = exchange(port, ("POST /api/save HTTP/1.1\r\nHost: %s\r\n"
                                   "Expect: something-else\r\nContent-Length: 1\r\n\r\nx"
                                   % server.host).encode())
    check(status == 417, "another expectation is 417: %r" % status)
    edited = continued

    # A change made on disk: pushed to the stream, and a Save based on the
    # old revision is refused until the page reloads.
    outside = edited.replace(b'name="bell"', b'name="bell2"')
    with open(document, "wb") as handle:
        handle.write(outside)
    deadline = time.time() + 10
    pushed = None
    while time.time() < deadline and pushed is None:
        while b"\n\n" in stream:
            message, _, stream = stream.partition(b"\n\n")
            if fnv_revision(outside).encode() in message:
                pushed = message
        if pushed is None:
            try:
                stream += events.recv(65536)
            except socket.timeout:
                break
    check(pushed is not None and b"event: revision" in pushed,
          "a change on disk is pushed to the event stream")
    status, _, body = request(server, "POST", "/api/save",
                              {"X-Anima-Revision": fnv_revision(edited)}, b"stale")
    check(status == 409 and json.loads(body)["revision"] == fnv_revision(outside),
          "a stale Save is refused with 409 and the disk revision: %r" % status)
    with open(document, "rb") as handle:
        check(handle.read() == outside, "the stale Save wrote nothing")
    status, _, body = request(server, "GET", "/api/document")
    reloaded = json.loads(body)
    check(reloaded["text"].encode() == outside
          and reloaded["revision"] == fnv_revision(outside), "a reload reads the new text")
    status, _, _ = request(server, "POST", "/api/save",
                           {"X-Anima-Revision": reloaded["revision"]}, bell)
    check(status == 200, "after the reload Save works again: %r" % status)
    events.close()

    # The port is taken: a second server moves to a later one.
    second = Server([document, "--port", str(port)], web)
    check(second.port > port, "a taken port moves to the next free one: %d" % second.port)
    status, error = second.stop()
    check(status == 0, "the second server stops with 0: %r %s" % (status, error))

    status, error = server.stop()
    check(status == 0, "SIGTERM stops it with exit status 0: %r %s" % (status, error))

    # No file: the bell, read-only.
    scratch = Server(["--port", "0"], web)
    status, _, body = request(scratch, "GET", "/api/document")
    served = json.loads(body)
    check(served["readOnly"] is True and served["text"].encode() == bell
          and served["name"] == "bell.animl", "without a file: the read-only bell")
    status, _, body = request(scratch, "POST", "/api/save",
                              {"X-Anima-Revision": served["revision"]}, b"x")
    check(status == 403 and b"read-only" in body, "the scratch bell refuses Save: %r" % status)
    status, error = scratch.stop()
    check(status == 0, "the scratch server stops with 0: %r %s" % (status, error))

    shutil.rmtree(work)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

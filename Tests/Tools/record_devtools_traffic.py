#!/usr/bin/env python3
"""Records what real clients send a DevTools server, for the fuzzer's seeds: headless
Chromium using the page (devtools_page.py: the page, its WebSocket with its acknowledgements
and commands, the saved log), then opening a screenshot, the event log and a missing page, and
Python's urllib posting a command, through a proxy that keeps each connection's bytes from
client to server.

The proxy listens on a port of its own and rewrites its address to the server's in what it
passes on, so the server's Host check sees its own port. Each connection is saved as one file,
with the run's token written @TOKEN@ and the server's port @PORT@ (the fuzzer puts its own
back), and a WebSocket connection cut after its first frames at a frame's end.

Usage: record_devtools_traffic.py DEVTOOLS_URL OUT_FOLDER
"""
import json
import os
import socket
import subprocess
import sys
import threading
import urllib.parse
import urllib.request

from selenium.webdriver.support.ui import WebDriverWait

from headless_chromium import open_browser

HERE = os.path.dirname(os.path.abspath(__file__))
# Enough of a page's WebSocket to hold its acknowledgements and commands, not minutes of them.
WEBSOCKET_BYTES = 16 * 1024


def websocket_cut(data, limit):
    """The bytes of data up to the last whole frame after its upgrade request that ends
    within limit."""
    head = data.find(b"\r\n\r\n")
    if head < 0:
        return data[:limit]
    at = head + 4
    end = at
    while at + 2 <= len(data):
        length = data[at + 1] & 0x7F
        header = 2
        if length == 126:
            header, length = 4, int.from_bytes(data[at + 2:at + 4], "big")
        elif length == 127:
            header, length = 10, int.from_bytes(data[at + 2:at + 10], "big")
        if data[at + 1] & 0x80:
            header += 4
        if at + header + length > len(data) or at + header + length > limit:
            break
        at += header + length
        end = at
    return data[:end]


class Proxy:
    def __init__(self, upstream_port):
        self.upstream_port = upstream_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connections = []  # bytearrays, in the order the connections opened
        self.lock = threading.Lock()
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            client, _ = self.listener.accept()
            upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
            sent = bytearray()
            with self.lock:
                self.connections.append(sent)
            threading.Thread(target=self.pipe, args=(client, upstream, sent), daemon=True).start()
            threading.Thread(target=self.pipe, args=(upstream, client, None), daemon=True).start()

    def pipe(self, source, target, record):
        own = [f"{host}:{self.port}".encode() for host in ("127.0.0.1", "localhost")]
        try:
            while True:
                chunk = source.recv(65536)
                if not chunk:
                    break
                if record is not None:
                    for name in own:
                        chunk = chunk.replace(name, name.split(b":")[0] + b":%d" % self.upstream_port)
                    record.extend(chunk)
                target.sendall(chunk)
        except OSError:
            pass
        finally:
            for s in (source, target):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


def name_of(data):
    client = "chromium" if b"Chrome/" in data[:4096] else "urllib" if b"Python-urllib" in data[:4096] else "other"
    line = data.split(b"\r\n", 1)[0].decode("latin-1")
    parts = line.split(" ")
    if len(parts) < 2:
        return "other"
    path = urllib.parse.urlsplit(parts[1]).path.strip("/").replace("/", "-").replace(".", "-") or "page"
    if b"upgrade: websocket" in data[:4096].lower():
        path = "websocket"
    return f"{client}-{parts[0].lower()}-{path}"


def main():
    url, out = sys.argv[1], sys.argv[2]
    parts = urllib.parse.urlsplit(url)
    token = urllib.parse.parse_qs(parts.query)["token"][0]
    proxy = Proxy(parts.port)
    proxied = f"http://127.0.0.1:{proxy.port}"
    page = subprocess.run([sys.executable, os.path.join(HERE, "devtools_page.py"), f"{proxied}/?token={token}", "danmaku",
                           os.path.join(out, ".page.png")], capture_output=True, text=True, timeout=120)
    os.remove(os.path.join(out, ".page.png")) if os.path.exists(os.path.join(out, ".page.png")) else None
    if page.returncode != 0:
        sys.exit(f"record_devtools_traffic: the page run failed: {page.stderr.strip()}")
    browser = open_browser()
    try:
        for path in (f"/screenshot.png?token={token}&layer=float", f"/events?token={token}&after=0", f"/missing?token={token}"):
            browser.get(proxied + path)
            WebDriverWait(browser, 10).until(lambda b: b.execute_script("return document.readyState") == "complete")
    finally:
        browser.quit()
    # A script's command, as the docs show one posted.
    command = json.dumps({"command": "select", "path": [2, 3], "name": "danmaku"}).encode()
    request = urllib.request.Request(f"{proxied}/command?token={token}", data=command, headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=10).read()
    seen = {}
    with proxy.lock:
        connections = [bytes(c) for c in proxy.connections if c]
    for data in connections:
        name = name_of(data)
        if name.endswith("websocket"):
            data = websocket_cut(data, WEBSOCKET_BYTES)
        data = data.replace(token.encode(), b"@TOKEN@").replace(b":%d" % parts.port, b":@PORT@")
        # The same request twice (a page's favicon, a reload) is one seed.
        if data in seen.values():
            continue
        count = sum(1 for n in seen if n.startswith(name))
        seen[name + (f"-{count + 1}" if count else "")] = data
    for name, data in seen.items():
        with open(os.path.join(out, name + ".devtools"), "wb") as f:
            f.write(data)
    print(f"record_devtools_traffic: {len(seen)} connections saved in {out}: {', '.join(sorted(seen))}")


if __name__ == "__main__":
    main()

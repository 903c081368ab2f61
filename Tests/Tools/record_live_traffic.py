#!/usr/bin/env python3
"""Records what a live broadcast server sends one client, as the fuzzer's live seeds.

Connects to ws://127.0.0.1:PORT/sub as the platform's web player does (authentication with
protover 3, a heartbeat every 30 s and one at once), and writes each binary WebSocket
message the server sends, in order, as a 4-byte big-endian length and the message's bytes:
the authentication's answer, heartbeat answers and the batches of commands.

    python3 Tests/Tools/record_live_traffic.py PORT SECONDS OUT

Run `studio serve --feed-file FILE --speed 60` first; make the seeds again with
Tests/Tools/record_live_seeds.sh.
"""

import json
import struct
import sys
import time

import websocket


def packet(operation, body):
    return struct.pack(">IHHII", 16 + len(body), 16, 1, operation, 1) + body


def main():
    port, seconds, out = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/sub", timeout=5)
    auth = {"uid": 0, "roomid": 1, "protover": 3, "platform": "web", "type": 2}
    ws.send_binary(packet(7, json.dumps(auth).encode()))
    ws.send_binary(packet(2, b"{}"))
    ws.settimeout(0.5)
    messages = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            opcode, data = ws.recv_data()
        except websocket.WebSocketTimeoutException:
            continue
        except websocket.WebSocketConnectionClosedException:
            break
        if opcode == websocket.ABNF.OPCODE_BINARY:
            messages.append(data)
    ws.close()
    with open(out, "wb") as f:
        for m in messages:
            f.write(struct.pack(">I", len(m)) + m)
    print(f"{out}: {len(messages)} messages, {sum(len(m) for m in messages)} bytes")


if __name__ == "__main__":
    main()

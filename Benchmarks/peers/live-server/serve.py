#!/usr/bin/env python3
"""The live-server peer: a BililiveRecorder recording replayed on the live danmaku protocol
with aiohttp, the asyncio HTTP and WebSocket library blivedm itself is built on.

Usage: serve.py RECORDING PORT

It does the same work as `studio serve --loop` (docs/LIVE-PROTOCOL.md), the way a Python
service would write it:
- each connection authenticates (operation 7, answered with operation 8) and is then sent
  the file from its start, looping, at the records' times;
- records due within 0.1 s of a batch's first go out together: each one's command JSON in
  the platform's shape (the same fields `studio serve` writes, the time it was due stamped
  in `DANMU_MSG`'s info[0][4] so the bench's clients measure the same lag), each in its own
  16-byte-header packet, the packets brotli-compressed at quality 5 into one version-3
  packet, one WebSocket message per batch;
- as `studio serve` does, a record's command is written once (the 16,384 most recent are
  kept) with its times left as holes, and each client's copy has its own times stamped in;
- heartbeats (operation 2) are answered with the popularity (operation 3);
- each client has its own queue of at most 256 batches: newer ones are dropped when full.
It prints "serving ws://127.0.0.1:PORT/sub" once it listens, and runs until killed.
"""
import asyncio
import json
import struct
import sys
import time
import xml.etree.ElementTree as ET

import brotli
from aiohttp import WSMsgType, web

BATCH_WINDOW = 0.1
QUEUE_LIMIT = 256


def packet(operation, body, version=0):
    return struct.pack(">IHHII", 16 + len(body), 16, version, operation, 0) + body


def load(path):
    """The recording's records in time order: (time, kind, attributes, text)."""
    records = []
    for _, element in ET.iterparse(path):
        a = element.attrib
        if element.tag == "d":
            p = a.get("p", "0,1,25,16777215").split(",")
            records.append((float(p[0]), "d", {"mode": int(p[1]), "size": int(p[2]), "color": int(p[3]),
                                                "user": a.get("user", "viewer")}, element.text or ""))
        elif element.tag == "gift":
            records.append((float(a["ts"]), "gift", a, ""))
        elif element.tag == "sc":
            records.append((float(a["ts"]), "sc", a, element.text or ""))
        elif element.tag == "guard":
            records.append((float(a["ts"]), "guard", a, ""))
        element.clear()
    records.sort(key=lambda r: r[0])
    return records


def uid(name):
    h = 2166136261
    for b in name.encode():
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h & 0x7FFFFFFF


# Stand-ins for the times, written into a command's JSON and then cut out of it: the
# milliseconds, their low 31 bits, the seconds (as a number and as a string) and a super
# chat's end.
MS, LOW, SEC, SEC_TEXT, END = "@@ms@@", "@@low@@", "@@s@@", "@@stext@@", "@@end@@"
CACHE_LIMIT = 16384


def template(record):
    """The record's command as JSON pieces, split where its times go: [(piece, hole), ...]."""
    text = json.dumps(command(record), ensure_ascii=False, separators=(",", ":"))
    pieces = []
    while True:
        found = [(text.find(h), h) for h in (f'"{MS}"', f'"{LOW}"', f'"{SEC}"', f'"{SEC_TEXT}"', f'"{END}"')]
        found = [(at, h) for at, h in found if at >= 0]
        if not found:
            pieces.append((text.encode(), None))
            return pieces
        at, hole = min(found)
        pieces.append((text[:at].encode(), hole))
        text = text[at + len(hole):]


def stamped(pieces, due, pinned):
    ms = int(due * 1000)
    s = ms // 1000
    values = {f'"{MS}"': str(ms), f'"{LOW}"': str(ms & 0x7FFFFFFF), f'"{SEC}"': str(s), f'"{SEC_TEXT}"': f'"{s}"',
              f'"{END}"': str(s + pinned)}
    return b"".join(piece + (values[hole].encode() if hole else b"") for piece, hole in pieces)


def command(record):
    _, kind, a, text = record
    ms, s = MS, SEC
    if kind == "d":
        user = a["user"]
        look = [0, a["mode"], a["size"], a["color"] & 0xFFFFFF, ms, LOW, 0, "", 0, 0, 0, "", 0, "{}", "{}",
                {"mode": 0, "show_player_type": 0, "extra": ""}]
        info = [look, text, [uid(user), user, 0, 0, 0, 10000, 1, ""], [], [0, 0, 9868950, ">50000"], ["", ""], 0, 0,
                None, {"ts": s, "ct": ""}, 0, 0, None, None, 0, 0]
        return {"cmd": "DANMU_MSG", "info": info}
    if kind == "gift":
        gold = int(round(float(a.get("price", "0")) * 1000))
        count = int(a.get("giftcount", "1"))
        return {"cmd": "SEND_GIFT", "data": {
            "giftName": a.get("giftname", ""), "num": count, "uname": a.get("user", ""), "face": "", "guard_level": 0,
            "uid": int(a.get("uid", "0")), "timestamp": s, "giftId": 0, "giftType": 0, "action": "投喂", "price": gold,
            "rnd": SEC_TEXT, "coin_type": "gold", "total_coin": gold * count, "tid": SEC_TEXT}}
    if kind == "sc":
        pinned = int(float(a.get("time", "60")))
        return {"cmd": "SUPER_CHAT_MESSAGE", "data": {
            "price": int(float(a.get("price", "0"))), "message": text, "message_trans": "", "start_time": s,
            "end_time": END, "time": pinned, "id": s, "gift": {"gift_id": 12000, "gift_name": "醒目留言"},
            "uid": int(a.get("uid", "0")),
            "user_info": {"uname": a.get("user", ""), "face": "", "guard_level": 0, "user_level": 1}}}
    return {"cmd": "GUARD_BUY", "data": {
        "uid": int(a.get("uid", "0")), "username": a.get("user", ""), "guard_level": int(a.get("level", "3")),
        "num": int(a.get("count", "1")), "price": 0, "start_time": s, "end_time": s}}


class Templates:
    """Commands written once for all connections, the most recent CACHE_LIMIT kept."""

    def __init__(self, records):
        self.records = records
        self.kept = {}

    def get(self, i):
        pieces = self.kept.get(i)
        if pieces is None:
            pieces = template(self.records[i])
            self.kept[i] = pieces
            if len(self.kept) > CACHE_LIMIT:
                del self.kept[next(iter(self.kept))]
        return pieces


def pinned(record):
    return int(float(record[2].get("time", "60"))) if record[1] == "sc" else 0


async def replay(records, templates, queue):
    start = time.time()
    offset = 0.0
    length = (records[-1][0] if records else 0) + 1
    while True:
        i = 0
        while i < len(records):
            due = records[i][0]
            wait = start + offset + due - time.time()
            if wait > 0:
                await asyncio.sleep(wait)
            when = start + offset + due
            body = b""
            while i < len(records) and records[i][0] <= due + BATCH_WINDOW:
                body += packet(5, stamped(templates.get(i), when, pinned(records[i])))
                i += 1
            message = packet(5, brotli.compress(body, quality=5), version=3)
            if queue.full():
                continue
            queue.put_nowait(message)
            await asyncio.sleep(0)
        offset += length


async def handle(request):
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    queue = asyncio.Queue(QUEUE_LIMIT)
    tasks = []

    async def writer():
        while True:
            await ws.send_bytes(await queue.get())

    try:
        async for message in ws:
            if message.type != WSMsgType.BINARY:
                continue
            data = message.data
            at = 0
            while at + 16 <= len(data):
                length, _, _, operation, _ = struct.unpack(">IHHII", data[at:at + 16])
                if operation == 7:
                    await ws.send_bytes(packet(8, b'{"code":0}', version=1))
                    if not tasks:
                        tasks = [asyncio.create_task(replay(request.app["records"], request.app["templates"], queue)),
                                 asyncio.create_task(writer())]
                elif operation == 2:
                    await ws.send_bytes(packet(3, struct.pack(">I", 1000), version=1))
                at += max(16, length)
    finally:
        for task in tasks:
            task.cancel()
    return ws


def main():
    path, port = sys.argv[1], int(sys.argv[2])
    app = web.Application()
    app["records"] = load(path)
    app["templates"] = Templates(app["records"])
    app.router.add_get("/sub", handle)

    async def started(_):
        print(f"serving ws://127.0.0.1:{port}/sub", flush=True)

    app.on_startup.append(started)
    web.run_app(app, host="127.0.0.1", port=port, print=None)


if __name__ == "__main__":
    main()

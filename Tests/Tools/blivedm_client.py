#!/usr/bin/env python3
"""blivedm, the Bilibili live danmaku client from PyPI, connected to `studio serve`.

Usage: blivedm_client.py WS_URL SECONDS

Prints one JSON line per message blivedm hands its handler (danmaku, gift, guard, super
chat, heartbeat) for SECONDS, then stops. blivedm is used as published: its own handshake,
heartbeats, packet splitting and brotli decompression. Two things point it at the local
server instead of the platform's: the room's lookup over HTTPS is skipped (the server list
and token are set as that lookup would set them), and its `wss://` address is made `ws://`
(`studio serve` speaks plain WebSocket on loopback).
"""
import asyncio
import json
import sys
from urllib.parse import urlparse

import aiohttp
import blivedm


def emit(record):
    print(json.dumps(record, ensure_ascii=False), flush=True)


class Printer(blivedm.BaseHandler):
    async def _on_heartbeat(self, client, message):
        emit({"kind": "heartbeat", "popularity": message.popularity})

    async def _on_danmaku(self, client, message):
        emit({"kind": "danmaku", "text": message.msg, "user": message.uname, "mode": message.mode,
              "color": message.color, "size": message.font_size})

    async def _on_gift(self, client, message):
        emit({"kind": "gift", "name": message.gift_name, "num": message.num, "user": message.uname,
              "price": message.price, "coin_type": message.coin_type})

    async def _on_buy_guard(self, client, message):
        emit({"kind": "guard", "user": message.username, "level": message.guard_level, "num": message.num})

    async def _on_super_chat(self, client, message):
        emit({"kind": "superChat", "message": message.message, "price": message.price, "user": message.uname})


class LocalClient(blivedm.BLiveClient):
    def __init__(self, url, session):
        super().__init__(1, session=session, heartbeat_interval=1)
        self._url = urlparse(url)

    async def init_room(self):
        self._room_id = 1
        self._room_short_id = 0
        self._room_owner_uid = 0
        self._host_server_list = [{"host": self._url.hostname, "port": self._url.port,
                                   "wss_port": self._url.port, "ws_port": self._url.port}]
        self._host_server_token = "local"
        return True


async def main(url, seconds):
    session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
    connect = session.ws_connect

    def plain_ws_connect(address, **kwargs):
        kwargs.pop("ssl", None)
        return connect(address.replace("wss://", "ws://", 1), **kwargs)

    session.ws_connect = plain_ws_connect
    client = LocalClient(url, session)
    client.add_handler(Printer())
    client.start()
    try:
        await asyncio.sleep(seconds)
    finally:
        await client.stop_and_close()
        await session.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2])))

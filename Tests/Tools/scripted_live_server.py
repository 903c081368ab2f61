"""A live broadcast server that plays a script, for testing a room that follows it.

Usage: scripted_live_server.py SCRIPT.json STATE_FILE ADDRESS_FILE

It speaks the platform's protocol as `studio serve` does (the 16-byte packet header,
authentication, heartbeats answered with a popularity count, commands as JSON), on
127.0.0.1 at a port of its choosing, whose ws:// address it writes to ADDRESS_FILE once it
listens. Once a client has authenticated it plays SCRIPT, a JSON list of steps:

    {"send": {...}}                    one command, as the platform sends it
    {"send": [{...}, {...}]}           several, in one brotli batch
    {"popularity": 1234}               what later heartbeat answers say
    {"expect": {"liveState": "ended", "badge": "Ended"}, "seconds": 10}
                                       wait until the room's --state-out file (STATE_FILE)
                                       holds these values (null: the key is absent)
    {"hold": {"lastComment": "x"}, "seconds": 1}
                                       the values must stay so for that long
    {"sleep": 0.5}

It prints one line per step and exits 0 once every step passed, 1 at the first that did
not (naming it and the state it read), 2 if no client came within 60 s. It stops by itself.
"""

import asyncio
import json
import os
import struct
import sys
import time

import brotli
from aiohttp import web, WSMsgType

HEADER = struct.Struct(">IHHII")
OP_HEARTBEAT, OP_HEARTBEAT_REPLY, OP_MESSAGE, OP_AUTH, OP_AUTH_REPLY = 2, 3, 5, 7, 8


def packet(operation, body, version=1):
    return HEADER.pack(HEADER.size + len(body), HEADER.size, version, operation, 1) + body


def commands(values):
    """A batch of commands: brotli-compressed packets, as the platform sends them."""
    inner = b"".join(packet(OP_MESSAGE, json.dumps(v, ensure_ascii=False).encode(), version=0) for v in values)
    return packet(OP_MESSAGE, brotli.compress(inner), version=3)


def read_state(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.loads(f.read())
    except (OSError, ValueError):
        return None


def matches(state, wanted):
    return state is not None and all(state.get(k) == v for k, v in wanted.items())


class Server:
    def __init__(self, script, state_file):
        self.script, self.state_file = script, state_file
        self.popularity = 1000
        self.done = asyncio.get_event_loop().create_future()

    async def handle(self, request):
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        player = None
        async for message in socket:
            if message.type != WSMsgType.BINARY:
                continue
            data = message.data
            while len(data) >= HEADER.size:
                length, _, _, operation, _ = HEADER.unpack_from(data)
                if operation == OP_AUTH:
                    await socket.send_bytes(packet(OP_AUTH_REPLY, b'{"code":0}'))
                    if player is None and not self.done.done():
                        player = asyncio.ensure_future(self.play(socket))
                elif operation == OP_HEARTBEAT:
                    await socket.send_bytes(packet(OP_HEARTBEAT_REPLY, struct.pack(">I", self.popularity)))
                data = data[max(length, HEADER.size):]
        return socket

    async def play(self, socket):
        try:
            for number, step in enumerate(self.script, 1):
                ok, said = await self.step(socket, step)
                print(f"step {number} {'ok' if ok else 'FAILED'}: {json.dumps(step, ensure_ascii=False)} {said}", flush=True)
                if not ok:
                    self.done.set_result(1)
                    return
            self.done.set_result(0)
        except Exception as error:  # the client went away: the step cannot be played
            print(f"the script stopped: {error!r}", flush=True)
            if not self.done.done():
                self.done.set_result(1)

    async def step(self, socket, step):
        if "send" in step:
            values = step["send"] if isinstance(step["send"], list) else [step["send"]]
            await socket.send_bytes(commands(values))
            return True, ""
        if "popularity" in step:
            self.popularity = step["popularity"]
            return True, ""
        if "sleep" in step:
            await asyncio.sleep(step["sleep"])
            return True, ""
        seconds = step.get("seconds", 10)
        end = time.monotonic() + seconds
        if "expect" in step:
            while time.monotonic() < end:
                state = read_state(self.state_file)
                if matches(state, step["expect"]):
                    return True, ""
                await asyncio.sleep(0.02)
            return False, f"state {read_state(self.state_file)}"
        if "hold" in step:
            while time.monotonic() < end:
                state = read_state(self.state_file)
                if not matches(state, step["hold"]):
                    return False, f"state {state}"
                await asyncio.sleep(0.02)
            return True, ""
        return False, "unknown step"


async def main(script_path, state_file, address_file):
    with open(script_path, encoding="utf-8") as f:
        script = json.load(f)
    server = Server(script, state_file)
    app = web.Application()
    app.router.add_get("/sub", server.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    with open(address_file + ".part", "w") as f:
        f.write(f"ws://127.0.0.1:{port}/sub")
    os.replace(address_file + ".part", address_file)
    try:
        status = await asyncio.wait_for(server.done, timeout=60 + sum(s.get("seconds", 0) + s.get("sleep", 0) for s in script))
    except asyncio.TimeoutError:
        print("no client played the script in time", flush=True)
        status = 2
    await runner.cleanup()
    return status


if __name__ == "__main__":
    sys.exit(asyncio.run(main(*sys.argv[1:4])))

#!/usr/bin/env python3
"""Writes the designer mock's images (standard library only): a nine-slice badge frame
(24x24, 8 px rounded gold border around a dark translucent centre) and a sprite sheet of
four 32x32 frames (a spark growing and changing colour), in one row."""
import math, os, struct, zlib

def png(path, width, height, pixel):
    rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))

def frame(x, y):
    # Distance outside the 8 px corner arcs: transparent there, gold border, dark centre.
    cx, cy = min(max(x + 0.5, 8), 16), min(max(y + 0.5, 8), 16)
    if math.hypot(x + 0.5 - cx, y + 0.5 - cy) > 8: return (0, 0, 0, 0)
    return (255, 200, 61, 255) if min(x, y, 23 - x, 23 - y) < 3 else (20, 16, 40, 200)

def spark(x, y):
    i, fx = divmod(x, 32)
    r = 5 + 3 * i
    colors = [(255, 80, 120), (255, 160, 60), (255, 230, 80), (120, 240, 255)]
    d = abs(fx + 0.5 - 16) + abs(y + 0.5 - 16)
    return colors[i] + (255,) if d <= r else (0, 0, 0, 0)

here = os.path.dirname(os.path.abspath(__file__))
png(os.path.join(here, "badge-frame.png"), 24, 24, frame)
png(os.path.join(here, "spark-sheet.png"), 128, 32, spark)

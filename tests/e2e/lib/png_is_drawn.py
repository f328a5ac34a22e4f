#!/usr/bin/env python3
"""Whether a PNG (as a browser's screenshot writes it: 8-bit RGB or RGBA, not interlaced) shows a page
that was drawn: enough pixels that are not the background, in enough different colours. Prints what it
found; exits 1 when the picture is blank or nearly so, 2 when it cannot be read.
  png_is_drawn.py FILE [MIN_SHARE]"""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError("only 8-bit RGB or RGBA, not interlaced, is read here")
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    path, min_share = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 0.02
    try:
        width, height, channels, rows = pixels(path)
    except (OSError, ValueError, TypeError, zlib.error) as e:
        print(f"{path}: cannot read: {e}")
        return 2
    background = rows[0][:3]
    drawn, colours = 0, set()
    for row in rows:
        for x in range(0, width * channels, channels):
            rgb = row[x:x + 3]
            if rgb != background:
                drawn += 1
                colours.add(rgb)
    share = drawn / (width * height)
    print(f"{path}: {width}x{height}, {share:.1%} of the pixels drawn, {len(colours)} colours")
    return 0 if share >= min_share and len(colours) >= 8 else 1


sys.exit(main())

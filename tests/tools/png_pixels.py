#!/usr/bin/env python3
"""Reads a PNG (8-bit greyscale, RGB, RGBA, grey+alpha; not interlaced, as Chromium writes them)
with the standard library only, and answers questions about its pixels for the browser tests.

  png_pixels.py ink FILE [X0 Y0 X1 Y1]
      the fraction of pixels in the box (default: the whole image) that are not near-white
  png_pixels.py centroid FILE R G B TOL
      the centroid (x y) and count of the pixels within TOL of colour (R, G, B) in each channel;
      exits 1 when there is none
"""
import struct
import sys
import zlib


def read_png(path):
    """(width, height, rows): rows[y] is a list of (r, g, b) tuples."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG file")
    pos, idat, width, height, depth, ctype, interlace = 8, b"", 0, 0, 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(ctype)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"{path}: PNG colour type {ctype}, depth {depth}, interlace "
                         f"{interlace} not supported")
    raw = zlib.decompress(idat)
    stride = width * channels
    prev = [0] * stride
    rows, i = [], 0
    for _ in range(height):
        ftype, line = raw[i], list(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if ftype == 2:
            line = [(v + b) & 255 for v, b in zip(line, prev)]
        elif ftype in (1, 3, 4):
            for x in range(stride):
                a = line[x - channels] if x >= channels else 0
                if ftype == 1:
                    line[x] = (line[x] + a) & 255
                elif ftype == 3:
                    line[x] = (line[x] + (a + prev[x]) // 2) & 255
                else:
                    b = prev[x]
                    c = prev[x - channels] if x >= channels else 0
                    pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    line[x] = (line[x] + pred) & 255
        prev = line
        if channels >= 3:
            rows.append(list(zip(line[0::channels], line[1::channels], line[2::channels])))
        else:
            rows.append([(v,) * 3 for v in line[0::channels]])
    return width, height, rows


def main(argv):
    what, path = argv[1], argv[2]
    width, height, rows = read_png(path)
    if what == "ink":
        x0, y0, x1, y1 = (int(v) for v in argv[3:7]) if len(argv) >= 7 else (0, 0, width, height)
        box = [p for row in rows[y0:y1] for p in row[x0:x1]]
        ink = sum(1 for p in box if min(p) < 235)
        print(f"{ink / max(len(box), 1):.4f}")
        return 0
    if what == "centroid":
        r, g, b, tol = (int(v) for v in argv[3:7])
        sx = sy = n = 0
        for y, row in enumerate(rows):
            for x, p in enumerate(row):
                if abs(p[0] - r) <= tol and abs(p[1] - g) <= tol and abs(p[2] - b) <= tol:
                    sx, sy, n = sx + x, sy + y, n + 1
        if n == 0:
            print("none")
            return 1
        print(f"{sx / n:.1f} {sy / n:.1f} {n}")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

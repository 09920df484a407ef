#!/usr/bin/env python3
"""Oracle for numba.cuda.random: xoroshiro128+ states and draws, from the published algorithm.

Pure CPython integers, independent of ujit and of Numba: splitmix64 seeding (both words of
state 0 are splitmix64(seed)), the xoroshiro128+ step (result s0 + s1; s1 ^= s0;
s0 = rotl(s0, 55) ^ s1 ^ (s1 << 14); s1 = rotl(s1, 36)), the 2^64-step jump polynomial
0xd86b048b86aa9922_beac0467eba5facb, and Numba's conversions:

  uniform_float64  (x >> 11) * 2**-53                           exact
  uniform_float32  that float64 rounded to float32
  normal_float32   u1, u2 = two uniform_float32 draws; in float32:
                   sqrt(-2 * log(u1)) * cos(float32(2*pi) * u2)
  normal_float64   the same two float32 uniforms, log(u1) in float32, the rest in float64

create_xoroshiro128p_states(n, seed, subsequence_start): state 0 is the seeded state jumped
subsequence_start times; state i the state i - 1 jumped once.

The normals use CPython's double-precision libm and round to float32 after each float32
operation, so they can differ from a float32 libm (logf, cosf) by an ulp or two: the tests
compare them within a few ulp (normal_float64 in float32 ulps: its log is float32), the
uniforms and states exactly.

Writes tests/support/xoroshiro128p_expected.h (C and C++ tests) and
tests/python/xoroshiro128p_expected.json (pytest).

Regenerate: python3 tools/scripts/xoroshiro_oracle.py [--check]
"""
import argparse
import json
import math
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT_H = os.path.join(ROOT, "tests", "support", "xoroshiro128p_expected.h")
OUT_JSON = os.path.join(ROOT, "tests", "python", "xoroshiro128p_expected.json")

MASK = (1 << 64) - 1
JUMP = (0xBEAC0467EBA5FACB, 0xD86B048B86AA9922)

# (n, seed, subsequence_start) of the state arrays written out.
STATE_CASES = ((4, 1, 0), (3, 12345, 2), (2, 2**64 - 1, 0), (1, 0, 0))
# Draws: from create_xoroshiro128p_states(DRAW_STATES, DRAW_SEED), per state, DRAWS calls.
DRAW_STATES, DRAW_SEED, DRAWS = 4, 1, 4
SPLITMIX_SEEDS = (0, 1, 42, 2**63, 2**64 - 1)


def splitmix64(seed):
    z = (seed + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


class Generator:
    def __init__(self, s0, s1):
        self.s0, self.s1 = s0, s1

    def next(self):
        s0, s1 = self.s0, self.s1
        result = (s0 + s1) & MASK
        s1 ^= s0
        self.s0 = rotl(s0, 55) ^ s1 ^ ((s1 << 14) & MASK)
        self.s1 = rotl(s1, 36)
        return result

    def jump(self):
        a0 = a1 = 0
        for word in JUMP:
            for b in range(64):
                if word >> b & 1:
                    a0 ^= self.s0
                    a1 ^= self.s1
                self.next()
        self.s0, self.s1 = a0, a1

    def copy(self):
        return Generator(self.s0, self.s1)


def check_jump_polynomial():
    """The published jump constants do advance 2^64 steps: the step is linear over GF(2), so
    its 128x128 matrix squared 64 times must map a state where JUMP takes it."""
    def step(v):
        g = Generator(v & MASK, v >> 64)
        g.next()
        return g.s0 | g.s1 << 64

    def apply(columns, v):
        out, i = 0, 0
        while v:
            if v & 1:
                out ^= columns[i]
            v >>= 1
            i += 1
        return out

    columns = [step(1 << i) for i in range(128)]
    for _ in range(64):
        columns = [apply(columns, c) for c in columns]
    g = Generator(0x0123456789ABCDEF, 0xFEDCBA9876543210)
    expected = apply(columns, g.s0 | g.s1 << 64)
    g.jump()
    if g.s0 | g.s1 << 64 != expected:
        sys.exit("the jump polynomial does not advance 2^64 steps")


def create_states(n, seed, subsequence_start=0):
    g = Generator(splitmix64(seed), splitmix64(seed))
    for _ in range(subsequence_start):
        g.jump()
    out = []
    for i in range(n):
        if i:
            g.jump()
        out.append((g.s0, g.s1))
    return out


def f32(x):
    """x rounded to the nearest float32 (ties to even), as a Python float."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def unit64(x):
    return (x >> 11) * 2.0**-53


def unit32(x):
    return f32(unit64(x))


TWO_PI_F32 = f32(2 * math.pi)


def normal32(u1, u2):
    log_u1 = f32(math.log(u1))
    radius = f32(math.sqrt(f32(-2.0 * log_u1)))
    return f32(radius * f32(math.cos(f32(TWO_PI_F32 * u2))))


def normal64(u1, u2):
    log_u1 = f32(math.log(u1))
    return math.sqrt(-2.0 * log_u1) * math.cos(2 * math.pi * u2)


def draws():
    """Per kind, per state: DRAWS successive calls, each kind from fresh states."""
    states = create_states(DRAW_STATES, DRAW_SEED)
    out = {"next": [], "uniform_float32": [], "uniform_float64": [], "normal_float32": [], "normal_float64": []}
    for s0, s1 in states:
        for kind in out:
            g = Generator(s0, s1)
            row = []
            for _ in range(DRAWS):
                if kind == "next":
                    row.append(g.next())
                elif kind == "uniform_float32":
                    row.append(unit32(g.next()))
                elif kind == "uniform_float64":
                    row.append(unit64(g.next()))
                else:
                    u1, u2 = unit32(g.next()), unit32(g.next())
                    row.append(normal32(u1, u2) if kind == "normal_float32" else normal64(u1, u2))
            out[kind].append(row)
    return out


def c_u64(x):
    return "UINT64_C(0x%016x)" % x


def render_header():
    d = draws()
    lines = [
        "/* Generated by tools/scripts/xoroshiro_oracle.py: do not edit. numba.cuda.random's",
        " * xoroshiro128+ from the published algorithm, in Python integers (see the script). */",
        "/* clang-format off */",
        "#ifndef UJIT_TESTS_XOROSHIRO128P_EXPECTED_H",
        "#define UJIT_TESTS_XOROSHIRO128P_EXPECTED_H",
        "#include <stdint.h>",
        "",
        "/* create_xoroshiro128p_states(n, seed, subsequence_start): rows (s0, s1). */",
        "typedef struct XoroStatesCase {",
        "    int64_t n;",
        "    uint64_t seed, subsequence_start;",
        "    uint64_t states[%d][2];" % max(c[0] for c in STATE_CASES),
        "} XoroStatesCase;",
        "static const XoroStatesCase kXoroStatesCases[] = {",
    ]
    for n, seed, sub in STATE_CASES:
        rows = ", ".join("{%s, %s}" % (c_u64(a), c_u64(b)) for a, b in create_states(n, seed, sub))
        lines.append("    {%d, %s, %s, {%s}}," % (n, c_u64(seed), c_u64(sub), rows))
    lines += [
        "};",
        "",
        "/* init_xoroshiro128p_state(states, i, seed): both words are splitmix64(seed). */",
        "static const uint64_t kXoroSplitmixSeeds[] = {%s};" % ", ".join(c_u64(s) for s in SPLITMIX_SEEDS),
        "static const uint64_t kXoroSplitmix[] = {%s};" % ", ".join(c_u64(splitmix64(s)) for s in SPLITMIX_SEEDS),
        "",
        "/* From create_xoroshiro128p_states(%d, seed=%d), each kind from fresh states: %d calls"
        % (DRAW_STATES, DRAW_SEED, DRAWS),
        " * per state (normals take two steps a call). */",
        "enum { kXoroDrawStates = %d, kXoroDrawSeed = %d, kXoroDraws = %d };" % (DRAW_STATES, DRAW_SEED, DRAWS),
    ]
    for kind, ctype, fmt in (
        ("next", "uint64_t", c_u64),
        ("uniform_float32", "float", lambda v: "%.9gf" % v),
        ("uniform_float64", "double", lambda v: "%.17g" % v),
        ("normal_float32", "float", lambda v: "%.9gf" % v),
        ("normal_float64", "double", lambda v: "%.17g" % v),
    ):
        name = "kXoro" + "".join(p.capitalize() for p in kind.split("_"))
        rows = ", ".join("{%s}" % ", ".join(fmt(v) for v in row) for row in d[kind])
        lines.append("static const %s %s[%d][%d] = {%s};" % (ctype, name, DRAW_STATES, DRAWS, rows))
    lines += ["", "#endif", "/* clang-format on */", ""]
    return "\n".join(lines)


def render_json():
    d = draws()
    doc = {
        "states": [
            {"n": n, "seed": seed, "subsequence_start": sub, "states": [list(r) for r in create_states(n, seed, sub)]}
            for n, seed, sub in STATE_CASES
        ],
        "draw_states": DRAW_STATES,
        "draw_seed": DRAW_SEED,
        "draws": {k: [[repr(v) if isinstance(v, float) else v for v in row] for row in rows] for k, rows in d.items()},
    }
    return json.dumps(doc, indent=1) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if the committed files differ")
    args = ap.parse_args()
    check_jump_polynomial()
    stale = []
    for path, text in ((OUT_H, render_header()), (OUT_JSON, render_json())):
        if args.check:
            with open(path) as f:
                if f.read() != text:
                    stale.append(path)
        else:
            with open(path, "w") as f:
                f.write(text)
    if stale:
        sys.exit("out of date: %s (run tools/scripts/xoroshiro_oracle.py)" % ", ".join(stale))


if __name__ == "__main__":
    main()

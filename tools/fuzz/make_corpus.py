#!/usr/bin/python3
"""Regenerates the committed seed corpora of tools/fuzz/corpus/ from the test files.

  python (fuzz_parse, fuzz_compile): every .py of lang/examples, tests/conformance/corpus, tests/lit
  fuzz_npy:                 .npy files numpy writes (every dtype ujit reads, C and Fortran
                            order, 0-d, empty, version 1 and 2 headers)
  fuzz_pyliteral:           the argument spellings the tests and README use
  fuzz_cache_entry:         entries in the disk cache's format (src/cache/entry_format.hpp)
  fuzz_gufunc_layout:       the gufunc layouts the tests and NumPy's docs use

Run from anywhere: /usr/bin/python3 tools/fuzz/make_corpus.py (Debian python3-numpy). Files are named by their content's
hash, as libFuzzer names what it adds.
"""
import hashlib
import io
import pathlib
import shutil
import struct

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "tools" / "fuzz" / "corpus"


def put(target, data):
    d = OUT / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()).write_bytes(data)


def python_sources():
    for sub in ("lang/examples", "tests/conformance/corpus", "tests/lit"):
        for p in sorted((ROOT / sub).rglob("*.py")):
            if p.name != "lit.cfg.py":
                yield p.read_bytes()


def npy_files():
    arrays = [(np.arange(6) % 2).astype(t).reshape(2, 3) for t in
              ("f8", "f4", "i8", "i4", "i2", "i1", "u8", "u4", "u2", "u1", "?", "c16", "c8")]
    arrays += [np.asfortranarray(np.arange(12.0).reshape(3, 4)), np.array(3.5), np.zeros((0, 4)),
               np.arange(24, dtype=">i4").reshape(2, 3, 4), np.ones(5, dtype="<f8")]
    for a in arrays:
        b = io.BytesIO()
        np.save(b, a)
        yield b.getvalue()
    b = io.BytesIO()
    np.lib.format.write_array(b, np.arange(4.0), version=(2, 0))
    yield b.getvalue()


LITERALS = ["3", "-7", "3.0", "1e-3", "inf", "-inf", "nan", "True", "False", "None", "2j", "1+2j",
            "-1.5-0.5j", "(1, 2.0)", "(1,)", "()", "((1, 2), (3.0, True))", "18446744073709551615",
            "9223372036854775808", "0x1f", "1_000", "x.npy", "data/in.npy"]


def cache_entries():
    def fnv(data, h=0xcbf29ce484222325):
        for c in data:
            h = ((h ^ c) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
        return h

    for key, payload in [(b"k", b""), (b"src=abc fn=f sig=float64(float64) target=cpu", b"\x7fELF" + bytes(60)),
                         (b"ptx key", b".version 8.0\n.target sm_80\n")]:
        head = b"UJITCACH" + struct.pack("<IIQ", 1, len(key), len(payload))
        yield head + struct.pack("<Q", fnv(payload, fnv(key, fnv(head)))) + key + payload


LAYOUTS = ["(m,n),(n,p)->(m,p)", "(m, n), (n, p) -> (m, p)", "(n)->()", "(n),()->(n)", "(n)->(),()", "()->()",
           "(3),(3)->(3)", "(n,3)->()", "(3,3)->(3)", "(m,m)->()", "(n,)->()", "(3x)->()", "(i,j,k)->(k,j,i)",
           " ( n ) -> ( ) ", "(n),(n)->()"]


def main():
    if OUT.exists():
        shutil.rmtree(OUT)
    for src in python_sources():
        put("python", src)
    for data in npy_files():
        put("fuzz_npy", data)
    for text in LITERALS:
        put("fuzz_pyliteral", text.encode())
    for data in cache_entries():
        put("fuzz_cache_entry", data)
    for text in LAYOUTS:
        put("fuzz_gufunc_layout", text.encode())
    for d in sorted(OUT.iterdir()):
        print(f"{d.name}: {len(list(d.iterdir()))} seeds")


if __name__ == "__main__":
    main()

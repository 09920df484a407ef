#!/usr/bin/env python3
"""Checks tests/conformance/expected.json against real Numba (where Numba is installed,
e.g. the GPU machine): every case is compiled with @njit as written in the corpus and its
result (value and Numba's return type) compared with the CPython oracle's.

This validates the corpus itself: a case where CPython and Numba disagree does not belong
in it. Exit status 1 lists the disagreements.
    python3 tools/scripts/numba_check.py [expected.json]
"""
import importlib.util
import json
import math
import os
import sys

import numba
import numpy as np
from numba.core import types

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def decode(v):
    if v["type"] == "tuple":
        return tuple(decode(e) for e in v["items"])
    t, x = v["type"], v["value"]
    if t == "bool":
        return bool(x)
    if t == "int64":
        return int(x)
    if t == "float64":
        return float(x)
    return getattr(np, t)(float(x) if t.startswith("float") else x)


def numba_type_json(t):
    t = types.unliteral(t)  # len(tuple) is typed Literal[int](3): an int64 constant
    if isinstance(t, types.BaseTuple):
        return {"type": "tuple", "items": [numba_type_json(e) for e in t.types]}
    return {"type": "bool" if t == types.boolean else str(t)}


def same_types(expected, got_type):
    if expected["type"] == "tuple":
        return (got_type["type"] == "tuple" and len(expected["items"]) == len(got_type["items"])
                and all(same_types(e, g) for e, g in zip(expected["items"], got_type["items"])))
    return expected["type"] == got_type["type"]


def same_value(expected, got, rtol):
    if expected["type"] == "tuple":
        return all(same_value(e, g, rtol) for e, g in zip(expected["items"], got))
    t, x = expected["type"], expected["value"]
    if t.startswith("float"):
        want = float(x)
        got = float(got)
        if math.isnan(want):
            return math.isnan(got)
        if math.isinf(want) or want == 0.0:
            return got == want and math.copysign(1, got) == math.copysign(1, want)
        return abs(got - want) <= rtol * abs(want)
    return got == x


def load(path, cache={}):
    if path not in cache:
        name = "corpus_" + os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, path))
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        cache[path] = mod
    return cache[path]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "tests/conformance/expected.json")
    with open(path) as f:
        doc = json.load(f)
    bad = 0
    for c in doc["cases"]:
        fn = getattr(load(c["file"]), c["function"])
        args = [decode(a) for a in c["args"]]
        label = f"{c['file']}:{c['function']}{tuple(args)!r}"
        rtol = c.get("tolerance", {}).get("rtol", 0.0)
        if "error" in c["result"]:
            try:
                got = fn(*args)
                print(f"RETURNED {label}: numba {got!r}, oracle raises {c['result']['error']}")
                bad += 1
            except Exception as e:
                if type(e).__name__ != c["result"]["error"]:
                    print(f"RAISED {label}: numba {type(e).__name__}, oracle {c['result']['error']}")
                    bad += 1
            continue
        try:
            got = fn(*args)
            argtypes = tuple(numba.typeof(a) for a in args)
            rtype = numba_type_json(fn.overloads[argtypes].signature.return_type)
        except Exception as e:
            print(f"RAISED {label}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
            bad += 1
            continue
        if not same_types(c["result"], rtype):
            print(f"TYPE {label}: numba {rtype}, oracle {c['result']}")
            bad += 1
        elif not same_value(c["result"], got, rtol):
            print(f"VALUE {label}: numba {got!r}, oracle {c['result']}")
            bad += 1
    print(f"numba {numba.__version__}: {len(doc['cases']) - bad} of {len(doc['cases'])} cases agree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

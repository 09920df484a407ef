#!/usr/bin/env python3
"""Conformance oracle: runs every function of tests/conformance/corpus/*.py as plain CPython.

Each corpus file is a ujit program and a Numba program. Its cases are written in comments
just above the function they test:

    # cases: (7, 2), (-7, 2), f32(1.5)   argument tuples (a bare value is one argument);
                                         f32/f64/i8..u64/b1 make NumPy scalars of that type
    # tol: 1e-15                         compare floats with this relative tolerance (libm
                                         functions; without it results must be exact)
    # wrap                               reduce int results modulo 2**64 to int64, for
                                         functions whose int64 arithmetic overflows
    # returns: int64                     the result type Numba gives, where CPython's
                                         result type differs (narrow ints widened)
    # pyargs                             call with the arguments as Python numbers (NumPy
                                         scalars widened): Numba widens before computing
    # raises: ZeroDivisionError          every case must raise this (CPython and Numba)

The file is imported with `numba` replaced by numba_shim (decorators are the identity), so
the oracle is CPython's own arithmetic and math module, plus NumPy's float32 scalars for
float32 code. Only cases where CPython and Numba agree belong in the corpus: division by
zero only as `# raises` cases, no math domain errors (CPython raises, Numba returns nan),
no int overflow without `# wrap`. Writes tests/conformance/expected.json in the encoding of oracle_values.py:

  {"file", "function", "kind": "call", "target": "cpu", "args": [value...],
   "result": value | {"error": "ZeroDivisionError"},
   "tolerance": {"rtol": r, "atol": 0}    (only with # tol; absent means exact: floats equal
                                           bit for bit up to nan == nan, signed zeros kept)
   "note": why the tolerance}

Run with /usr/bin/python3 (NumPy 1.x: its scalar promotion matches Numba's, see below):
    /usr/bin/python3 tools/scripts/conformance_oracle.py [--check]
"""
import argparse
import glob
import importlib.util
import json
import math
import os
import re
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numba_shim  # noqa: E402
from oracle_values import INT_RANGES, error, f32, infer, scalar  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CORPUS = os.path.join(ROOT, "tests", "conformance", "corpus")
OUTPUT = os.path.join(ROOT, "tests", "conformance", "expected.json")

# Names usable inside `# cases:`.
CASE_NAMES = {"math": math, "inf": math.inf, "nan": math.nan, "f32": np.float32,
              "f64": np.float64, "i8": np.int8, "i16": np.int16, "i32": np.int32,
              "i64": np.int64, "u8": np.uint8, "u16": np.uint16, "u32": np.uint32,
              "u64": np.uint64, "b1": np.bool_}

# "# key: value" or a bare "# flag" line; anything else is an ordinary comment.
DIRECTIVE = re.compile(r"#\s*(?:(cases|tol|returns|raises):\s*(.*)|(wrap|pyargs)\s*)$")
DEF = re.compile(r"def\s+(\w+)\s*\(")


def check_numpy_promotion():
    """NumPy 1.x promotes scalar-with-Python-number operations like Numba does (float32 +
    float → float64, int32 + int → int64); NumPy 2 (NEP 50) keeps float32/int32 instead."""
    if type(np.float32(1) + 1.0) is not np.float64 or type(np.int32(1) + 1) is not np.int64:
        sys.exit("conformance_oracle: needs NumPy 1.x scalar promotion (run /usr/bin/python3)")


def parse_directives(path):
    """{function name: {"cases": text, "tol": ..., ...}} from the comments above each def."""
    found, pending = {}, {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            m = DIRECTIVE.match(line.strip())
            if m:
                key, value = m.group(1) or m.group(3), (m.group(2) or "").strip()
                if key == "cases":
                    pending["cases"] = (pending.get("cases", "") + ", " + value).strip(", ")
                    pending.setdefault("line", lineno)
                else:
                    pending[key] = value
                continue
            d = DEF.match(line)
            if d:
                if "cases" in pending:
                    found[d.group(1)] = pending
                elif pending:
                    sys.exit(f"{path}:{lineno}: directives without `# cases:` before {d.group(1)}")
                pending = {}
    return found


def load_module(path):
    numba_shim.install()
    name = "corpus_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def encode_arg(x):
    if isinstance(x, (bool, np.bool_)):
        return scalar("bool", bool(x))
    if isinstance(x, (np.integer, np.floating)):
        return scalar(x.dtype.name, x.item())
    if isinstance(x, tuple):
        return {"type": "tuple", "items": [encode_arg(e) for e in x]}
    return infer(x)  # Python int → int64, float → float64


def to_python(x):
    if isinstance(x, tuple):
        return tuple(to_python(e) for e in x)
    return x.item() if isinstance(x, np.generic) else x


def wrap64(x):
    return ((x + (1 << 63)) % (1 << 64)) - (1 << 63)


def encode_result(x, directives):
    if isinstance(x, tuple):
        return {"type": "tuple", "items": [encode_result(e, directives) for e in x]}
    if "wrap" in directives and isinstance(x, int) and not isinstance(x, bool):
        x = wrap64(x)
    if "returns" in directives:
        t = directives["returns"]
        v = x.item() if isinstance(x, np.generic) else x
        if t in INT_RANGES and isinstance(v, float):
            raise ValueError(f"float result {v!r} declared {t}")
        if t == "float32" and f32(v) != v:
            raise ValueError(f"{v!r} is not a float32")
        return scalar(t, float(v) if t.startswith("float") else v)
    return encode_arg(x)


def case_records(rel, path):
    mod = load_module(path)
    records = []
    for fname, d in parse_directives(path).items():
        fn = getattr(mod, fname, None)
        if fn is None:
            sys.exit(f"{rel}: no function {fname}")
        cases = eval("[" + d["cases"] + "]", dict(CASE_NAMES))  # trusted repository text
        for case in cases:
            args = case if isinstance(case, tuple) else (case,)
            call_args = to_python(args) if "pyargs" in d else args
            try:
                with np.errstate(all="ignore"), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    result = fn(*call_args)
                encoded = encode_result(result, d)
            except Exception as e:
                if type(e).__name__ != d.get("raises"):  # CPython cannot evaluate it: a corpus bug
                    sys.exit(f"{rel}:{d['line']}: {fname}{args!r}: {type(e).__name__}: {e}")
                encoded = error(d["raises"])
            else:
                if "raises" in d:
                    sys.exit(f"{rel}:{d['line']}: {fname}{args!r} returned instead of raising")
            rec = {"file": rel, "function": fname, "kind": "call", "target": "cpu",
                   "args": [encode_arg(a) for a in args], "result": encoded}
            if "tol" in d:
                rec["tolerance"] = {"rtol": float(d["tol"]), "atol": 0.0}
                rec["note"] = "libm and CPython's math may round the last bits differently"
            records.append(rec)
    return records


def all_cases():
    cases = []
    for path in sorted(glob.glob(os.path.join(CORPUS, "*.py"))):
        cases += case_records(os.path.relpath(path, ROOT), path)
    return cases


def dumps(doc):
    """One case per line: diffable, and small enough to commit."""
    lines = [json.dumps(case, separators=(",", ":")) for case in doc["cases"]]
    return ('{"generator": "%s",\n "functions": %d,\n "cases": [\n%s\n]}\n'
            % (doc["generator"], doc["functions"], ",\n".join(lines)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if the committed file differs from a fresh computation")
    ap.add_argument("-o", "--output", default=OUTPUT)
    opts = ap.parse_args()
    check_numpy_promotion()
    cases = all_cases()
    functions = len({(c["file"], c["function"]) for c in cases})
    doc = {"generator": "tools/scripts/conformance_oracle.py", "functions": functions,
           "cases": cases}
    text = dumps(doc)
    if opts.check:
        with open(opts.output) as f:
            same = f.read() == text
        print(f"{opts.output}: {'up to date' if same else 'STALE'}")
        return 0 if same else 1
    with open(opts.output, "w") as f:
        f.write(text)
    print(f"wrote {len(cases)} cases of {functions} functions to "
          f"{os.path.relpath(opts.output, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

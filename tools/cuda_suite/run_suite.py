#!/usr/bin/env python3
"""numba-cuda's kernel tests (numba_cuda/numba/cuda/tests/cudapy) run with `numba` = ujit.

    PYTHONPATH=build/release/lang/python... see tools/cuda_suite/README.md
    python3 tools/cuda_suite/run_suite.py --suite PATH/TO/tests/cudapy [--jobs N]
        [--timeout S] [--summary FILE] [--only test_atomics,test_math] [--list-failures]

Each test file runs in a process of its own (run_file.py), so a crash or a hang costs one
file. Prints each file's pass/fail/error/skip counts, then the failing tests grouped by
their reason (the exception's first line, numbers and names masked so that one cause
makes one group), biggest first; --summary writes all of it as JSON.

A file that fails to import counts each of its test methods (found by parsing it) as an
error with the import's reason; tests a crash or timeout cut off count the same way. Files
that test Numba's compiler internals (out_of_scope.py) are listed apart with the reason.
"""
import argparse
import ast
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

from out_of_scope import out_of_scope

HERE = os.path.dirname(os.path.abspath(__file__))
OUTCOMES = ("pass", "fail", "error", "skip", "xfail", "xpass")


def count_test_methods(path):
    """Test methods of unittest classes in a file (for files that never ran)."""
    with open(path) as f:
        tree = ast.parse(f.read())
    n = 0
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.bases:
            n += sum(1 for b in node.body if isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef))
                     and b.name.startswith("test"))
    return n


def run_one(suite, name, timeout):
    with tempfile.NamedTemporaryFile("r", suffix=".jsonl") as out:
        cmd = [sys.executable, os.path.join(HERE, "run_file.py"), "--suite", suite, "--module", name,
               "--out", out.name]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
            ended = None if proc.returncode == 0 else "process ended with status %d: %s" % (
                proc.returncode, (proc.stderr.strip().splitlines() or [""])[-1][:300])
        except subprocess.TimeoutExpired:
            ended = "timed out after %ds" % timeout
        rows = [json.loads(l) for l in out.read().splitlines() if l.strip()]
    total = count_test_methods(os.path.join(suite, name + ".py"))
    if len(rows) == 1 and rows[0]["test"] is None:  # the import failed
        return [{"test": "%s (not imported)" % name, "outcome": "error", "reason": rows[0]["reason"]}] * max(total, 1)
    ran = len({r["test"] for r in rows})
    if ended and ran < total:
        rows += [{"test": "%s (cut off)" % name, "outcome": "error", "reason": ended}] * (total - ran)
    return rows


_MASKS = [(re.compile(r"0x[0-9a-fA-F]+"), "0x#"), (re.compile(r"\b\d+(\.\d+)?\b"), "#"),
          (re.compile(r"/\S+\.py:#:#"), "FILE:#:#"), (re.compile(r"\(/[^)]*\)"), "(PATH)")]


def cause_of(reason):
    """A reason with its particulars masked: the key failures are grouped by."""
    reason = reason.split("\n")[0]
    for pattern, repl in _MASKS:
        reason = pattern.sub(repl, reason)
    return reason[:200]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--suite", required=True, help="numba-cuda's numba_cuda/numba/cuda/tests/cudapy folder")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--timeout", type=int, default=600, help="seconds per file")
    p.add_argument("--summary", default="cuda_suite_summary.json")
    p.add_argument("--only", default="", help="comma-separated file names (test_atomics,...)")
    p.add_argument("--list-failures", action="store_true", help="print every failing test with its reason")
    p.add_argument("--groups", type=int, default=40, help="how many causes to print")
    args = p.parse_args()
    suite = os.path.abspath(args.suite)
    names = sorted(f[:-3] for f in os.listdir(suite) if f.startswith("test_") and f.endswith(".py"))
    if args.only:
        wanted = {n.strip().removesuffix(".py") for n in args.only.split(",")}
        names = [n for n in names if n in wanted]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futures = {pool.submit(run_one, suite, n, args.timeout): n for n in names}
        for fut in concurrent.futures.as_completed(futures):
            name = futures[fut]
            results[name] = fut.result()
            counts = collections.Counter(r["outcome"] for r in results[name])
            print("%-44s %s" % (name, "  ".join("%s %d" % (o, counts[o]) for o in OUTCOMES if counts[o])),
                  flush=True)
    report(results, args)


def report(results, args):
    totals = collections.Counter(r["outcome"] for rows in results.values() for r in rows)
    groups = collections.defaultdict(list)
    for name, rows in results.items():
        for r in rows:
            if r["outcome"] in ("fail", "error"):
                groups[cause_of(r["reason"])].append((name, r["test"], r["reason"]))
    ranked = sorted(groups.items(), key=lambda kv: -len(kv[1]))
    print("\nTOTAL  " + "  ".join("%s %d" % (o, totals[o]) for o in OUTCOMES) +
          "  (of %d)" % sum(totals.values()))
    internal = {n: out_of_scope(n, rows) for n, rows in results.items() if out_of_scope(n, rows)}
    if internal:
        print("\nOut of scope (they import Numba's compiler internals): %d tests in %d files, among the errors"
              % (sum(len(results[n]) for n in internal), len(internal)))
        for n, why in sorted(internal.items()):
            print("%5d  %s: %s" % (len(results[n]), n, why))
    print("\nFailing tests by cause:")
    for cause, tests in ranked[:args.groups]:
        files = sorted({n for n, _, _ in tests})
        print("%5d  %s\n       [%s]" % (len(tests), cause, ", ".join(files[:8]) + (" ..." if len(files) > 8 else "")))
    if args.list_failures:
        for cause, tests in ranked:
            for _, test, reason in tests:
                print("%s: %s" % (test, reason))
    with open(args.summary, "w") as f:
        json.dump({"totals": totals, "files": {n: collections.Counter(r["outcome"] for r in rows)
                                               for n, rows in sorted(results.items())},
                   "out_of_scope": internal,
                   "causes": [{"cause": c, "count": len(t), "tests": [x for _, x, _ in t]} for c, t in ranked],
                   "results": results}, f, indent=1)
    print("\nsummary written to %s" % args.summary)


if __name__ == "__main__":
    main()

"""Runs one test file of numba-cuda's suite with `numba` resolving to ujit (a child process
of run_suite.py). Each finished test is one JSON line on --out, written as it finishes, so
a crash or a timeout keeps what ran before it:

    {"test": "test_x.TestX.test_y", "outcome": "pass|fail|error|skip|xfail|xpass", "reason": "..."}

An import that fails is one line with "test": null and the reason.
"""
import argparse
import json
import os
import sys
import traceback
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numba_alias  # noqa: E402


def first_error_line(exc_text):
    """The exception's own line ("TypeError: ..."), the last of a traceback that does not
    start with whitespace, cut to its first line."""
    lines = [l for l in exc_text.rstrip().splitlines() if l and not l.startswith((" ", "Traceback", "During"))]
    return lines[-1][:400] if lines else exc_text.strip()[:400]


class LineResult(unittest.TestResult):
    def __init__(self, out):
        super().__init__()
        self.out = out
        self._failed_subtests = {}
        self._emitted = set()

    def _emit(self, test, outcome, reason=""):
        self._emitted.add(test.id())
        self.out.write(json.dumps({"test": test.id(), "outcome": outcome, "reason": reason}) + "\n")
        self.out.flush()

    def addSuccess(self, test):
        self._emit(test, "pass")

    def addFailure(self, test, err):
        self._emit(test, "fail", first_error_line("".join(traceback.format_exception(*err))))

    def addError(self, test, err):
        # setUpClass errors arrive with a pseudo-test (unittest's _ErrorHolder)
        self._emit(test, "error", first_error_line("".join(traceback.format_exception(*err))))

    def addSkip(self, test, reason):
        self._emit(test, "skip", reason)

    def addExpectedFailure(self, test, err):
        self._emit(test, "xfail")

    def addUnexpectedSuccess(self, test):
        self._emit(test, "xpass")

    def addSubTest(self, test, subtest, err):
        # A test counts once: by its first failing subtest (unittest then reports no success).
        if err is not None and test.id() not in self._failed_subtests:
            kind = "fail" if issubclass(err[0], test.failureException) else "error"
            self._failed_subtests[test.id()] = (kind, first_error_line("".join(traceback.format_exception(*err))))

    def stopTest(self, test):
        super().stopTest(test)
        failed = self._failed_subtests.pop(test.id(), None)
        if failed is not None and test.id() not in self._emitted:
            self._emit(test, *failed)

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--suite", required=True)
    p.add_argument("--module", required=True)
    p.add_argument("--out", required=True)
    args = p.parse_args()
    with open(args.out, "w") as out:
        try:
            numba_alias.install(os.path.abspath(args.suite))
            # Child processes (spawned pools) resolve `numba` the same way (child_site/).
            os.environ["UJIT_CUDA_SUITE"] = os.path.abspath(args.suite)
            child_site = os.path.join(os.path.dirname(os.path.abspath(__file__)), "child_site")
            os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (child_site, os.environ.get("PYTHONPATH")) if p)
            module = __import__("numba.cuda.tests.cudapy." + args.module, fromlist=["_"])
            suite = unittest.defaultTestLoader.loadTestsFromModule(module)
        except BaseException:  # noqa: BLE001 - any import failure is the file's result
            reason = first_error_line(traceback.format_exc())
            out.write(json.dumps({"test": None, "outcome": "error", "reason": reason}) + "\n")
            return
        suite.run(LineResult(out))


if __name__ == "__main__":
    main()

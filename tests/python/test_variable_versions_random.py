"""Random small functions of ints and floats (assignments, if/else, for and while loops with
break, continue and else, try/except) compiled and run by CPython: every variable's value at
the end must agree. The variable-version split (syntax/split_variables.cpp) renames hundreds of
their variables (`b.1`, `b.2`, ...); a flow edge it missed would tie a read to the wrong
assignment and show here as a wrong value."""
import importlib.util
import math
import random

import pytest

VARS = ["a", "b", "c", "d"]


class Generator:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def expr(self, depth=0):
        r = self.r
        if depth > 2 or r.random() < 0.35:
            return r.choice(VARS + [str(r.randint(-3, 5)), "%.1f" % r.uniform(-2, 2)])
        return "(%s %s %s)" % (self.expr(depth + 1), r.choice("+-*"), self.expr(depth + 1))

    def block(self, pad, depth):
        return [line for _ in range(self.r.randint(1, 3)) for line in self.stmt(pad, depth)]

    def stmt(self, pad, depth):
        r, k, inner = self.r, self.r.random(), pad + "    "
        if depth >= 3 or k < 0.45:
            return ["%s%s %s %s" % (pad, r.choice(VARS), "+=" if r.random() < 0.2 else "=", self.expr())]
        if k < 0.65:
            out = ["%sif %s > %s:" % (pad, self.expr(), self.expr())] + self.block(inner, depth + 1)
            return out + (["%selse:" % pad] + self.block(inner, depth + 1) if r.random() < 0.6 else [])
        if k < 0.9:
            if k < 0.8:
                head = ["%sfor i%d in range(%d):" % (pad, depth, r.randint(0, 3))]
            else:
                head = ["%sw%d = 0" % (pad, depth), "%swhile w%d < %d:" % (pad, depth, r.randint(0, 3)),
                        "%sw%d += 1" % (inner, depth)]
            body = self.block(inner, depth + 1)
            if r.random() < 0.4:
                jump = ["%sif %s > %s:" % (inner, self.expr(), self.expr()),
                        "%s    %s" % (inner, r.choice(["break", "continue"]))]
                body = body + jump + self.block(inner, depth + 1) if r.random() < 0.5 else jump + body
            orelse = ["%selse:" % pad] + self.block(inner, depth + 1) if r.random() < 0.3 else []
            return head + body + orelse
        return (["%stry:" % pad] + self.block(inner, depth + 1) + ["%sexcept Exception:" % pad] +
                self.block(inner, depth + 1))

    def function(self, name):
        lines = ["@njit", "def %s(a, b):" % name, "    c = 1", "    d = 0.5"] + self.block("    ", 0)
        return "\n".join(lines + ["    return a, b, c, d", "", ""])


def _same(got, want):
    if isinstance(got, float) and isinstance(want, float) and math.isnan(want):
        return math.isnan(got)
    return got == want or abs(got - want) <= 1e-9 * max(1.0, abs(want))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_functions_compute_as_cpython(seed, tmp_path):
    gen = Generator(seed)
    names = ["f%d" % k for k in range(80)]
    path = tmp_path / ("versions_%d.py" % seed)
    path.write_text("from ujit import njit\n\n\n" + "".join(gen.function(n) for n in names))
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name in names:
        f = getattr(module, name)
        for args in ((1, 2), (3, -1), (0.5, 2)):
            want = f.py_func(*args)
            got = f(*args)
            assert all(_same(g, w) for g, w in zip(got, want)), (name, args, got, want)

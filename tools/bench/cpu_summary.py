#!/usr/bin/env python3
"""Reads the combined output of tools/bench/run_cpu.sh (bench_cpu and cpu_peers.py: lines
`row | impl | value | unit | note`) and prints every row's times side by side with the
ratios ujit/Numba and ujit/C++, then the issue's targets.

    python3 tools/bench/cpu_summary.py LOG
"""
import sys


def parse(path):
    vals, order = {}, []
    with open(path, errors="replace") as f:
        for line in f:
            parts = [p.strip() for p in line.rstrip("\n").split(" | ")]
            if len(parts) != 5:
                continue
            name, impl, value, _, _ = parts
            try:
                v = float(value)
            except ValueError:
                continue
            if name not in order:
                order.append(name)
            vals[(name, impl)] = v
    return vals, order


def ratio(a, b):
    return f"{a / b:.2f}x" if a is not None and b else "-"


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    vals, order = parse(sys.argv[1])
    if not vals:
        print("cpu_summary: no rows found")
        return 1
    impls = ["ujit", "numba", "c++", "numpy"]
    print(f"{'row (ms, median of 7)':<42} " + " ".join(f"{i:>8}" for i in impls) + f" {'ujit/numba':>11} {'ujit/c++':>9}")
    for name in order:
        cells = []
        for i in impls:
            v = vals.get((name, i))
            cells.append(f"{v:>8.2f}" if v is not None else f"{'-':>8}")
        u = vals.get((name, "ujit"))
        print(f"{name:<42} " + " ".join(cells) + f" {ratio(u, vals.get((name, 'numba'))):>11}"
              f" {ratio(u, vals.get((name, 'c++'))):>9}")

    print()
    print("issue targets (ujit time / peer time, same run):")

    def target(label, name, peer, most):
        u, p = vals.get((name, "ujit")), vals.get((name, peer))
        if u is None or not p:
            print(f"  {label:<58} n/a (no {peer} row)")
            return
        r = u / p
        print(f"  {label:<58} {r:6.2f}x  target <= {most}x: " + ("met" if r <= most else "NOT met"))

    mc = next((n for n in order if n.startswith("monte_carlo_pi(")), None)
    if mc:
        target("monte_carlo_pi / Numba", mc, "numba", 0.8)
    for tn in ("float32", "float64"):
        name = f"gaussian_pdf {tn} ufunc, one thread"
        target(f"gaussian_pdf {tn} / Numba", name, "numba", 0.5)
        target(f"gaussian_pdf {tn} / C++ -O3 scalar libm", name, "c++", 1.0)
    for name in order:
        if not name.startswith(("monte_carlo_pi(", "gaussian_pdf")):
            target(f"{name} / Numba", name, "numba", 1.0)
    return 0


if __name__ == "__main__":
    sys.exit(main())

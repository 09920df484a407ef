#!/usr/bin/env python3
"""Reads the combined output of tools/bench/run_gpu.sh (bench_gpu, gpu_hand, gpu_peers.py:
lines `row | impl | value | unit | note`) and prints every row's values side by side, then the
issue's targets as ratios formed across the three programs. Exits 1 when any program printed a
`CHECK FAILED` line (a peer or ujit result that does not match its oracle).

    python3 tools/bench/gpu_summary.py LOG
"""
import sys


def parse(path):
    vals, units, order = {}, {}, []
    with open(path, errors="replace") as f:
        for line in f:
            parts = [p.strip() for p in line.rstrip("\n").split(" | ")]
            if len(parts) != 5:
                continue
            name, impl, value, unit, _ = parts
            try:
                v = float(value)
            except ValueError:
                continue
            if name not in units:
                order.append(name)
            vals[(name, impl)] = v
            units[name] = unit
    return vals, units, order


def checks_failed(path):
    """Every `CHECK FAILED` line that bench_gpu, gpu_hand or gpu_peers.py printed."""
    with open(path, errors="replace") as f:
        return [line.strip() for line in f if "CHECK FAILED" in line]


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    vals, units, order = parse(sys.argv[1])
    failed_checks = checks_failed(sys.argv[1])
    if not vals:
        print("gpu_summary: no rows found")
        return 1
    impls = []
    for (_, impl) in vals:
        if impl not in impls:
            impls.append(impl)
    pref = ["ujit", "ujit-cold", "ujit-loaded", "driver", "hand", "hand-f32", "hand-vec4", "numba", "cupy"]
    impls.sort(key=lambda i: pref.index(i) if i in pref else len(pref))
    w = 11
    print(f"{'row':<30} {'unit':<9} " + " ".join(f"{i:>{w}}" for i in impls))
    for name in order:
        cells = []
        for i in impls:
            v = vals.get((name, i))
            cells.append(f"{v:>{w}.3f}" if v is not None else f"{'-':>{w}}")
        print(f"{name:<30} {units[name]:<9} " + " ".join(cells))

    print()
    print("issue targets (ratio: lower is better for times, higher for bandwidths):")

    def get(name, impl):
        return vals.get((name, impl))

    def line(label, num, den, target, ok_fn, fmt="{:.3f}x"):
        if num is None or den is None or den == 0:
            print(f"  {label:<66} n/a (missing rows)")
            return
        r = num / den
        if target == "-":
            print(f"  {label:<66} {fmt.format(r):>9}")
            return
        verdict = "met" if ok_fn(r) else "NOT met"
        print(f"  {label:<66} {fmt.format(r):>9}  target {target}: {verdict}")

    le = lambda t: (lambda r: r <= t)  # noqa: E731
    ge = lambda t: (lambda r: r >= t)  # noqa: E731
    line("trivial launch: ujit launch(Function) / raw cuLaunchKernel",
         get("launch.empty", "ujit"), get("launch.empty", "driver"), "<= 1.15x", le(1.15))
    line("  (info) ujit LoadedKernel launch / raw cuLaunchKernel",
         get("launch.empty", "ujit-loaded"), get("launch.empty", "driver"), "-", lambda r: True)
    line("  (info) ujit launch(Function) / ujit LoadedKernel launch",
         get("launch.empty", "ujit"), get("launch.empty", "ujit-loaded"), "-", lambda r: True)
    line("GPU ufunc 1K: ujit vectorize_into / raw empty launch",
         get("ufunc.add.1K", "ujit"), get("launch.empty", "driver"), "<= 2x", le(2.0))
    line("  (info) ujit vectorize_into / raw launch of the same loop kernel",
         get("ufunc.add.1K", "ujit"), get("ufunc.add.1K", "driver"), "-", lambda r: True)
    line("add_ufunc 100M: ujit GB/s / cuMemcpyDtoD GB/s",
         get("ufunc.add.100M", "ujit"), get("copy.d2d.100M", "driver"), ">= 0.90x", ge(0.90))
    line("add_kernel 100M: ujit GB/s / cuMemcpyDtoD GB/s",
         get("kernel.add.100M", "ujit"), get("copy.d2d.100M", "driver"), ">= 0.90x", ge(0.90))
    line("  (info) hand add 100M GB/s / cuMemcpyDtoD GB/s",
         get("kernel.add.100M", "hand"), get("copy.d2d.100M", "driver"), "-", lambda r: True)
    line("gaussian_pdf 100M: ujit ms / hand CUDA C++ (Numba semantics) ms",
         get("ufunc.gaussian.100M", "ujit"), get("ufunc.gaussian.100M", "hand"), "<= 1.1x", le(1.1))
    line("  (info) ujit ms / Numba ms", get("ufunc.gaussian.100M", "ujit"), get("ufunc.gaussian.100M", "numba"),
         "-", lambda r: True)
    line("  (info) ujit ms / hand all-float32 ms", get("ufunc.gaussian.100M", "ujit"),
         get("ufunc.gaussian.100M", "hand-f32"), "-", lambda r: True)
    def limit(label, value, most):  # an absolute target in ms
        if value is None:
            print(f"  {label:<66} n/a (missing rows)")
        else:
            print(f"  {label:<66} {value:>8.2f}   target <= {most:g} ms: " + ("met" if value <= most else "NOT met"))

    cold = get("compile.gaussian.cold", "ujit")
    limit("cold compile gaussian_pdf to loaded module (ms)", cold, 25)
    line("  (info) ujit cold compile / Numba cold compile",
         cold, get("compile.gaussian.cold", "numba"), "-", lambda r: True)
    line("  (info) ujit cold compile / the driver's PTX JIT of the same PTX",
         cold, get("compile.gaussian.ptx_load", "ujit"), "-", lambda r: True)
    line("  (info) ujit cold compile / the same with UJIT_CUDA_TIERED_JIT=0",
         cold, get("compile.gaussian.cold", "ujit-full"), "-", lambda r: True)
    line("  (info) driver's PTX JIT at -O0 / at the full level",
         get("compile.gaussian.ptx_load", "ujit-O0"), get("compile.gaussian.ptx_load", "ujit"), "-", lambda r: True)
    limit("new process, empty disk cache: source to first launch (ms)",
          get("process.gaussian.first_launch", "ujit-cold"), 40)
    limit("second process, disk cache warm: source to first launch (ms)",
          get("process.gaussian.first_launch", "ujit"), 3)
    line("batch_matrix_mult 4M 2x2 gufunc: ujit ms / hand CUDA C++ ms",
         get("gufunc.matmul2x2.4M", "ujit"), get("gufunc.matmul2x2.4M", "hand"), "<= 1.2x", le(1.2))
    line("batch_matrix_mult 4M 2x2 gufunc: ujit ms / Numba target='cuda' ms",
         get("gufunc.matmul2x2.4M", "ujit"), get("gufunc.matmul2x2.4M", "numba"), "< 1.0x", lambda r: r < 1.0)
    declared = next((n for n in order if n.startswith("declared_call.saxpy.")), None)
    line("kernel calling linked CUDA C++ (declare_device) / same as ujit device fn",
         get(declared, "ujit-linked"), get(declared, "ujit"), "<= 1.05x", le(1.05))
    shuffle = next((n for n in order if n.startswith("warp-shuffle sum ")), None)
    line("warp-shuffle sum 100M float32: ujit ms / CUDA C++ __shfl_down_sync ms",
         get(shuffle, "ujit"), get(shuffle, "cuda-cpp"), "<= 1.1x", le(1.1))
    line("tiled transpose 8192^2: ujit GB/s / Numba GB/s",
         get("transpose.8192", "ujit"), get("transpose.8192", "numba"), ">= 1.0x", ge(1.0))
    line("  (info) ujit GB/s / hand 32x8 padded GB/s",
         get("transpose.8192", "ujit"), get("transpose.8192", "hand"), "-", lambda r: True)
    if failed_checks:
        # A row whose result was wrong is not a speed figure: the whole run fails.
        print("\nCHECKS FAILED (the rows above include results that did not match their oracle):")
        for line_ in failed_checks:
            print("  " + line_)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

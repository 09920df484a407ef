#!/usr/bin/env python3
"""How long the CUDA driver's PTX JIT (cuModuleLoadDataEx) takes, by PTX file and JIT
optimization level, through ctypes on libcuda (no other dependency). Run it with
CUDA_CACHE_DISABLE=1 so the driver's own cache does not answer:

    CUDA_CACHE_DISABLE=1 python3 tools/bench/ptx_jit_probe.py a.ptx b.ptx ...

It tells what part of a cold GPU compile is the driver's, beyond ujit's reach. With
--nvjitlink it times the same PTX -> cubin in process through libnvJitLink (the toolkit's,
$UJIT_NVJITLINK_LIBRARY or libnvJitLink.so) by ptxas level instead, with the library's
dlopen; no GPU is needed then (tools/bench/ptx_cubin_probe.cpp does it from C++)."""
import ctypes
import statistics
import sys
import time

CU_JIT_OPTIMIZATION_LEVEL = 7


def check(r, what, kind="CUresult"):
    if r != 0:
        raise SystemExit(f"{what} failed: {kind} {r}")


def nvjitlink_main(paths):
    import os
    t0 = time.perf_counter()
    name = os.environ.get("UJIT_NVJITLINK_LIBRARY") or next(
        (p for p in ("/usr/local/cuda/lib64/libnvJitLink.so",) if os.path.exists(p)), "libnvJitLink.so")
    lib = ctypes.CDLL(name)
    print(f"nvjitlink.dlopen {(time.perf_counter() - t0) * 1e3:.2f} ms ({name})")
    print(f"{'ptx':<28} {'bytes':>7} {'-O':>3} {'first ms':>9} {'median ms':>10} {'cubin':>8}")
    for path in paths:
        ptx = open(path, "rb").read()
        arch = next((line.split()[1] for line in ptx.decode().splitlines() if line.startswith(".target")), "sm_90")
        for level in (3, 1, 0):
            times, size = [], ctypes.c_size_t()
            for _ in range(7):
                opts = (ctypes.c_char_p * 2)(f"-arch={arch}".encode(), f"-Xptxas=-O{level}".encode())
                h = ctypes.c_void_p()
                t0 = time.perf_counter()
                check(lib.nvJitLinkCreate(ctypes.byref(h), 2, opts), "nvJitLinkCreate", "nvJitLink result")
                check(lib.nvJitLinkAddData(h, 2, ptx, len(ptx), b"probe.ptx"), "nvJitLinkAddData")  # 2: PTX
                check(lib.nvJitLinkComplete(h), f"nvJitLinkComplete {path}")
                lib.nvJitLinkGetLinkedCubinSize(h, ctypes.byref(size))
                times.append((time.perf_counter() - t0) * 1e3)
                lib.nvJitLinkDestroy(ctypes.byref(h))
            print(f"{path.split('/')[-1]:<28} {len(ptx):>7} {level:>3} {times[0]:>9.2f} "
                  f"{statistics.median(times[1:]):>10.2f} {size.value:>8}")


def driver_with_context():
    """libcuda through ctypes, device 0's primary context current."""
    cu = ctypes.CDLL("libcuda.so.1")
    check(cu.cuInit(0), "cuInit")
    dev = ctypes.c_int()
    check(cu.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
    ctx = ctypes.c_void_p()
    check(cu.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
    check(cu.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
    return cu


def main():
    if sys.argv[1:2] == ["--nvjitlink"]:
        return nvjitlink_main(sys.argv[2:])
    cu = driver_with_context()
    print(f"{'ptx':<28} {'bytes':>7} {'-O':>3} {'first ms':>9} {'median ms':>10}")
    for path in sys.argv[1:]:
        ptx = open(path, "rb").read() + b"\0"
        for level in (4, 3, 1, 0):
            opts = (ctypes.c_int * 1)(CU_JIT_OPTIMIZATION_LEVEL)
            vals = (ctypes.c_void_p * 1)(level)
            times = []
            for _ in range(7):
                mod = ctypes.c_void_p()
                t0 = time.perf_counter()
                check(cu.cuModuleLoadDataEx(ctypes.byref(mod), ptx, 1, opts, vals), f"cuModuleLoadDataEx {path}")
                times.append((time.perf_counter() - t0) * 1e3)
                cu.cuModuleUnload(mod)
            print(f"{path.split('/')[-1]:<28} {len(ptx):>7} {level:>3} {times[0]:>9.2f} {statistics.median(times[1:]):>10.2f}")


if __name__ == "__main__":
    main()

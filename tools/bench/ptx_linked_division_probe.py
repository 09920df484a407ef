#!/usr/bin/env python3
"""What a kernel's first load costs when its IEEE divisions are calls of functions compiled
beforehand (issue 22 item 3, the cold compile's "precompiled division" lever):

    python3 tools/bench/ptx_linked_division_probe.py [--nvjitlink] IN.ptx

ptxas expands every div.rn.f32 / div.rn.f64 into a fast path and a long slow path, which costs
most of a -O0 JIT of a small kernel. Here each division becomes a call of an external function
(`ujit_div_rn_f32/f64`) that a relocatable cubin defines, compiled once (NVRTC, -rdc); the
kernel's PTX at -O0 and that cubin are linked, by the driver's cuLink (default, needs a GPU) or
nvJitLink in process (--nvjitlink, no GPU needed). Printed, median of 9 after a first: the PTX
as it is (one JIT or link), the rewritten PTX linked with the cubin, and (not the same program,
a bound only) the PTX with its divisions replaced by multiplies."""
import ctypes
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptx_division_variants import CALL, DIV, nodiv  # noqa: E402 (the same rewrite, calls made external here)
from ptx_jit_probe import driver_with_context  # noqa: E402

EXTERN = ".extern .func (.param .b{bits} r) ujit_div_rn_{kind}(.param .b{bits} a, .param .b{bits} b);\n"
LIBRARY = r"""
extern "C" __device__ __noinline__ float ujit_div_rn_f32(float a, float b) { return __fdiv_rn(a, b); }
extern "C" __device__ __noinline__ double ujit_div_rn_f64(double a, double b) { return __ddiv_rn(a, b); }
"""


def linked_variant(ptx):
    kinds = sorted({m.group(2) for m in DIV.finditer(ptx)})
    body = DIV.sub(lambda m: CALL.format(ind=m.group(1), kind=m.group(2), bits=m.group(2)[1:], d=m.group(3),
                                         a=m.group(4), b=m.group(5)), ptx)
    at = body.index("\n", body.index(".address_size")) + 1
    return body[:at] + "".join(EXTERN.format(kind=k, bits=k[1:]) for k in kinds) + body[at:]


def check(r, what):
    if r != 0:
        raise SystemExit(f"{what} failed: {r}")


def toolkit_lib(name):
    for d in ("/usr/local/cuda/lib64",):
        if os.path.exists(f"{d}/{name}"):
            return ctypes.CDLL(f"{d}/{name}")
    return ctypes.CDLL(name)


def library_cubin(arch):
    nvrtc = toolkit_lib("libnvrtc.so")
    t0 = time.perf_counter()
    prog = ctypes.c_void_p()
    check(nvrtc.nvrtcCreateProgram(ctypes.byref(prog), LIBRARY.encode(), b"div.cu", 0, None, None), "nvrtcCreate")
    opts = (ctypes.c_char_p * 2)(f"-arch={arch}".encode(), b"-rdc=true")
    r = nvrtc.nvrtcCompileProgram(prog, 2, opts)
    if r != 0:
        size = ctypes.c_size_t()
        nvrtc.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
        log = ctypes.create_string_buffer(size.value)
        nvrtc.nvrtcGetProgramLog(prog, log)
        raise SystemExit(f"NVRTC: {log.value.decode()}")
    size = ctypes.c_size_t()
    check(nvrtc.nvrtcGetCUBINSize(prog, ctypes.byref(size)), "nvrtcGetCUBINSize")
    buf = ctypes.create_string_buffer(size.value)
    check(nvrtc.nvrtcGetCUBIN(prog, buf), "nvrtcGetCUBIN")
    print(f"division library: NVRTC -rdc for {arch} {(time.perf_counter() - t0) * 1e3:.1f} ms, {size.value} bytes")
    return buf.raw


class NvJitLink:
    def __init__(self, arch):
        self.lib = toolkit_lib("libnvJitLink.so")
        self.arch = arch

    def link(self, inputs, level, driver=None):
        """inputs: (kind, bytes) with kind 'ptx' or 'cubin'; returns the cubin's size. With
        `driver`, the cubin is loaded too (cuModuleLoadData)."""
        opts = [f"-arch={self.arch}".encode(), f"-Xptxas=-O{level}".encode()]
        arr = (ctypes.c_char_p * len(opts))(*opts)
        h = ctypes.c_void_p()
        check(self.lib.nvJitLinkCreate(ctypes.byref(h), len(opts), arr), "nvJitLinkCreate")
        for i, (kind, data) in enumerate(inputs):
            check(self.lib.nvJitLinkAddData(h, 2 if kind == "ptx" else 1, data, len(data), f"in{i}".encode()),
                  "nvJitLinkAddData")
        r = self.lib.nvJitLinkComplete(h)
        if r != 0:
            size = ctypes.c_size_t()
            self.lib.nvJitLinkGetErrorLogSize(h, ctypes.byref(size))
            log = ctypes.create_string_buffer(size.value + 1)
            self.lib.nvJitLinkGetErrorLog(h, log)
            raise SystemExit(f"nvJitLinkComplete: {r}: {log.value.decode()}")
        size = ctypes.c_size_t()
        self.lib.nvJitLinkGetLinkedCubinSize(h, ctypes.byref(size))
        if driver:
            cubin = ctypes.create_string_buffer(size.value)
            self.lib.nvJitLinkGetLinkedCubin(h, cubin)
            driver.load(cubin)
        self.lib.nvJitLinkDestroy(ctypes.byref(h))
        return size.value


CU_JIT_OPTIMIZATION_LEVEL = 7
CU_JIT_INPUT_CUBIN, CU_JIT_INPUT_PTX = 0, 1


class Driver:
    def __init__(self):
        self.cu = driver_with_context()

    def jit(self, ptx, level):
        opts = (ctypes.c_int * 1)(CU_JIT_OPTIMIZATION_LEVEL)
        vals = (ctypes.c_void_p * 1)(level)
        mod = ctypes.c_void_p()
        check(self.cu.cuModuleLoadDataEx(ctypes.byref(mod), ptx + b"\0", 1, opts, vals), "cuModuleLoadDataEx")
        self.cu.cuModuleUnload(mod)

    def load(self, cubin):
        mod = ctypes.c_void_p()
        check(self.cu.cuModuleLoadData(ctypes.byref(mod), cubin), "cuModuleLoadData")
        self.cu.cuModuleUnload(mod)

    def link(self, inputs, level):
        opts = (ctypes.c_int * 1)(CU_JIT_OPTIMIZATION_LEVEL)
        vals = (ctypes.c_void_p * 1)(level)
        state = ctypes.c_void_p()
        check(self.cu.cuLinkCreate_v2(1, opts, vals, ctypes.byref(state)), "cuLinkCreate")
        for i, (kind, data) in enumerate(inputs):
            data = data + b"\0" if kind == "ptx" else data
            check(self.cu.cuLinkAddData_v2(state, CU_JIT_INPUT_PTX if kind == "ptx" else CU_JIT_INPUT_CUBIN, data,
                                           len(data), f"in{i}".encode(), 0, None, None), "cuLinkAddData")
        cubin, size = ctypes.c_void_p(), ctypes.c_size_t()
        check(self.cu.cuLinkComplete(state, ctypes.byref(cubin), ctypes.byref(size)), "cuLinkComplete")
        mod = ctypes.c_void_p()
        check(self.cu.cuModuleLoadData(ctypes.byref(mod), cubin), "cuModuleLoadData")
        self.cu.cuModuleUnload(mod)
        self.cu.cuLinkDestroy(state)
        return size.value


def timed(fn, reps=9):
    t0 = time.perf_counter()
    fn()
    first = (time.perf_counter() - t0) * 1e3
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e3)
    return first, statistics.median(times)


def main():
    args = sys.argv[1:]
    use_nvjitlink = args[:1] == ["--nvjitlink"]
    path = args[-1]
    ptx = open(path).read()
    arch = next(line.split()[1] for line in ptx.splitlines() if line.startswith(".target"))
    lib = library_cubin(arch)
    linked, no_division = linked_variant(ptx).encode(), nodiv(ptx).encode()
    plain = ptx.encode()
    rows = []
    if use_nvjitlink:
        j = NvJitLink(arch)
        for level in (0, 1, 3):
            rows.append((f"nvJitLink PTX as is -O{level}", timed(lambda: j.link([("ptx", plain)], level))))
            rows.append((f"nvJitLink linked division -O{level}",
                         timed(lambda: j.link([("ptx", linked), ("cubin", lib)], level))))
            rows.append((f"nvJitLink no division (bound) -O{level}", timed(lambda: j.link([("ptx", no_division)], level))))
    else:
        d = Driver()
        d.jit(b".version 7.8\n.target %s\n.address_size 64\n.visible .entry e()\n{\n\tret;\n}\n" % arch.encode(), 0)
        j = NvJitLink(arch)
        j.link([("ptx", linked), ("cubin", lib)], 0)  # its load and set-up
        for round in (1, 2, 3):  # interleaved: a loaded host shifts every row alike
            rows.append((f"[{round}] driver JIT PTX as is -O0", timed(lambda: d.jit(plain, 0))))
            rows.append((f"[{round}] driver cuLink linked division -O0",
                         timed(lambda: d.link([("ptx", linked), ("cubin", lib)], 0))))
            rows.append((f"[{round}] nvJitLink linked division -O0, then loaded",
                         timed(lambda: j.link([("ptx", linked), ("cubin", lib)], 0, d))))
            rows.append((f"[{round}] nvJitLink PTX as is -O0, then loaded", timed(lambda: j.link([("ptx", plain)], 0, d))))
            rows.append((f"[{round}] driver JIT no division (bound) -O0", timed(lambda: d.jit(no_division, 0))))
    for name, (first, med) in rows:
        print(f"{name:<62} first {first:8.2f} ms  median {med:8.2f} ms")


if __name__ == "__main__":
    main()

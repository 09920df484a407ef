#!/usr/bin/env python3
"""After a kernel faults with an illegal address, can this process get a new CUDA context?
Asks the driver directly through ctypes (no ujit involved) and prints each call's answer:

    python3 tools/scripts/cuda_fault_probe.py

ujit's recovery (src/cudadrv/device_context.cpp, recover_from_fault) tries the same steps; where
the driver refuses them all, ujit marks the device unusable for the rest of the process."""
import ctypes

PTX = b""".version 7.8
.target sm_70
.address_size 64
.visible .entry bad(.param .u64 p)
{
 .reg .b64 %rd<2>;
 .reg .b32 %r<2>;
 ld.param.u64 %rd1, [p];
 mov.u32 %r1, 1;
 st.global.u32 [%rd1], %r1;
 ret;
}
\0"""


def main():
    cu = ctypes.CDLL("libcuda.so.1")

    def call(name, *args):
        res = getattr(cu, name)(*args)
        s = ctypes.c_char_p()
        cu.cuGetErrorName(res, ctypes.byref(s))
        print(f"{name}: {s.value.decode() if s.value else res}")
        return res

    call("cuInit", 0)
    dev = ctypes.c_int()
    call("cuDeviceGet", ctypes.byref(dev), 0)
    ctx = ctypes.c_void_p()
    call("cuDevicePrimaryCtxRetain", ctypes.byref(ctx), dev)
    call("cuCtxSetCurrent", ctx)
    mod, fn = ctypes.c_void_p(), ctypes.c_void_p()
    call("cuModuleLoadData", ctypes.byref(mod), PTX)
    call("cuModuleGetFunction", ctypes.byref(fn), mod, b"bad")
    addr = ctypes.c_uint64(8)  # not a device address
    params = (ctypes.c_void_p * 1)(ctypes.cast(ctypes.pointer(addr), ctypes.c_void_p))
    call("cuLaunchKernel", fn, 1, 1, 1, 1, 1, 1, 0, None, params, None)
    call("cuCtxSynchronize")  # the fault
    call("cuCtxSetCurrent", None)
    call("cuDevicePrimaryCtxReset_v2", dev)
    again = ctypes.c_void_p()
    call("cuDevicePrimaryCtxRetain", ctypes.byref(again), dev)
    fresh = ctypes.c_void_p()
    if call("cuCtxCreate_v2", ctypes.byref(fresh), 0, dev) == 0:
        call("cuCtxSetCurrent", fresh)
        call("cuCtxSynchronize")


if __name__ == "__main__":
    main()

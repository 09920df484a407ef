"""Can a kernel calling a linked CUDA C++ device function (cuda.declare_device + link=[.cu])
have the call inlined? A probe of the toolkit's libraries, no GPU needed (CUDA toolkit at
/usr/local/cuda, ujit's Python package for the kernel's PTX):

    PYTHONPATH=lang/python python3 tools/bench/declared_call_lto_probe.py [sm_90]

It links bench_declared_call's kernel (ujit's PTX, from LLVM's NVPTX back end) with the same
.cu three ways and reports, from each cubin's ELF, whether `step` is still a function of its
own (a FUNC symbol: the call was not inlined):
  1. PTX + the .cu's PTX (NVRTC), nvJitLink: what ujit does without LTO-IR inputs;
  2. PTX + the .cu's LTO-IR (NVRTC -dlto), nvJitLink -lto: what ujit does with LTO;
  3. one PTX module holding both, assembled by ptxas (the next best at the PTX level);
whether libNVVM, the only producer of LTO-IR from LLVM IR, reads LLVM 19's IR (the bitcode
version it reads is in its error); and 5. what ujit's own link does: its kernel written as
NVVM IR in LLVM 7's dialect (cuda/nvvm_ir_writer.hpp), made LTO-IR by libNVVM, linked with the
.cu's LTO-IR by nvJitLink -lto: the call inlined."""
import ctypes
import os
import re
import subprocess
import sys
import tempfile

CUDA = os.environ.get("CUDA_HOME", "/usr/local/cuda")
ARCH = sys.argv[1] if len(sys.argv) > 1 else "sm_90"
STEP = ('extern "C" __device__ int step(float* out, float a, float x, float y) {\n'
        '    *out = a * x + y;\n'
        '    return 0;\n'
        '}\n')
KIND = {"cubin": 1, "ptx": 2, "ltoir": 3}


def lib(name):
    return ctypes.CDLL(os.path.join(CUDA, "lib64", name))


def nvrtc_compile(options):
    """NVRTC's output of STEP: {"ptx": ..., "ltoir": ...} (what it gives for `options`)."""
    nvrtc = lib("libnvrtc.so")
    prog = ctypes.c_void_p()
    assert nvrtc.nvrtcCreateProgram(ctypes.byref(prog), STEP.encode(), b"step.cu", 0, None, None) == 0
    opts = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
    if nvrtc.nvrtcCompileProgram(prog, len(options), opts) != 0:
        sys.exit("NVRTC failed")
    out, n = {}, ctypes.c_size_t()
    for kind, size_fn, get_fn in (("ptx", nvrtc.nvrtcGetPTXSize, nvrtc.nvrtcGetPTX),
                                  ("ltoir", nvrtc.nvrtcGetLTOIRSize, nvrtc.nvrtcGetLTOIR)):
        if size_fn(prog, ctypes.byref(n)) == 0 and n.value > 1:
            buf = ctypes.create_string_buffer(n.value)
            get_fn(prog, buf)
            out[kind] = buf.raw[:-1] if kind == "ptx" else buf.raw
    return out


def nvjitlink(inputs, options):
    """The linked cubin, or the error log."""
    jl = lib("libnvJitLink.so")
    h = ctypes.c_void_p()
    opts = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
    assert jl.nvJitLinkCreate(ctypes.byref(h), len(options), opts) == 0
    ok = all(jl.nvJitLinkAddData(h, KIND[k], d, len(d), n.encode()) == 0 for k, d, n in inputs)
    if not ok or jl.nvJitLinkComplete(h) != 0:
        n = ctypes.c_size_t()
        jl.nvJitLinkGetErrorLogSize(h, ctypes.byref(n))
        log = ctypes.create_string_buffer(n.value + 1)
        jl.nvJitLinkGetErrorLog(h, log)
        return None, log.value.decode(errors="replace").strip()
    n = ctypes.c_size_t()
    jl.nvJitLinkGetLinkedCubinSize(h, ctypes.byref(n))
    cubin = ctypes.create_string_buffer(n.value)
    jl.nvJitLinkGetLinkedCubin(h, cubin)
    return cubin.raw, ""


def functions(cubin, work, tag):
    """The cubin's FUNC symbols and the size of each function's code."""
    path = os.path.join(work, tag + ".cubin")
    with open(path, "wb") as f:
        f.write(cubin)
    syms = subprocess.run(["readelf", "-sW", path], capture_output=True, text=True).stdout
    secs = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True).stdout
    funcs = [line.split()[-1] for line in syms.splitlines() if " FUNC " in line]
    sizes = {line.split()[1]: int(line.split()[5], 16) for line in secs.splitlines()
             if re.search(r"\s\.text\.", line)}
    return funcs, sizes


def report(label, cubin, err, work, tag):
    if cubin is None:
        print("%-58s link failed: %s" % (label, err))
        return
    funcs, sizes = functions(cubin, work, tag)
    inlined = not any("step" in f for f in funcs)
    print("%-58s %s  functions %s, code %s" % (label, "INLINED" if inlined else "a call", funcs, sizes))


def linked_kernel():
    """bench_declared_call's kernel, calling `step` from a .cu file."""
    from ujit import cuda

    with tempfile.NamedTemporaryFile("w", suffix=".cu", delete=False) as f:
        f.write(STEP)
    step = cuda.declare_device("step", "float32(float32, float32, float32)", link=[f.name])
    src = ("def with_cpp(r, a, x, y):\n"
           "    i = cuda.grid(1)\n"
           "    if i < r.size:\n"
           "        r[i] = step(a, x[i], y[i])\n")
    scope = {"cuda": cuda, "step": step}
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(src)
    exec(compile(src, f.name, "exec"), scope)
    return cuda.jit(scope["with_cpp"])


def kernel_ptx():
    """ujit's PTX of bench_declared_call's kernel (calls `step` through an .extern .func)."""
    from ujit import cuda

    cc = (int(ARCH[3:-1]), int(ARCH[-1]))
    ptx, _ = cuda.compile_ptx(linked_kernel().py_func, "void(float32[::1], float32, float32[::1], float32[::1])",
                              cc=cc)
    return ptx


def nvvm_reads(data, name):
    """libNVVM's answer to a module: '' when it compiles to LTO-IR, else its log."""
    nv = lib("libnvvm.so")
    p = ctypes.c_void_p()
    nv.nvvmCreateProgram(ctypes.byref(p))
    if nv.nvvmAddModuleToProgram(p, data, len(data), name.encode()) != 0:
        return "not added"
    opts = (ctypes.c_char_p * 2)(b"-arch=compute_" + ARCH[3:].encode(), b"-gen-lto")
    if nv.nvvmCompileProgram(p, 2, opts) == 0:
        return ""
    n = ctypes.c_size_t()
    nv.nvvmGetProgramLogSize(p, ctypes.byref(n))
    log = ctypes.create_string_buffer(n.value)
    nv.nvvmGetProgramLog(p, log)
    return log.value.decode(errors="replace").strip()


def main():
    work = tempfile.mkdtemp(prefix="ujit_lto_probe_")
    kptx = kernel_ptx().encode()
    cu_ptx = nvrtc_compile(["-arch=compute_" + ARCH[3:], "-rdc=true"])["ptx"]
    cu_lto = nvrtc_compile(["-arch=" + ARCH, "-dlto", "-rdc=true"])["ltoir"]
    kernel = ("ptx", kptx, "ujit kernel")
    report("1. ujit PTX + .cu PTX, nvJitLink", *nvjitlink([kernel, ("ptx", cu_ptx, "step.cu")], ["-arch=" + ARCH]),
           work, "ptx_ptx")
    report("2. ujit PTX + .cu LTO-IR, nvJitLink -lto",
           *nvjitlink([kernel, ("ltoir", cu_lto, "step.cu")], ["-arch=" + ARCH, "-lto"]), work, "ptx_ltoir")
    _, err = nvjitlink([kernel, ("ltoir", cu_lto, "step.cu")], ["-arch=" + ARCH, "-lto", "-ptx"])
    print("   nvJitLink -lto -ptx on the same inputs says: %s" % (err or "ok"))
    # 3. one module: the .cu's function body in place of the kernel's .extern declaration
    text = kptx.decode()
    body = cu_ptx.decode()
    body = body[body.index(".visible .func"):].replace(".visible .func", ".func")
    decl = re.search(r"\.extern \.func[^;]*;", text, re.S).group(0)
    merged = text.replace(decl, body.split("{")[0].rstrip() + ";") + "\n" + body
    merged = re.sub(r"\.version \d+\.\d+", ".version 9.0", merged, count=1)
    path = os.path.join(work, "merged.ptx")
    with open(path, "w") as f:
        f.write(merged)
    out = os.path.join(work, "merged.cubin")
    r = subprocess.run([os.path.join(CUDA, "bin", "ptxas"), "-arch=" + ARCH, "-O3", path, "-o", out],
                       capture_output=True, text=True)
    with open(out, "rb") if r.returncode == 0 else open(os.devnull, "rb") as f:
        cubin = f.read() or None
    report("3. one PTX module with both, ptxas -O3", cubin, r.stderr.strip(), work, "merged")
    # libNVVM: would it make LTO-IR of ujit's LLVM IR?
    ll = "target triple = \"nvptx64-nvidia-cuda\"\ndefine void @k(ptr %p) {\n  store i32 0, ptr %p\n  ret void\n}\n"
    bc = subprocess.run(["llvm-as-19", "-o", "-"], input=ll.encode(), capture_output=True).stdout
    print("4. libNVVM -gen-lto on LLVM 19 bitcode: %s" % (nvvm_reads(bc, "ujit.bc") or "LTO-IR made"))
    print("   libNVVM -gen-lto on LLVM 19 text IR: %s" % (nvvm_reads(ll.encode(), "ujit.ll") or "LTO-IR made"))
    # 5. what ujit's link does: its kernel as NVVM IR (LLVM 7's dialect) made LTO-IR by libNVVM
    log = os.path.join(work, "lto.log")
    os.environ["UJIT_CUDA_LTO_LOG"] = log
    cubin = linked_kernel().inspect_linked_cubin("void(float32[::1], float32, float32[::1], float32[::1])", ARCH)
    with open(log) as f:
        how = f.read().split("\t", 1)[1].strip()
    report("5. ujit's link (%s): NVVM IR via libNVVM + .cu LTO-IR" % how, cubin, "", work, "ujit_lto")
    print("(work files: %s)" % work)


if __name__ == "__main__":
    main()

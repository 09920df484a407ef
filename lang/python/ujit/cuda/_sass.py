"""Kernel.inspect_sass: the SASS (the GPU's machine code) of a kernel, as the CUDA toolkit's
nvdisasm prints the cubin a GPU would load: the one nvJitLink links (inspect_linked_cubin)
for a kernel with link= files or declared CUDA C++ functions, else its PTX assembled by the
toolkit's ptxas for the PTX's target. Numba's nvdisasm flags: -gi (line information,
inlined) and -c (code only). Works with or without a GPU."""
import os
import shutil
import subprocess
import tempfile


def _toolkit_tool(name):
    found = shutil.which(name)
    if found:
        return found
    home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH") or "/usr/local/cuda"
    path = os.path.join(home, "bin", name)
    return path if os.access(path, os.X_OK) else None


def require_nvdisasm():
    """nvdisasm's path, or Numba's RuntimeError where it is missing."""
    tool = _toolkit_tool("nvdisasm")
    if tool is None:
        raise RuntimeError("nvdisasm was not found: inspect_sass() needs the CUDA toolkit's nvdisasm on PATH "
                           "(or in $CUDA_HOME/bin)")
    return tool


def disassemble(cubin):
    """nvdisasm's text of `cubin` (bytes); RuntimeError where nvdisasm is missing or fails."""
    tool = require_nvdisasm()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "kernel.cubin")
        with open(path, "wb") as f:
            f.write(cubin)
        return _run([tool, "-gi", "-c", path])


def _run(args):
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (os.path.basename(args[0]), run.stderr))
    return run.stdout


def assemble(ptx):
    """The cubin ptxas makes of `ptx` for the architecture its .target names."""
    tool = _toolkit_tool("ptxas")
    if tool is None:
        raise RuntimeError("ptxas was not found: inspect_sass() needs the CUDA toolkit's ptxas on PATH "
                           "(or in $CUDA_HOME/bin)")
    arch = next(line.split()[1].rstrip(",") for line in ptx.splitlines() if line.startswith(".target"))
    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, "kernel.ptx"), os.path.join(tmp, "kernel.cubin")
        with open(src, "w") as f:
            f.write(ptx)
        _run([tool, "-arch=" + arch, src, "-o", out])
        with open(out, "rb") as f:
            return f.read()


def kernel_cubin(owner, signature):
    """The cubin of one signature of a kernel (a CUDAFunction), as inspect_sass reads it."""
    try:
        return owner.inspect_linked_cubin(signature)
    except TypeError as e:
        if "links no device code" not in str(e):
            raise
    return assemble(owner.inspect_asm(signature))

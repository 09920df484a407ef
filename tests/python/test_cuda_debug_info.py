"""Debug information of CUDA kernels: @cuda.jit(lineinfo=True) gives the PTX a line table
(`.file` naming this file, `.loc` at each statement's line and column, no DWARF sections) from
a DebugDirectivesOnly compile unit; debug=True gives full DWARF (`.target sm_XX, debug`,
`.section .debug_info`); device functions get subprograms of their own and their lines in
the kernel they are inlined into. ptxas (where installed) must assemble all of it, for sm_80
and sm_90. The oracle for lines is this file's own text."""
import inspect
import os
import re
import shutil
import subprocess

import pytest

from ujit import cuda, int32

SIG = (int32[::1],)
PTXAS = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)


def line_of(fn, text):
    """The file line of the first source line of `fn` containing `text`."""
    lines, first = inspect.getsourcelines(fn)
    return next(first + i for i, line in enumerate(lines) if text in line)


def add_one(x):
    x[0] += 7  # the device function's statement


add_one_dev = cuda.jit(device=True)(add_one)


def kernel(x):
    x[1] = 3
    add_one_dev(x)


def ptx_of(fn, cc, **options):
    ptx, _ = cuda.compile_ptx(fn, SIG, cc=cc, **options)
    return ptx


def assemble(ptx, cc, tmp_path):
    if PTXAS is None:
        pytest.skip("ptxas is not installed")
    path = tmp_path / "k.ptx"
    path.write_text(ptx)
    run = subprocess.run([PTXAS, "-arch=sm_%d%d" % cc, str(path), "-o", str(tmp_path / "k.cubin")],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("cc", [(8, 0), (9, 0)])
def test_lineinfo_is_a_line_table(cc, tmp_path):
    ptx = ptx_of(kernel, cc, lineinfo=True)
    files = re.findall(r'\.file\s+(\d+)\s+"([^"]+)"', ptx)
    assert [os.path.basename(name) for _, name in files] == ["test_cuda_debug_info.py"]
    n = files[0][0]
    locs = {(int(line), int(col)) for line, col in re.findall(r"\.loc\s+%s\s+(\d+)\s+(\d+)" % n, ptx)}
    assert (line_of(kernel, "x[1] = 3"), 5) in locs  # the kernel's statement, line and column
    assert (line_of(add_one, "x[0] += 7"), 5) in locs  # the inlined device function's
    assert ".debug_info" not in ptx and ", debug" not in ptx
    assemble(ptx, cc, tmp_path)


def test_lineinfo_compile_unit_in_llvm():
    k = cuda.jit(lineinfo=True)(kernel)
    k.compile(SIG)
    llvm = k.inspect_llvm(SIG)
    assert re.search(r"!DICompileUnit\(.*emissionKind:\s+DebugDirectivesOnly", llvm)
    assert "FullDebug" not in llvm
    names = re.findall(r'distinct !DISubprogram\(name: "(\w+)"', llvm)
    # The device function's subprogram has the name the kernel calls it by (its global).
    assert "kernel" in names and "add_one_dev" in names


def test_no_debug_info_by_default():
    ptx = ptx_of(kernel, (9, 0))
    assert ".loc" not in ptx and ".file" not in ptx and ".debug_info" not in ptx


@pytest.mark.parametrize("cc", [(8, 0), (9, 0)])
def test_debug_is_full_dwarf(cc, tmp_path):
    ptx = ptx_of(kernel, cc, debug=True, opt=False)
    assert ".target sm_%d%d, debug" % cc in ptx
    assert re.search(r"\.section\s+\.debug_info\s+{", ptx)
    assert re.search(r"\.loc\s+\d+\s+%d\s+5" % line_of(kernel, "x[1] = 3"), ptx)
    assemble(ptx, cc, tmp_path)  # sm_80's PTX is ISA 7.5 here: DWARF label differences need it


def test_kernels_with_debug_info_still_compute():
    for options in ({"lineinfo": True}, {"debug": True, "opt": False}):
        k = cuda.jit(**options)(kernel)
        x = cuda.to_device([0, 0])
        k[1, 1](x)
        assert list(x.copy_to_host()) == [7, 3]


def described(out, x, y):
    z = x == y
    pair = (x, y)
    w = x + 1.5 + pair[1]
    for k in range(y):
        w += k
    if z:
        out[0] = w


def test_debug_describes_number_variables(tmp_path):
    sig = "void(float64[::1], int32, int32)"
    k = cuda.jit(sig, debug=True, opt=False)(described)
    llvm = k.inspect_llvm(k.signatures[0] if k.signatures else sig)
    variables = dict(re.findall(r'^!(\d+) = !DILocalVariable\((.*)\)$', llvm, re.M))
    types = dict(re.findall(r'^!(\d+) = !DIBasicType\((.*)\)$', llvm, re.M))

    def var(name):
        [fields] = [v for v in variables.values() if 'name: "%s"' % name in v]
        return fields, types[re.search(r"type: !(\d+)", fields).group(1)]

    x, x_type = var("x")
    assert "arg: 2" in x and 'name: "int32"' in x_type and "DW_ATE_signed" in x_type
    z, z_type = var("z")
    assert "arg:" not in z and "line: %d" % line_of(described, "z = x == y") in z
    assert 'name: "bool"' in z_type and "DW_ATE_boolean" in z_type
    assert "DW_ATE_float" in var("w")[1]
    # An array is the struct codegen makes of it, its data a pointer to float64.
    out = variables[next(k for k, v in variables.items() if 'name: "out"' in v)]
    struct_id = re.search(r"type: !(\d+)", out).group(1)
    struct = re.search(r"^!%s = !DICompositeType\((.*)\)$" % struct_id, llvm, re.M).group(1)
    assert "DW_TAG_structure_type" in struct and 'name: "array(float64, 1d, C)"' in struct and "size: 256" in struct
    members = [(re.search(r'name: "(\w+)"', line).group(1), (re.findall(r"offset: (\d+)", line) or ["0"])[0])
               for line in llvm.splitlines() if "DW_TAG_member" in line]  # LLVM leaves out offset: 0
    assert [m for m in members if m[0] in ("data", "shape", "strides", "owner")] == [
        ("data", "0"), ("shape", "64"), ("strides", "128"), ("owner", "192")]
    pair = variables[next(k for k, v in variables.items() if 'name: "pair"' in v)]
    pair_type = re.search(r"^!%s = !DICompositeType\((.*)\)$" % re.search(r"type: !(\d+)", pair).group(1), llvm, re.M)
    assert "DW_TAG_array_type" in pair_type.group(1) and "size: 64" in pair_type.group(1)
    assert "#dbg_declare" in llvm  # opt=False: unoptimized, each variable stays in its slot
    ptx, _ = cuda.compile_ptx(described, sig, debug=True, opt=False, cc=(9, 0))
    assemble(ptx, (9, 0), tmp_path)


def test_lineinfo_describes_no_variables():
    ptx, _ = cuda.compile_ptx(described, "void(float64[::1], int32, int32)", lineinfo=True, cc=(9, 0))
    k = cuda.jit("void(float64[::1], int32, int32)", lineinfo=True)(described)
    assert "DILocalVariable" not in k.inspect_llvm(k.signatures[0] if k.signatures else None)
    assert ".debug_info" not in ptx


def test_compiled_device_function_carries_debug_info(tmp_path):
    for options, marker in (({"lineinfo": True}, ".loc"), ({"debug": True, "opt": False}, ".debug_info")):
        ptx, _ = cuda.compile(add_one, SIG, device=True, cc=(9, 0), **options)
        assert marker in ptx
        assert re.search(r"\.loc\s+\d+\s+%d\s+5" % line_of(add_one, "x[0] += 7"), ptx)
        assemble(ptx, (9, 0), tmp_path)


def test_opt_false_compiles_unoptimized(tmp_path):
    # Numba's debugging setting: no optimization, so variables live in local memory (the
    # depot) where cuda-gdb reads them; the default optimizes them into registers.
    unoptimized = ptx_of(kernel, (9, 0), opt=False)
    assert "__local_depot" in unoptimized
    assert "__local_depot" not in ptx_of(kernel, (9, 0))
    assemble(unoptimized, (9, 0), tmp_path)
    k = cuda.jit(opt=False)(kernel)
    x = cuda.to_device([0, 0])
    k[1, 1](x)
    assert list(x.copy_to_host()) == [7, 3]

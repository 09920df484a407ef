"""CUDA vector types (numba-cuda's numba.cuda.vector_types): cuda.float32x4, cuda.int16x2, ...
and their C names (float4, short2, ...), made in kernels from numbers and smaller vectors, read
through .x/.y/.z/.w, passed to and returned from device functions. The kernels run on the GPU
where there is one, else on the host device (compiled for the CPU); the expected values come
from NumPy (conversions) and from flattening the constructor's arguments in Python."""
import itertools
import math

import numpy as np
import pytest

from ujit import cuda, njit, types
from ujit.core.errors import TypingError
from ujit.cuda.vector_types import vector_types

BASES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"]
# C type -> the NumPy scalar of that C type: the aliases are named after the C type and stand
# for the vector of NumPy's width of it on this machine.
C_TYPES = {"char": np.byte, "short": np.short, "int": np.intc, "long": np.int_, "longlong": np.longlong,
           "uchar": np.ubyte, "ushort": np.ushort, "uint": np.uintc, "ulong": np.uint, "ulonglong": np.ulonglong,
           "float": np.single, "double": np.double}


def test_every_name_and_alias_is_one_constructor():
    assert sorted(vector_types) == sorted("%sx%d" % (b, n) for b in BASES for n in (1, 2, 3, 4))
    for name, vty in vector_types.items():
        assert vty.name == name and getattr(cuda, name) is vty.user_facing_object
        assert vty.num_elements == int(name[-1]) and vty.attr_names == ("x", "y", "z", "w")[:vty.num_elements]
        assert vty.base_type is getattr(types, name[:-2])
    for c_name, scalar in C_TYPES.items():
        kind = "float" if np.dtype(scalar).kind == "f" else "uint" if np.dtype(scalar).kind == "u" else "int"
        base = "%s%d" % (kind, np.dtype(scalar).itemsize * 8)
        for n in (1, 2, 3, 4):
            alias = "%s%d" % (c_name, n)
            assert getattr(cuda, alias) is getattr(cuda, "%sx%d" % (base, n)), alias
            assert alias in vector_types["%sx%d" % (base, n)].user_facing_object.aliases
    with pytest.raises(RuntimeError, match="can only be called from code compiled by @cuda.jit"):
        cuda.float32x2(1.0, 2.0)


def test_lanes_of_vectors_made_from_numbers():
    @cuda.jit("void(float64[:])")
    def kernel(arr):
        v1 = cuda.float64x4(1.0, 3.0, 5.0, 7.0)
        v2 = cuda.short2(10, 11)
        arr[0] = v1.x
        arr[1] = v1.y
        arr[2] = v1.z
        arr[3] = v1.w
        arr[4] = v2.x
        arr[5] = v2.y

    res = np.zeros(6)
    kernel[1, 1](res)
    np.testing.assert_array_equal(res, [1.0, 3.0, 5.0, 7.0, 10, 11])


def lane_kernel(vobj, base_type, n):
    """A kernel writing the lanes of vobj(base_type(0), ..., base_type(n - 1)) to res."""
    if n == 1:
        def kernel(res):
            v = vobj(base_type(0))
            res[0] = v.x
    elif n == 2:
        def kernel(res):
            v = vobj(base_type(0), base_type(1))
            res[0], res[1] = v.x, v.y
    elif n == 3:
        def kernel(res):
            v = vobj(base_type(0), base_type(1), base_type(2))
            res[0], res[1], res[2] = v.x, v.y, v.z
    else:
        def kernel(res):
            v = vobj(base_type(0), base_type(1), base_type(2), base_type(3))
            res[0], res[1], res[2], res[3] = v.x, v.y, v.z, v.w
    return cuda.jit(kernel)


@pytest.mark.parametrize("name", sorted(vector_types))
def test_every_vector_type_holds_its_lanes(name):
    vty = vector_types[name]
    res = np.full(vty.num_elements, -1.0)
    lane_kernel(vty.user_facing_object, vty.base_type, vty.num_elements)[1, 1](res)
    np.testing.assert_array_equal(res, np.arange(vty.num_elements))


def test_constructors_flatten_numbers_and_smaller_vectors_in_order():
    f1, f2, f3, f4 = cuda.float32x1, cuda.float32x2, cuda.float32x3, cuda.float32x4

    @cuda.jit
    def kernel(res):
        a = f1(1.0)
        b = f2(2.0, 3.0)
        c = f3(b, 4.0)
        made = (
            f4(a, b, 5.0), f4(b, b), f4(c, a), f4(6.0, c), f4(a, a, a, 7.0), f4(f4(8.0, b, a)),
            f4(f3(a, f1(a), 9.0), b.y), f4(2, 3, 4, 5),
        )
        j = 0
        for v in tuple(made):
            res[j], res[j + 1], res[j + 2], res[j + 3] = v.x, v.y, v.z, v.w
            j += 4

    want = [1, 2, 3, 5, 2, 3, 2, 3, 2, 3, 4, 1, 6, 2, 3, 4, 1, 1, 1, 7, 8, 2, 3, 1, 1, 1, 9, 3, 2, 3, 4, 5]
    res = np.zeros(len(want), dtype=np.float32)
    kernel[1, 1](res)
    np.testing.assert_array_equal(res, want)


@pytest.mark.parametrize("base", BASES)
def test_lanes_convert_as_numpy_casts(base):
    """Each number is converted to the base type as Numba converts (ints wrap, floats are
    truncated toward zero); NumPy's astype is the oracle for these values."""
    vals = (300, -129, 3.75, -2.5) if base.startswith("int") else (300, 255, 3.75, 2.5)
    ctor = getattr(cuda, "%sx4" % base)

    @cuda.jit
    def kernel(res):
        v = ctor(vals[0], vals[1], vals[2], vals[3])
        res[0], res[1], res[2], res[3] = v.x, v.y, v.z, v.w

    res = np.zeros(4, dtype=base)
    kernel[1, 1](res)
    np.testing.assert_array_equal(res, [np.array(v).astype(base) for v in vals])


@cuda.jit(device=True)
def rotate(p, c, s):
    return cuda.double2(c * p.x - s * p.y, s * p.x + c * p.y)


@cuda.jit(device=True)
def norm2(p):
    return p.x * p.x + p.y * p.y


@cuda.jit
def rotate_points(xy, angle, out, n2):
    i = cuda.grid(1)
    if i < xy.shape[0]:
        r = rotate(cuda.float64x2(xy[i, 0], xy[i, 1]), math.cos(angle), math.sin(angle))
        out[i, 0], out[i, 1] = r.x, r.y
        n2[i] = norm2(r)


def test_vectors_pass_to_and_return_from_device_functions():
    rng = np.random.default_rng(7)
    xy = rng.uniform(-1, 1, (300, 2))
    out = np.zeros_like(xy)
    n2 = np.zeros(300)
    angle = 0.7
    rotate_points[3, 128](xy, angle, out, n2)
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    np.testing.assert_allclose(out, xy @ turn.T, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(n2, (xy * xy).sum(axis=1), rtol=1e-12)


def test_local_and_shared_arrays_of_vectors():
    """numba-cuda takes a VectorType (not its constructor) as the dtype of cuda.local.array and
    cuda.shared.array: their items are vectors, stored and loaded whole."""
    f4 = vector_types["float32x4"]
    i2 = vector_types["int16x2"]

    @cuda.jit
    def kernel(out):
        t = cuda.threadIdx.x
        mine = cuda.local.array(3, f4)
        pairs = cuda.shared.array((4, 2), i2)
        for k in range(3):
            mine[k] = cuda.float32x4(t, k, t + k, t * k)
        pairs[t, 0] = cuda.short2(t, -t)
        pairs[t, 1] = cuda.short2(pairs[t, 0].y, 7)
        cuda.syncthreads()
        s = 0.0
        for k in range(3):
            s += mine[k].x + mine[k].y * 10 + mine[k].z * 100 + mine[k].w * 1000
        other = pairs[(t + 1) % 4, 1]
        out[t, 0] = s
        out[t, 1] = other.x
        out[t, 2] = other.y

    out = np.zeros((4, 3))
    kernel[1, 4](out)
    t = np.arange(4)
    k = np.arange(3)[:, None]
    want_s = (t + k * 10 + (t + k) * 100 + t * k * 1000).sum(axis=0)
    np.testing.assert_array_equal(out[:, 0], want_s)
    np.testing.assert_array_equal(out[:, 1], -((t + 1) % 4))
    np.testing.assert_array_equal(out[:, 2], 7)


def test_misuse_is_a_located_typing_error():
    def too_few(out):
        v = cuda.float32x4(1.0, 2.0)
        out[0] = v.x

    with pytest.raises(TypingError, match=r"No implementation of function float32x4 found for signature: "
                                          r"float32x4\(float64, float64\)"):
        cuda.jit("void(float32[:])")(too_few)

    def unknown_lane(out):
        out[0] = cuda.int2(1, 2).z

    with pytest.raises(TypingError, match=r"Unknown attribute 'z' of type int32x2"):
        cuda.jit("void(float32[:])")(unknown_lane)

    def lane_assigned(out):
        v = cuda.float2(1, 2)
        v.y = out[0]

    with pytest.raises(TypingError, match=r"Cannot resolve setattr: \(float32x2\)\.y = float32"):
        cuda.jit("void(float32[:])")(lane_assigned)

    def constructor_as_dtype(out):
        a = cuda.local.array(2, cuda.float32x2)
        out[0] = a[0].x

    with pytest.raises(TypingError, match=r"the dtype of cuda.local.array\(\) must be a type"):
        cuda.jit("void(float32[:])")(constructor_as_dtype)

    f2 = vector_types["float32x2"]

    def type_called(out):
        out[0] = f2(1.0, 2.0).x

    with pytest.raises(TypingError, match=r"'f2' is the vector type float32x2: make one with cuda.float32x2"):
        cuda.jit("void(float32[:])")(type_called)

    @njit
    def on_the_cpu(x):
        return cuda.float2(x, x).x

    with pytest.raises(TypingError, match=r"float32x2 is a CUDA vector type"):
        on_the_cpu(1.0)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_ptx_of_vector_lanes_keeps_them_in_registers(n):
    ctor = getattr(cuda, "float32x%d" % n)
    ptx, _ = cuda.compile_ptx(lane_kernel(ctor, types.float32, n).py_func, "void(float32[::1])")
    assert ".entry" in ptx and ".local" not in ptx  # a tuple of lanes, never spilled to memory


def test_every_combination_of_lanes_for_four():
    """Every way numba-cuda's overloads split 4 lanes into numbers and vectors, for int64."""
    parts = {1: ["one", "v1"], 2: ["v2"], 3: ["v3"], 4: ["v4"]}
    splits = [s for k in range(1, 5) for s in itertools.product([1, 2, 3, 4], repeat=k) if sum(s) == 4]
    calls = [", ".join(p) for s in splits for p in itertools.product(*(parts[k] for k in s))]
    source = "\n".join(
        ["def every_split(res):",
         "    one = cuda.int64x1(1).x",
         "    v1 = cuda.int64x1(2)",
         "    v2 = cuda.int64x2(3, 4)",
         "    v3 = cuda.int64x3(5, 6, 7)",
         "    v4 = cuda.int64x4(8, 9, 10, 11)"]
        + ["    v = cuda.int64x4(%s)\n    res[%d, 0], res[%d, 1], res[%d, 2], res[%d, 3] = v.x, v.y, v.z, v.w"
           % (c, i, i, i, i) for i, c in enumerate(calls)])
    lanes = {"one": [1], "v1": [2], "v2": [3, 4], "v3": [5, 6, 7], "v4": [8, 9, 10, 11]}
    want = [sum((lanes[p.strip()] for p in c.split(",")), []) for c in calls]
    assert len(calls) == 34  # numba-cuda's count of 4-lane overloads
    import linecache
    filename = "<vector_splits>"
    linecache.cache[filename] = (len(source), None, [line + "\n" for line in source.splitlines()], filename)
    scope = {"cuda": cuda}
    exec(compile(source, filename, "exec"), scope)
    res = np.zeros((len(calls), 4), dtype=np.int64)
    cuda.jit(scope["every_split"])[1, 1](res)
    np.testing.assert_array_equal(res, want)

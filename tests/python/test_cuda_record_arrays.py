"""Device arrays of records (NumPy structured dtypes; issue 21, item 1): cuda.to_device of a
structured array or an np.void, device_array(shape, dtype=rec), copy_to_host, slicing views,
DeviceRecord fields (read, written, nested records and arrays), assignment, kernels given record
device arrays and records, and __cuda_array_interface__ ("|V<n>", as Numba gives it, with
the fields' descr). NumPy on the same records is the oracle. Without a GPU the arrays are the
host device's; on a GPU machine the same tests run through the driver."""
import numpy as np
import pytest

from ujit import cuda, vectorize

REC = np.dtype([("a", np.float64), ("b", np.int32), ("c", np.complex64), ("d", (np.str_, 5))], align=True)
WITH_ARRAY = np.dtype([("g", np.int32), ("h", np.float32, 2)], align=True)
WITH_MATRIX = np.dtype([("i", np.int32), ("j", np.float32, (3, 3))])
NESTED = np.dtype([("x", np.int32), ("y", WITH_MATRIX)])
PACKED = np.dtype([("n", np.int16), ("w", np.float64), ("v", np.float32, 3)])  # unaligned: 22 bytes


def _records(n=5, dtype=REC):
    a = np.zeros(n, dtype)
    for i in range(n):
        a[i]["a"] = i / 2
        a[i]["b"] = 10 * i - 7
        a[i]["c"] = complex(i, -i)
        a[i]["d"] = str(i) * 5
    return a


def test_to_device_and_back_keeps_every_byte():
    a = _records()
    d = cuda.to_device(a)
    assert isinstance(d, cuda.DeviceNDArray) and d.dtype == REC and d.shape == (5,)
    assert d.strides == a.strides and d.nbytes == a.nbytes and d.alloc_size == a.nbytes
    np.testing.assert_array_equal(d.copy_to_host(), a)
    out = np.zeros_like(a)
    d.copy_to_host(out)
    np.testing.assert_array_equal(out, a)


@pytest.mark.parametrize("dtype", [REC, WITH_ARRAY, NESTED, PACKED], ids=["rec", "array", "nested", "packed"])
def test_device_array_of_records_round_trips_2d(dtype):
    host = np.frombuffer(np.random.default_rng(1).integers(0, 256, 6 * dtype.itemsize, dtype=np.uint8).tobytes(),
                         dtype).reshape(2, 3).copy()
    d = cuda.device_array((2, 3), dtype=dtype)
    assert d.dtype == dtype and d.shape == (2, 3) and d.is_c_contiguous()
    d.copy_to_device(host)
    assert d.copy_to_host().tobytes() == host.tobytes()
    assert cuda.device_array_like(host).dtype == dtype


KEYS = [np.s_[1:4], np.s_[::-1], np.s_[::2], np.s_[3:1], np.s_[-2:]]


@pytest.mark.parametrize("key", KEYS, ids=repr)
def test_slices_are_record_views(key):
    a = _records(6)
    d = cuda.to_device(a)
    v = d[key]
    assert isinstance(v, cuda.DeviceNDArray) and v.dtype == REC
    assert v.shape == a[key].shape and v.strides == a[key].strides
    np.testing.assert_array_equal(v.copy_to_host(), a[key])
    assert v.alloc_size == a.nbytes


def test_an_element_is_a_device_record_with_fields():
    """numba-cuda's TestRecordDtypeWithStructArrays: fields written and read one by one."""
    d = cuda.device_array(3, dtype=REC)
    for i in range(3):
        x = i + 1
        d[i]["a"] = x / 2
        d[i]["b"] = x
        d[i]["c"] = x * 1j
        d[i]["d"] = str(x) * 5
    for i in range(3):
        x = i + 1
        r = d[i]
        assert isinstance(r, cuda.cudadrv.devicearray.DeviceRecord) and r.shape == () and r.dtype == REC
        assert r["a"] == x / 2 and r["b"] == x and r["c"] == x * 1j and r["d"] == str(x) * 5
        assert isinstance(r["b"], np.int32)
    assert d.copy_to_host()[2]["d"] == "33333"


def test_nested_arrays_and_records_of_a_device_record():
    r = cuda.device_array(1, dtype=WITH_ARRAY)[0]
    r["g"] = 2
    r["h"][0] = 3.0
    r["h"][1] = 4.0
    assert r["g"] == 2 and r["h"][0] == 3.0 and r["h"][1] == 4.0
    assert isinstance(r["h"], cuda.DeviceNDArray) and r["h"].shape == (2,)
    m = cuda.device_array(1, dtype=WITH_MATRIX)[0]
    mat = np.arange(5.0, 50.0, 5.0, dtype=np.float32).reshape(3, 3)
    m["j"][:] = mat
    np.testing.assert_array_equal(m["j"].copy_to_host(), mat)
    d = cuda.to_device(np.zeros(1, dtype=NESTED))
    d[0]["y"]["i"] = 1
    assert d[0]["y"]["i"] == 1
    d[0]["y"]["j"][0, 0] = 2.0
    assert d[0]["y"]["j"][0, 0] == 2.0
    host = d.copy_to_host()
    assert host[0]["y"]["i"] == 1 and host[0]["y"]["j"][0, 0] == 2.0 and host[0]["x"] == 0


def test_fields_of_a_record_array_are_views():
    a = _records(4)
    d = cuda.to_device(a)
    np.testing.assert_array_equal(d["a"].copy_to_host(), a["a"])
    np.testing.assert_array_equal(d["b"][1:].copy_to_host(), a["b"][1:])
    d["b"] = 5
    a["b"] = 5
    np.testing.assert_array_equal(d.copy_to_host(), a)
    with pytest.raises(KeyError):
        d["nope"]


def test_assignment_of_records():
    a = _records(4)
    d = cuda.to_device(np.zeros(4, REC))
    d[1] = a[2]
    d[2] = (1.5, 3, 2j, "xy")
    d[3:] = a[:1]
    expect = np.zeros(4, REC)
    expect[1] = a[2]
    expect[2] = (1.5, 3, 2j, "xy")
    expect[3:] = a[:1]
    np.testing.assert_array_equal(d.copy_to_host(), expect)
    e = cuda.to_device(a)
    d[:] = e
    np.testing.assert_array_equal(d.copy_to_host(), a)
    d[::2] = e[1::2]
    expect = a.copy()
    expect[::2] = a[1::2]
    np.testing.assert_array_equal(d.copy_to_host(), expect)


def test_to_device_of_an_np_void_is_a_device_record():
    a = _records(2)
    r = cuda.to_device(a[1])
    assert isinstance(r, cuda.cudadrv.devicearray.DeviceRecord) and r.shape == () and r.strides == ()
    assert r.alloc_size == REC.itemsize
    host = r.copy_to_host()
    assert host[()] == a[1]
    like = cuda.cudadrv.devicearray.from_record_like(a[0])
    assert like.dtype == REC and like.shape == ()


KREC = np.dtype([("a", np.float64), ("b", np.int32), ("c", np.complex64)], align=True)  # kernels: no strings


def _krecords(n):
    return _records(n).astype(REC).copy()[["a", "b", "c"]].astype(KREC)


@cuda.jit
def scale(recs, factor):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        recs[i].a = recs[i].a * factor.a
        recs[i].b = i


@cuda.jit
def set_record(rec, v):
    rec.b = v
    rec.a = rec.a + 0.25


def test_kernels_take_record_device_arrays_and_device_records():
    a = _krecords(6)
    d = cuda.to_device(a)
    factor = cuda.to_device(np.array([(4.0, 0, 0)], KREC)[0])
    scale[2, 4](d, factor)
    expect = a.copy()
    expect["a"] *= 4.0
    expect["b"] = np.arange(6)
    np.testing.assert_array_equal(d.copy_to_host(), expect)
    scale[1, 4](d[::2], factor)  # a strided view: typed as a non-contiguous array of records
    expect["a"][::2] *= 4.0
    expect["b"][::2] = np.arange(3)
    np.testing.assert_array_equal(d.copy_to_host(), expect)
    r = d[3]
    set_record[1, 1](r, 77)
    expect[3]["b"] = 77
    expect[3]["a"] += 0.25
    np.testing.assert_array_equal(d.copy_to_host(), expect)


def test_the_same_launch_twice_reuses_its_specialization():
    d = cuda.to_device(_krecords(3))
    f = cuda.to_device(np.array([(2.0, 0, 0)], KREC)[0])
    scale[1, 4](d, f)
    scale[1, 4](d, f)  # the C launcher's path for codes seen before
    np.testing.assert_array_equal(d.copy_to_host()["a"], _krecords(3)["a"] * 4.0)


def test_a_kernel_refuses_records_with_string_fields_as_for_host_arrays():
    d = cuda.to_device(_records(3))  # stored and copied as bytes: ujit has no type for '<U5'
    f = cuda.to_device(np.array([(2.0, 0, 0, "")], REC)[0])
    with pytest.raises(Exception, match="fixed-width string fields"):
        scale[1, 4](d, f)
    with pytest.raises(Exception, match="fixed-width string fields"):
        scale[1, 4](_records(3), f)


@vectorize(["float64(float64)"], target="cuda")
def plus1(x):
    return x + 1


def test_ufuncs_refuse_record_arrays():
    d = cuda.to_device(_records(3))
    with pytest.raises(TypeError, match="no matching version"):
        plus1(d)
    with pytest.raises(TypeError, match="no matching version"):
        plus1(cuda.to_device(_krecords(3)))


@pytest.mark.gpu
def test_cuda_array_interface_of_records_and_back():
    a = _records(4)
    d = cuda.to_device(a)
    iface = d.__cuda_array_interface__
    assert iface["typestr"] == "|V%d" % REC.itemsize == REC.str  # Numba's: dtype.str
    assert iface["descr"] == REC.descr and iface["shape"] == (4,) and iface["strides"] is None
    back = cuda.from_cuda_array_interface(iface, owner=d)
    assert back.dtype == REC
    np.testing.assert_array_equal(back.copy_to_host(), a)
    v = d[::2].__cuda_array_interface__
    assert v["strides"] == (2 * REC.itemsize,)
    np.testing.assert_array_equal(cuda.from_cuda_array_interface(v, owner=d).copy_to_host(), a[::2])


def test_numbas_device_record_constructors_and_copies_into_a_host_record():
    """numba-cuda's TestCudaDeviceRecord: DeviceRecord(dtype), copy_to_device of an np.void,
    copy_to_host into one (written in place), the Record type it is typed as."""
    from ujit.cuda.cudadrv.devicearray import DeviceRecord, auto_device
    dtype = np.dtype([("a", np.int32), ("b", np.float32)], align=True)
    rec = DeviceRecord(dtype)
    assert rec.shape == () and rec.strides == () and rec.alloc_size == dtype.itemsize and rec.dtype == dtype
    assert rec.device_ctypes_pointer.value == rec._ptr != 0
    assert str(rec._numba_type_) == "Record(a[type=int32;offset=0],b[type=float32;offset=4];8;True)"
    host = np.zeros(1, dtype)[0].copy()
    host["a"], host["b"] = 10, 11.0
    rec.copy_to_device(host)
    back = np.zeros(1, dtype)[0].copy()
    assert rec.copy_to_host(back) is back and back["a"] == 10 and back["b"] == 11.0
    d, new = auto_device(host)
    assert new and isinstance(d, DeviceRecord) and d["a"] == 10
    assert auto_device(d) == (d, False)

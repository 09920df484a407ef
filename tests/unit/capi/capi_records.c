/* Record (structured dtype) arrays through the C API: UJIT_RECORD_ARRAY values, a DLTensor of
 * the records' bytes ({kDLOpaqueHandle, 8, lanes = itemsize}) with Numba's spelling of the
 * Record type; one record (a 0-d tensor) passed by reference; the errors a host can make. */
#include <stddef.h>

#include "capi_test.h"

static const char* const kRecordSource = "from numba import jit\n"
                                         "\n"
                                         "\n"
                                         "@jit\n"
                                         "def shift(a, dx):\n"
                                         "    s = 0.0\n"
                                         "    for i in range(a.shape[0]):\n"
                                         "        a[i].x += dx\n"
                                         "        s += a[i]['w'] * a[i].x\n"
                                         "    return s\n"
                                         "\n"
                                         "\n"
                                         "@jit\n"
                                         "def reset(r):\n"
                                         "    r.x = -1\n"
                                         "    r.w = 0.5\n";

/* NumPy's np.dtype([('x', '<i4'), ('w', '<f8')], align=True): x at 0, 4 bytes of padding. */
struct point {
    int32_t x;
    double w;
};
static const char* const kPointType = "Record(x[type=int32;offset=0],w[type=float64;offset=8];16;True)";

static ujit_value record_value(const DLTensor* t, const char* type) {
    ujit_value v;
    memset(&v, 0, sizeof v);
    v.is_array = UJIT_RECORD_ARRAY;
    v.v.record.tensor = t;
    v.v.record.type = type;
    return v;
}

void test_records(void) {
    CHECK(sizeof(struct point) == 16 && offsetof(struct point, w) == 8);
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kRecordSource, "capi_records.py", &m) == UJIT_OK && m != NULL);
    if (!m) return;
    ujit_function* shift = NULL;
    ujit_function* reset = NULL;
    CHECK(ujit_module_function(m, "shift", &shift) == UJIT_OK);
    CHECK(ujit_module_function(m, "reset", &reset) == UJIT_OK);

    struct point pts[3] = {{1, 0.5}, {2, 1.5}, {3, 2.0}};
    int64_t shape[1] = {3};
    DLTensor t = tensor(pts, 1, shape, NULL, kDLOpaqueHandle, 8);
    t.dtype.lanes = sizeof(struct point);
    ujit_value args[2] = {record_value(&t, kPointType), i64(10)};
    ujit_value r;
    size_t n = 0;
    CHECK(ujit_function_call(shift, args, 2, &r, 1, &n) == UJIT_OK);
    CHECK(n == 1 && r.dtype == UJIT_FLOAT64 && r.v.f == 0.5 * 11 + 1.5 * 12 + 2.0 * 13);
    CHECK(pts[0].x == 11 && pts[1].x == 12 && pts[2].x == 13 && pts[2].w == 2.0);

    /* One record: a 0-d tensor, written in place. */
    DLTensor one = tensor(&pts[1], 0, NULL, NULL, kDLOpaqueHandle, 8);
    one.dtype.lanes = sizeof(struct point);
    ujit_value rec = record_value(&one, kPointType);
    CHECK(ujit_function_call(reset, &rec, 1, &r, 1, &n) == UJIT_OK);
    CHECK(pts[1].x == -1 && pts[1].w == 0.5 && pts[0].x == 11 && pts[2].x == 13);

    /* The errors: a type that is no Record, an itemsize that is not the type's, no type. */
    ujit_value bad = record_value(&t, "float64");
    CHECK(ujit_function_call(reset, &bad, 1, &r, 1, &n) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("a record array's type must be a Record, not float64");
    t.dtype.lanes = 12;
    ujit_value two[2] = {record_value(&t, kPointType), i64(1)};
    CHECK(ujit_function_call(shift, two, 2, &r, 1, &n) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("dtype must be {kDLOpaqueHandle, 8, 16}");
    bad = record_value(&one, NULL);
    CHECK(ujit_function_call(reset, &bad, 1, &r, 1, &n) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("record array argument with a null type");
    bad = record_value(&one, "Record(x[type=int32;offset=14];16;True)");
    CHECK(ujit_function_call(reset, &bad, 1, &r, 1, &n) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("record field 'x' lies outside the record's 16 bytes");
    ujit_function_release(shift);
    ujit_function_release(reset);
    ujit_module_release(m);
}

static const char* const kDeviceRecordSource = "from numba import cuda\n"
                                               "\n"
                                               "\n"
                                               "@cuda.jit\n"
                                               "def bump(a, r):\n"
                                               "    i = cuda.grid(1)\n"
                                               "    if i < a.shape[0]:\n"
                                               "        a[i].x += r.x\n"
                                               "        a[i].w = a[i].w * 2\n";

/* Record device arrays (API 1.7): made from the type, copied both ways as record tensors,
 * viewed (a slice of records, a field as numbers), launched on with the record array and one
 * record (a 0-d array); on the GPU, or on the host device without one. */
void test_device_records(void) {
    int64_t shape[1] = {4};
    ujit_device_array* d = NULL;
    CHECK(ujit_device_array_new_records(shape, 1, kPointType, 0, &d) == UJIT_OK && d != NULL);
    if (!d) return;
    CHECK(ujit_device_array_record_type(d) != NULL && strcmp(ujit_device_array_record_type(d), kPointType) == 0);
    const DLTensor* dt = NULL;
    CHECK(ujit_device_array_dltensor(d, &dt) == UJIT_OK && dt->dtype.code == kDLOpaqueHandle &&
          dt->dtype.lanes == sizeof(struct point) && dt->strides[0] == 1);
    ujit_array_interface ai;
    CHECK(ujit_device_array_interface(d, &ai) == UJIT_OK && strcmp(ai.typestr, "|V16") == 0 && ai.nbytes == 64);

    struct point pts[4] = {{1, 0.5}, {2, 1.5}, {3, 2.0}, {4, -1.0}};
    DLTensor host = tensor(pts, 1, shape, NULL, kDLOpaqueHandle, 8);
    host.dtype.lanes = sizeof(struct point);
    CHECK(ujit_device_array_copy_from_host(d, &host, NULL) == UJIT_OK);

    /* One record to add: a 0-d record device array. */
    ujit_device_array* r = NULL;
    CHECK(ujit_device_array_new_records(NULL, 0, kPointType, 0, &r) == UJIT_OK);
    struct point add = {10, 0.0};
    DLTensor one = tensor(&add, 0, NULL, NULL, kDLOpaqueHandle, 8);
    one.dtype.lanes = sizeof(struct point);
    CHECK(ujit_device_array_copy_from_host(r, &one, NULL) == UJIT_OK);

    ujit_module* m = NULL;
    ujit_function* bump = NULL;
    CHECK(ujit_module_from_string(kDeviceRecordSource, "capi_device_records.py", &m) == UJIT_OK);
    CHECK(ujit_module_function(m, "bump", &bump) == UJIT_OK);
    const DLTensor* rt = NULL;
    CHECK(ujit_device_array_dltensor(r, &rt) == UJIT_OK);
    ujit_value args[2] = {record_value(dt, ujit_device_array_record_type(d)), record_value(rt, kPointType)};
    ujit_dim3 grid = {1, 1, 1}, block = {8, 1, 1};
    CHECK(ujit_function_launch(bump, grid, block, args, 2, NULL, 0) == UJIT_OK);

    /* The middle two records, a view of records; and every record's w, a view of float64. */
    int64_t two[1] = {2}, rec_stride[1] = {16}, w_stride[1] = {16};
    ujit_device_array* mid = NULL;
    ujit_device_array* w = NULL;
    CHECK(ujit_device_array_record_view(d, 16, two, rec_stride, 1, NULL, &mid) == UJIT_OK);
    CHECK(ujit_device_array_view(d, 8, shape, w_stride, 1, UJIT_FLOAT64, &w) == UJIT_OK);
    struct point back[2] = {{0, 0}, {0, 0}};
    DLTensor back_t = tensor(back, 1, two, NULL, kDLOpaqueHandle, 8);
    back_t.dtype.lanes = sizeof(struct point);
    CHECK(ujit_device_array_copy_to_host(mid, &back_t, NULL) == UJIT_OK);
    CHECK(back[0].x == 12 && back[0].w == 3.0 && back[1].x == 13 && back[1].w == 4.0);
    double ws[4] = {0, 0, 0, 0};
    DLTensor ws_t = tensor(ws, 1, shape, NULL, kDLFloat, 64);
    CHECK(ujit_device_array_copy_to_host(w, &ws_t, NULL) == UJIT_OK);
    CHECK(ws[0] == 1.0 && ws[1] == 3.0 && ws[2] == 4.0 && ws[3] == -2.0);

    /* The errors: a record tensor of another size, a type that is no Record, no record type. */
    host.dtype.lanes = 12;
    CHECK(ujit_device_array_copy_to_host(d, &host, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("dtype must be {kDLOpaqueHandle, 8, 16}");
    ujit_device_array* bad = NULL;
    CHECK(ujit_device_array_new_records(shape, 1, "float64", 0, &bad) == UJIT_ERROR_ARGUMENT && bad == NULL);
    CHECK_ERROR("must be a Record, not float64");
    CHECK(ujit_device_array_record_view(w, 0, two, rec_stride, 1, NULL, &bad) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("needs a record type");
    CHECK(ujit_device_array_record_type(w) == NULL);

    ujit_device_array_release(mid);
    ujit_device_array_release(w);
    ujit_device_array_release(r);
    ujit_device_array_release(d);
    ujit_function_release(bump);
    ujit_module_release(m);
}

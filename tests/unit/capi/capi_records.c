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

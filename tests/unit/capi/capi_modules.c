/* Versions and names; modules with host globals and source offsets; the errors a host
 * makes with globals; introspection; every entry point given a null handle. */
#include <stdlib.h>

#include "capi_test.h"

void test_version_and_names(void) {
    CHECK(ujit_api_version() == UJIT_API_VERSION);
    CHECK(UJIT_API_VERSION_MAJOR(ujit_api_version()) == 1);
    CHECK(strcmp(ujit_status_name(UJIT_ERROR_CUDA_UNAVAILABLE), "UJIT_ERROR_CUDA_UNAVAILABLE") == 0);
    CHECK(strcmp(ujit_status_name((ujit_status)42), "unknown status") == 0);
    CHECK(strcmp(ujit_dtype_name(UJIT_FLOAT32), "float32") == 0);
    CHECK(strcmp(ujit_dtype_name(UJIT_FLOAT16), "float16") == 0);
    CHECK(ujit_dtype_name((ujit_dtype)14) == NULL);
}

static ujit_global scalar_global(const char* name, ujit_value v) {
    ujit_global g;
    memset(&g, 0, sizeof g);
    g.name = name;
    g.kind = UJIT_GLOBAL_SCALAR;
    g.scalar = v;
    return g;
}

static ujit_global named_global(const char* name, ujit_global_kind kind, const char* module, const char* member,
                                const char* function) {
    ujit_global g;
    memset(&g, 0, sizeof g);
    g.name = name;
    g.kind = kind;
    g.module = module;
    g.member = member;
    g.function = function;
    return g;
}

/* One function's source as a host cuts it out of a file (dedented by 4), with what its
 * __globals__ held: a float32 constant, a tuple, modules under other names, a function
 * imported from a module, and another jitted function under another name. */
static const char* const kHostSource = "@jit\n"
                                       "def scaled(x):\n"
                                       "    return K * x + OFFSET[1] + m.sqrt(4.0) + helper(x) + root(9.0)\n"
                                       "\n"
                                       "def helper_impl(x):\n"
                                       "    return np.float64(x)\n"
                                       "\n"
                                       "def kx(x):\n"
                                       "    return K * x\n"
                                       "\n"
                                       "def own(x):\n"
                                       "    return MINE * x\n"
                                       "\n"
                                       "MINE = 3.0\n"
                                       "\n"
                                       "def div(a, b):\n"
                                       "    return a // b\n";

void test_module_options(void) {
    ujit_global pair[2];
    pair[0] = scalar_global("", i64(1));
    pair[1] = scalar_global("", i64(10));
    ujit_global globals[8];
    globals[0] = scalar_global("K", f32(2.0f));
    globals[1] = named_global("OFFSET", UJIT_GLOBAL_TUPLE, NULL, NULL, NULL);
    globals[1].elements = pair;
    globals[1].n_elements = 2;
    globals[2] = named_global("m", UJIT_GLOBAL_MODULE, "math", NULL, NULL);
    globals[3] = named_global("np", UJIT_GLOBAL_MODULE, "numpy", NULL, NULL);
    globals[4] = named_global("helper", UJIT_GLOBAL_FUNCTION, NULL, NULL, "helper_impl");
    globals[5] = named_global("jit", UJIT_GLOBAL_MEMBER, "numba", "jit", NULL);
    globals[6] = named_global("root", UJIT_GLOBAL_MEMBER, "math", "sqrt", NULL);
    globals[7] = scalar_global("MINE", f64(100.0)); /* the module's own MINE wins */
    ujit_module_options o;
    memset(&o, 0, sizeof o);
    o.filename = "user.py";
    o.first_line = 10;
    o.column_offset = 4;
    o.globals = globals;
    o.n_globals = 8;
    ujit_module* m = NULL;
    CHECK(ujit_module_from_source(kHostSource, &o, &m) == UJIT_OK && m);
    if (!m) return;

    ujit_function* f = get(m, "scaled");
    ujit_value x = f32(3.0f), r;
    size_t n = 0;
    /* float32 * float32 + int64 -> float64: 6 + 10 + 2 + 3 + 3 */
    CHECK(ujit_function_call(f, &x, 1, &r, 1, &n) == UJIT_OK && n == 1);
    CHECK(r.dtype == UJIT_FLOAT64 && r.v.f == 24.0);
    ujit_function_release(f);

    f = get(m, "kx"); /* K stays float32: float32 * float32 is float32 */
    CHECK(ujit_function_call(f, &x, 1, &r, 1, &n) == UJIT_OK && r.dtype == UJIT_FLOAT32 && r.v.f == 6.0);
    ujit_function_release(f);

    f = get(m, "own");
    CHECK(ujit_function_call(f, &x, 1, &r, 1, &n) == UJIT_OK && r.v.f == 9.0);
    ujit_function_release(f);

    /* a runtime error names the position in the user's file: text line 17 is line 26 */
    f = get(m, "div");
    ujit_value args[2] = {i64(1), i64(0)};
    CHECK(ujit_function_call(f, args, 2, &r, 1, &n) == UJIT_ERROR_RUNTIME);
    CHECK_ERROR("ZeroDivisionError");
    CHECK_ERROR("user.py:26:");
    ujit_function_release(f);
    ujit_module_release(m);

    /* a compile error at text line 2, column 9 is at line 11, column 13 of user.py, and the
     * quoted line gets its indentation back */
    o.n_globals = 0;
    CHECK(ujit_module_from_source("def f(x):\n    y = (i for i in x)\n    return x\n", &o, &m) == UJIT_ERROR_COMPILE);
    CHECK(m == NULL);
    const char* file = NULL;
    int line = 0, col = 0;
    ujit_last_error_location(&file, &line, &col);
    CHECK(file && strcmp(file, "user.py") == 0 && line == 11 && col == 13);
    CHECK(strncmp(ujit_last_error(), "user.py:11:13: error: ", 22) == 0);
    CHECK_ERROR("\n            y = (i for i in x)\n                ^");

    /* NULL options: a plain "<string>" module */
    CHECK(ujit_module_from_source("def g():\n    return 1\n", NULL, &m) == UJIT_OK);
    f = get(m, "g");
    CHECK(ujit_function_call(f, NULL, 0, &r, 1, &n) == UJIT_OK && r.v.i == 1);
    ujit_function_release(f);
    ujit_module_release(m);
}

static void expect_bad_global(ujit_global g, const char* message) {
    ujit_module_options o;
    memset(&o, 0, sizeof o);
    o.globals = &g;
    o.n_globals = 1;
    ujit_module* m = (ujit_module*)&o; /* not NULL: the failure must reset it */
    CHECK(ujit_module_from_source("def f(x):\n    return x\n", &o, &m) == UJIT_ERROR_ARGUMENT);
    CHECK(m == NULL);
    CHECK_ERROR(message);
}

void test_bad_globals(void) {
    expect_bad_global(named_global("os", UJIT_GLOBAL_MODULE, "os", NULL, NULL), "global 'os': module 'os'");
    expect_bad_global(named_global("h", UJIT_GLOBAL_FUNCTION, NULL, NULL, "missing"), "no function 'missing'");
    expect_bad_global(named_global("q", UJIT_GLOBAL_MEMBER, "math", "no_such", NULL), "cannot import name 'no_such'");
    expect_bad_global(named_global("q", UJIT_GLOBAL_MEMBER, "math", NULL, NULL), "null module or member");
    ujit_value bad = f64(1.0);
    bad.dtype = (ujit_dtype)99;
    expect_bad_global(scalar_global("K", bad), "global 'K': invalid ujit_dtype 99");
    expect_bad_global(scalar_global(NULL, f64(1.0)), "a global without a name");
    expect_bad_global(named_global("k", (ujit_global_kind)7, NULL, NULL, NULL), "invalid ujit_global_kind 7");
    ujit_global inner = named_global("", UJIT_GLOBAL_MODULE, "math", NULL, NULL);
    ujit_global t = named_global("T", UJIT_GLOBAL_TUPLE, NULL, NULL, NULL);
    t.elements = &inner;
    t.n_elements = 1;
    expect_bad_global(t, "tuple globals hold scalars and tuples only");
    ujit_global arr = scalar_global("A", f64(0));
    arr.scalar.is_array = 1;
    expect_bad_global(arr, "must not be an array");

    ujit_module_options o;
    memset(&o, 0, sizeof o);
    o.first_line = -1;
    ujit_module* m = NULL;
    CHECK(ujit_module_from_source("x = 1\n", &o, &m) == UJIT_ERROR_ARGUMENT);
}

static const char* const kKinds = "from numba import njit, vectorize, guvectorize, cuda\n"
                                  "\n"
                                  "def plain(a, b):\n"
                                  "    return a + b\n"
                                  "\n"
                                  "@njit\n"
                                  "def nj(x):\n"
                                  "    return x\n"
                                  "\n"
                                  "@vectorize(['float64(float64, float64)', 'float32(float32, float32)'], "
                                  "fastmath=True)\n"
                                  "def vadd(x, y):\n"
                                  "    return x + y\n"
                                  "\n"
                                  "@guvectorize(['void(float64[:], float64[:])'], '(n)->(n)')\n"
                                  "def gcopy(x, out):\n"
                                  "    for i in range(x.shape[0]):\n"
                                  "        out[i] = x[i]\n"
                                  "\n"
                                  "@cuda.jit\n"
                                  "def kern(out):\n"
                                  "    i = cuda.grid(1)\n"
                                  "    if i < out.shape[0]:\n"
                                  "        out[i] = i\n"
                                  "\n"
                                  "@cuda.jit(device=True)\n"
                                  "def devf(x):\n"
                                  "    return x * 2\n";

static ujit_function_info info_of(ujit_module* m, const char* name) {
    ujit_function_info info;
    memset(&info, 0, sizeof info);
    static char layout[64];
    ujit_function* f = get(m, name);
    CHECK(ujit_function_get_info(f, &info) == UJIT_OK);
    /* The strings are borrowed from the handle: copied before it goes. */
    snprintf(layout, sizeof layout, "%s", info.gufunc_layout);
    info.gufunc_layout = layout;
    info.name = NULL;
    ujit_function_release(f);
    return info;
}

void test_introspection(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string(kKinds, "kinds.py", &m) == UJIT_OK && m);
    if (!m) return;
    size_t count = 0;
    CHECK(ujit_module_function_count(m, &count) == UJIT_OK && count == 6);
    const char* name = NULL;
    CHECK(ujit_module_function_name(m, 0, &name) == UJIT_OK && strcmp(name, "plain") == 0);
    CHECK(ujit_module_function_name(m, 5, &name) == UJIT_OK && strcmp(name, "devf") == 0);
    CHECK(ujit_module_function_name(m, 6, &name) == UJIT_ERROR_ARGUMENT && name == NULL);

    ujit_function* f = get(m, "vadd");
    ujit_function_info info;
    CHECK(ujit_function_get_info(f, &info) == UJIT_OK);
    CHECK(strcmp(info.name, "vadd") == 0 && info.kind == UJIT_KIND_VECTORIZE && info.target == UJIT_TARGET_CPU);
    CHECK(info.fastmath == 1 && info.n_params == 2 && info.n_signatures == 2 && strcmp(info.gufunc_layout, "") == 0);
    const char* s = NULL;
    CHECK(ujit_function_param_name(f, 1, &s) == UJIT_OK && strcmp(s, "y") == 0);
    CHECK(ujit_function_param_name(f, 2, &s) == UJIT_ERROR_ARGUMENT && s == NULL);
    CHECK(ujit_function_signature(f, 1, &s) == UJIT_OK && strcmp(s, "float32(float32, float32)") == 0);
    CHECK(ujit_function_signature(f, 2, &s) == UJIT_ERROR_ARGUMENT);
    size_t compiled = 0;
    CHECK(ujit_function_compile_declared(f, UJIT_TARGET_CPU, &compiled) == UJIT_OK && compiled == 2);
    /* The decorator's fastmath=True is the compile's: LLVM's fast flags, for this function only. */
    char* text = NULL;
    CHECK(ujit_function_dump(f, "llvm", "float64(float64, float64)", NULL, &text) == UJIT_OK && text &&
          strstr(text, "fadd fast double") != NULL);
    ujit_free_string(text);
    ujit_function_release(f);
    ujit_function* p = get(m, "plain");
    text = NULL;
    CHECK(ujit_function_dump(p, "llvm", "float64(float64, float64)", NULL, &text) == UJIT_OK && text &&
          strstr(text, "fadd double") != NULL && strstr(text, " fast ") == NULL);
    ujit_free_string(text);
    ujit_function_release(p);

    CHECK(info_of(m, "plain").kind == UJIT_KIND_PLAIN);
    CHECK(info_of(m, "nj").kind == UJIT_KIND_JIT && info_of(m, "nj").fastmath == 0);
    ujit_function_info g = info_of(m, "gcopy");
    CHECK(g.kind == UJIT_KIND_GUVECTORIZE && strcmp(g.gufunc_layout, "(n)->(n)") == 0 && g.n_signatures == 1);
    ujit_function_info k = info_of(m, "kern");
    CHECK(k.kind == UJIT_KIND_CUDA_KERNEL && k.target == UJIT_TARGET_CUDA && k.n_params == 1);
    CHECK(info_of(m, "devf").kind == UJIT_KIND_CUDA_DEVICE);

    /* a kernel is not called: it is launched */
    f = get(m, "kern");
    ujit_value r;
    size_t n = 0;
    CHECK(ujit_function_call(f, NULL, 0, &r, 1, &n) != UJIT_OK);
    ujit_function_release(f);
    ujit_module_release(m);
}

void test_null_handles(void) {
    ujit_module* m = NULL;
    ujit_function* f = NULL;
    size_t n = 0;
    const char* s = NULL;
    ujit_function_info info;
    CHECK(ujit_module_from_source(NULL, NULL, &m) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_module_from_string("x = 1\n", NULL, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_module_from_file(NULL, &m) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_module_function_count(NULL, &n) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_module_function_name(NULL, 0, &s) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_module_function(NULL, "f", &f) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_function_get_info(NULL, &info) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_function_param_name(NULL, 0, &s) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_function_signature(NULL, 0, &s) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_function_compile(NULL, "f8()", UJIT_TARGET_CPU, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_function_compile_declared(NULL, UJIT_TARGET_CPU, &n) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_function_call(NULL, NULL, 0, NULL, 0, &n) == UJIT_ERROR_ARGUMENT);
    CHECK_ERROR("null function");
    char* text = NULL;
    CHECK(ujit_function_dump(NULL, "llvm", NULL, NULL, &text) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_function_vectorize(NULL, NULL, 0, NULL, UJIT_TARGET_CPU) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_function_vectorize_ex(NULL, NULL, 0, NULL, UJIT_TARGET_CPU, NULL) == UJIT_ERROR_ARGUMENT);
    DLManagedTensor* t = NULL;
    CHECK(ujit_function_vectorize_new(NULL, NULL, 0, UJIT_TARGET_CPU, NULL, &t) == UJIT_ERROR_ARGUMENT);
    ujit_dim3 one = {1, 1, 1};
    CHECK(ujit_function_launch(NULL, one, one, NULL, 0, NULL, 0) == UJIT_ERROR_ARGUMENT);
    ujit_ufunc_loop* loop = NULL;
    ujit_numpy_loop_fn fn = NULL;
    void* data = NULL;
    CHECK(ujit_function_ufunc_loop(NULL, "f8(f8)", NULL, NULL, &loop, &fn, &data, NULL, 0, NULL) ==
          UJIT_ERROR_ARGUMENT);
    CHECK(ujit_cache_get_stats(NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_device_array_interface(NULL, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_device_array_dltensor(NULL, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_device_array_to_dlpack(NULL, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_device_array_copy_to_host(NULL, NULL, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_device_array_copy_from_host(NULL, NULL, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_device_array_copy_from(NULL, NULL, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_event_record(NULL, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_event_synchronize(NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_event_elapsed_ms(NULL, NULL, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_stream_wait_event(NULL, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(ujit_cuda_device_count(NULL) == UJIT_ERROR_ARGUMENT);
    /* releasing NULL is allowed */
    ujit_module_release(NULL);
    ujit_function_release(NULL);
    ujit_ufunc_loop_release(NULL);
    ujit_device_array_release(NULL);
    ujit_stream_release(NULL);
    ujit_event_release(NULL);
    ujit_free_string(NULL);
}

/* A module over two array globals of one kind: NAME (the 1-D tensor given) and GRID, the first
 * two columns of the 2x3 int32 `grid` (a strided view). `globals` is filled for the caller's
 * later checks. */
static ujit_module* module_with_array_globals(ujit_global_kind kind, const char* name, DLTensor* first, int32_t grid[6],
                                              ujit_global globals[2], const char* source) {
    static int64_t gshape[2] = {2, 2}, gstrides[2] = {3, 1};
    static DLTensor g;
    g = tensor(grid, 2, gshape, gstrides, kDLInt, 32);
    memset(globals, 0, 2 * sizeof *globals);
    globals[0].name = name;
    globals[0].kind = kind;
    globals[0].scalar = array_value(first);
    globals[1].name = "GRID";
    globals[1].kind = kind;
    globals[1].scalar = array_value(&g);
    ujit_module_options o;
    memset(&o, 0, sizeof o);
    o.globals = globals;
    o.n_globals = 2;
    ujit_module* m = NULL;
    CHECK(ujit_module_from_source(source, &o, &m) == UJIT_OK);
    return m;
}

/* pylang2: a NumPy-style array global (UJIT_GLOBAL_ARRAY) is frozen when the module is made:
 * the code reads a copy (changing the host's memory afterwards changes nothing), a strided
 * one in C order, and a store into it is Numba's read-only error. */
void test_array_globals(void) {
    double table[4] = {1.5, -2.0, 3.25, 4.0};
    int64_t shape[1] = {4};
    DLTensor t = tensor(table, 1, shape, NULL, kDLFloat, 64);
    int32_t grid[6] = {1, 2, 3, 4, 5, 6};
    ujit_global globals[2];
    ujit_module* m = module_with_array_globals(UJIT_GLOBAL_ARRAY, "TABLE", &t, grid, globals,
                                               "def total():\n    return TABLE.sum() + GRID[1, 1] + GRID.sum()\n"
                                               "def store(x):\n    TABLE[0] = x\n    return x\n");
    table[0] = 100.0; /* frozen: not seen */
    ujit_function* f = get(m, "total");
    ujit_value r;
    size_t n = 0;
    CHECK(ujit_function_call(f, NULL, 0, &r, 1, &n) == UJIT_OK && r.dtype == UJIT_FLOAT64);
    CHECK(r.v.f == 1.5 - 2.0 + 3.25 + 4.0 + 5 + (1 + 2 + 4 + 5));
    ujit_function_release(f);
    f = get(m, "store");
    ujit_value x = f64(1.0);
    CHECK(ujit_function_call(f, &x, 1, &r, 1, &n) == UJIT_ERROR_COMPILE);
    CHECK_ERROR("Cannot modify readonly array of type: readonly array(float64, 1d, C)");
    ujit_function_release(f);
    ujit_module_release(m);
    globals[0].scalar = f64(1.0); /* not an array */
    expect_bad_global(globals[0], "an array global must hold an array");
}

/* A call that leaves out trailing parameters with defaults fills them in, as Python does. */
void test_default_arguments(void) {
    ujit_module* m = NULL;
    CHECK(ujit_module_from_string("FACTOR = 2.5\n\ndef scaled(x, factor=FACTOR, shift=1):\n"
                                  "    return x * factor + shift\n",
                                  "defaults.py", &m) == UJIT_OK);
    ujit_function* f = NULL;
    CHECK(m && ujit_module_function(m, "scaled", &f) == UJIT_OK);
    if (!f) return;
    ujit_value args[3] = {f64(2.0), f64(10.0), i64(0)}, r;
    CHECK(ujit_function_call(f, args, 1, &r, 1, NULL) == UJIT_OK && r.v.f == 6.0);
    CHECK(ujit_function_call(f, args, 2, &r, 1, NULL) == UJIT_OK && r.v.f == 21.0);
    CHECK(ujit_function_call(f, args, 3, &r, 1, NULL) == UJIT_OK && r.v.f == 20.0);
    CHECK(ujit_function_call(f, args, 0, &r, 1, NULL) == UJIT_ERROR_ARGUMENT);
    CHECK(strstr(ujit_last_error(), "scaled() missing required argument 'x'") != NULL);
    ujit_function_release(f);
    ujit_module_release(m);
}

/* cudalang: an array captured by reference (UJIT_GLOBAL_DEVICE_ARRAY, Numba's capture of a
 * global device array): the code reads the memory as it is when it runs, writes it in place,
 * and keeps a view's strides. Here host memory, as on the host device. */
void test_device_array_globals(void) {
    double data[3] = {1.0, 2.0, 3.0};
    int64_t shape[1] = {3};
    DLTensor t = tensor(data, 1, shape, NULL, kDLFloat, 64);
    int32_t grid[6] = {1, 2, 3, 4, 5, 6};
    ujit_global globals[2];
    ujit_module* m = module_with_array_globals(UJIT_GLOBAL_DEVICE_ARRAY, "BUF", &t, grid, globals,
                                               "def total():\n    return BUF.sum() + GRID[1, 1] + GRID.sum()\n"
                                               "def put(x):\n    BUF[0] = x\n    GRID[0, 1] = 7\n    return x\n");
    data[0] = 10.0; /* by reference: seen */
    ujit_function* f = get(m, "total");
    ujit_value r;
    size_t n = 0;
    CHECK(ujit_function_call(f, NULL, 0, &r, 1, &n) == UJIT_OK && r.dtype == UJIT_FLOAT64);
    CHECK(r.v.f == 10.0 + 2.0 + 3.0 + 5 + (1 + 2 + 4 + 5));
    ujit_function_release(f);
    f = get(m, "put");
    ujit_value x = f64(-4.5);
    CHECK(ujit_function_call(f, &x, 1, &r, 1, &n) == UJIT_OK);
    CHECK(data[0] == -4.5 && grid[1] == 7 && grid[2] == 3);
    ujit_function_release(f);
    ujit_module_release(m);
    globals[0].scalar = f64(1.0); /* not an array */
    expect_bad_global(globals[0], "a device array global must hold a DLTensor");
}

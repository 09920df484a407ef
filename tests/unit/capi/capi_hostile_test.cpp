// The C API given garbage: null handles and pointers, dtype and target values outside their
// enums, DLTensors with absurd shapes. Each call must return UJIT_ERROR_ARGUMENT with a
// message, never crash, and the handles must stay usable afterwards.
#include <catch2/catch.hpp>

#include "ujit/ujit.h"

#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "support/readonly_page.hpp"

namespace {

const char* kSource = "from numba import vectorize\n"
                      "def add(a, b):\n    return a + b\n"
                      "@vectorize\ndef vadd(a, b):\n    return a + b\n";

ujit_value f64(double x) {
    ujit_value v{};
    v.dtype = UJIT_FLOAT64;
    v.v.f = x;
    return v;
}

void check_argument_error(ujit_status s, const char* needle) {
    CHECK(s == UJIT_ERROR_ARGUMENT);
    CHECK_THAT(std::string(ujit_last_error()), Catch::Contains(needle));
}

}  // namespace

TEST_CASE("C API hostile: null handles and pointers", "[capi][hostile]") {
    ujit_module* m = nullptr;
    ujit_function* f = nullptr;
    check_argument_error(ujit_module_from_string(nullptr, "x.py", &m), "null");
    check_argument_error(ujit_module_from_string(kSource, "x.py", nullptr), "null");
    check_argument_error(ujit_module_from_file(nullptr, &m), "null");
    check_argument_error(ujit_module_function(nullptr, "add", &f), "null");
    check_argument_error(ujit_function_compile(nullptr, "float64(float64, float64)", UJIT_TARGET_CPU, nullptr), "null");
    check_argument_error(ujit_function_call(nullptr, nullptr, 0, nullptr, 0, nullptr), "null");
    check_argument_error(ujit_function_vectorize(nullptr, nullptr, 0, nullptr, UJIT_TARGET_CPU), "null");
    char* text = nullptr;
    check_argument_error(ujit_function_dump(nullptr, "llvm", nullptr, nullptr, &text), "null");
    ujit_module_release(nullptr);  // like free(NULL)
    ujit_function_release(nullptr);
    ujit_free_string(nullptr);
    ujit_last_error_location(nullptr, nullptr, nullptr);

    REQUIRE(ujit_module_from_string(kSource, "x.py", &m) == UJIT_OK);
    check_argument_error(ujit_module_function(m, nullptr, &f), "null");
    REQUIRE(ujit_module_function(m, "add", &f) == UJIT_OK);
    check_argument_error(ujit_function_compile(f, nullptr, UJIT_TARGET_CPU, nullptr), "null");
    check_argument_error(ujit_function_call(f, nullptr, 2, nullptr, 0, nullptr), "null argument array");
    ujit_value r{};
    check_argument_error(ujit_function_call(f, nullptr, 0, nullptr, 1, nullptr), "null results");
    check_argument_error(ujit_function_dump(f, nullptr, nullptr, nullptr, &text), "null");
    check_argument_error(ujit_function_dump(f, "bogus", nullptr, nullptr, &text), "what must be");
    // Still usable.
    ujit_value args[2] = {f64(1.5), f64(2.0)};
    size_t n = 0;
    REQUIRE(ujit_function_call(f, args, 2, &r, 1, &n) == UJIT_OK);
    CHECK(n == 1);
    CHECK(r.v.f == 3.5);
    ujit_function_release(f);
    ujit_module_release(m);
}

TEST_CASE("C API hostile: dtypes, targets and shapes out of range", "[capi][hostile]") {
    ujit_module* m = nullptr;
    ujit_function* f = nullptr;
    ujit_function* vf = nullptr;
    REQUIRE(ujit_module_from_string(kSource, "x.py", &m) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "add", &f) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "vadd", &vf) == UJIT_OK);
    ujit_value args[2] = {f64(1.0), f64(2.0)};
    ujit_value r{};
    size_t n = 0;
    for (int bad : {-1, 14, 1 << 30}) {  // 13 is UJIT_FLOAT16
        std::memcpy(&args[1].dtype, &bad, sizeof bad);  // as a C caller could store it
        check_argument_error(ujit_function_call(f, args, 2, &r, 1, &n), "invalid ujit_dtype");
    }
    args[1] = f64(2.0);
    // A C caller may pass any int for the enum (legal in C, not in C++): call through the
    // ABI-identical int signature, so that this test does not itself load a bad enum.
    auto compile_raw =
        reinterpret_cast<ujit_status (*)(ujit_function*, const char*, int, void**)>(&ujit_function_compile);
    check_argument_error(compile_raw(f, "float64(float64, float64)", 7, nullptr), "invalid ujit_target");

    // DLTensors: null tensor, ndim out of range, null shape, a shape whose size overflows,
    // negative dimensions, vector lanes, a null data pointer with elements.
    double storage[4] = {1, 2, 3, 4}, result[4] = {};
    int64_t shape[2] = {2, 2};
    DLTensor out{};
    out.data = result;
    out.device = {kDLCPU, 0};
    out.ndim = 2;
    out.dtype = {kDLFloat, 64, 1};
    out.shape = shape;
    DLTensor t{};
    t.data = storage;
    t.device = {kDLCPU, 0};
    t.ndim = 2;
    t.dtype = {kDLFloat, 64, 1};
    t.shape = shape;
    ujit_value arr{};
    arr.is_array = 1;
    arr.v.array = nullptr;
    ujit_value in[2] = {arr, f64(1.0)};
    check_argument_error(ujit_function_call(f, in, 2, &r, 1, &n), "null DLTensor");
    in[0].v.array = &t;
    auto expect_bad = [&](const char* needle) {
        CHECK(ujit_function_vectorize(vf, in, 2, &out, UJIT_TARGET_CPU) == UJIT_ERROR_ARGUMENT);
        CHECK_THAT(std::string(ujit_last_error()), Catch::Contains(needle));
    };
    t.ndim = -1;
    expect_bad("ndim");
    t.ndim = 1000;
    expect_bad("ndim");
    t.ndim = 2;
    t.shape = nullptr;
    expect_bad("null shape");
    int64_t huge[2] = {INT64_C(1) << 40, INT64_C(1) << 40};
    t.shape = huge;
    expect_bad("too large");
    int64_t negative[2] = {2, -3};
    t.shape = negative;
    expect_bad("negative dimension");
    t.shape = shape;
    t.dtype = {kDLFloat, 64, 4};
    expect_bad("lanes");
    t.dtype = {kDLFloat, 8, 1};
    expect_bad("unsupported dtype");
    t.dtype = {kDLFloat, 64, 1};
    t.data = nullptr;
    expect_bad("null data");
    t.data = storage;
    // And the good tensor works afterwards.
    CHECK(ujit_function_vectorize(vf, in, 2, &out, UJIT_TARGET_CPU) == UJIT_OK);
    CHECK(result[3] == 5.0);
    ujit_function_release(vf);
    ujit_function_release(f);
    ujit_module_release(m);
}

// Issue 24, item 6: an output that overlaps an input one element behind it is a recurrence
// (out[i] = out[i-1] + 1, NumPy's accumulate); target 'parallel' split it over threads, each
// chunk reading elements another had not written yet. The serial order is the answer.
TEST_CASE("C API hostile: parallel vectorize into an overlapping output", "[capi][hostile][threads]") {
    ujit_module* m = nullptr;
    ujit_function* vf = nullptr;
    REQUIRE(ujit_module_from_string(kSource, "x.py", &m) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "vadd", &vf) == UJIT_OK);
    const int64_t n = 1 << 20;
    std::vector<double> buffer(n + 1, 0.0);
    int64_t shape[1] = {n};
    DLTensor prev{}, next{};
    prev.data = buffer.data();
    prev.device = {kDLCPU, 0};
    prev.ndim = 1;
    prev.dtype = {kDLFloat, 64, 1};
    prev.shape = shape;
    next = prev;
    next.data = buffer.data() + 1;
    ujit_value arr{};
    arr.is_array = 1;
    arr.v.array = &prev;
    ujit_value in[2] = {arr, f64(1.0)};
    for (int run = 0; run < 3; ++run) {
        std::fill(buffer.begin(), buffer.end(), 0.0);
        REQUIRE(ujit_function_vectorize(vf, in, 2, &next, UJIT_TARGET_PARALLEL) == UJIT_OK);
        CHECK(buffer[n] == double(n));
        CHECK(buffer[n / 3] == double(n / 3));
    }
    ujit_function_release(vf);
    ujit_module_release(m);
}

// Issue 24, item 4b: a tuple display of 8,000 elements ran LLVM out of memory (its SCCP is
// quadratic over struct values); one of one element type compiles now, and one of mixed
// types past 1,000 elements is a located compile error.
TEST_CASE("C API hostile: 8,000-element tuple displays", "[capi][hostile]") {
    auto program = [](bool mixed) {
        std::string s = "def f(x):\n    t = (";
        for (int i = 0; i < 8000; ++i) s += (mixed && i % 2) ? "1.5, " : "x, ";
        return s + ")\n    return t[0] + t[7999]\n";
    };
    ujit_module* m = nullptr;
    ujit_function* f = nullptr;
    REQUIRE(ujit_module_from_string(program(false).c_str(), "long.py", &m) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "f", &f) == UJIT_OK);
    ujit_value arg = f64(2.0), r{};
    size_t n = 0;
    REQUIRE(ujit_function_call(f, &arg, 1, &r, 1, &n) == UJIT_OK);
    CHECK(r.v.f == 4.0);
    ujit_function_release(f);
    ujit_module_release(m);

    REQUIRE(ujit_module_from_string(program(true).c_str(), "mixed.py", &m) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "f", &f) == UJIT_OK);
    ujit_value int_arg{};  // int64 and float64 elements: mixed
    int_arg.dtype = UJIT_INT64;
    int_arg.v.i = 2;
    CHECK(ujit_function_call(f, &int_arg, 1, &r, 1, &n) == UJIT_ERROR_COMPILE);
    CHECK_THAT(std::string(ujit_last_error()),
               Catch::Contains("mixed.py:2:9: error: a tuple of 8000 elements of different types is too long"));
    ujit_function_release(f);
    ujit_module_release(m);
}

// Issue 24, item 4: the compiler recursed through a chain of functions on the caller's
// stack: 5,000 of them overflowed the main thread's 8 MB, 300 a host thread's 256 KiB.
TEST_CASE("C API hostile: call chains of 5,000 functions, and of 300 on a 256 KiB thread", "[capi][hostile][deep]") {
    auto chain = [](int n) {
        std::string s = "def f0(x):\n    return x\n";
        for (int i = 1; i < n; ++i) {
            s += "def f" + std::to_string(i);
            s += "(x):\n    return f" + std::to_string(i - 1);
            s += "(x) + 1\n";
        }
        return s;
    };
    struct Job {
        std::string source, name;
        double result = 0;
        ujit_status status = UJIT_ERROR_INTERNAL;
    };
    auto run = [](void* p) -> void* {
        auto* job = static_cast<Job*>(p);
        ujit_module* m = nullptr;
        ujit_function* f = nullptr;
        if (ujit_module_from_string(job->source.c_str(), "chain.py", &m) != UJIT_OK) return nullptr;
        if (ujit_module_function(m, job->name.c_str(), &f) == UJIT_OK) {
            ujit_value arg = f64(1.0), r{};
            size_t n = 0;
            job->status = ujit_function_call(f, &arg, 1, &r, 1, &n);
            job->result = r.v.f;
            ujit_function_release(f);
        }
        ujit_module_release(m);
        return nullptr;
    };
    Job deep{chain(5000), "f4999"};
    run(&deep);
    CHECK(deep.status == UJIT_OK);
    CHECK(deep.result == 5000.0);

    Job small{chain(300), "f299"};
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    REQUIRE(pthread_attr_setstacksize(&attr, 256 << 10) == 0);
    pthread_t thread;
    REQUIRE(pthread_create(&thread, &attr, run, &small) == 0);
    pthread_attr_destroy(&attr);
    pthread_join(thread, nullptr);
    CHECK(small.status == UJIT_OK);
    CHECK(small.result == 300.0);
}

TEST_CASE("C API hostile: xoroshiro128p states tensors", "[capi][hostile][xoroshiro]") {
    uint64_t rows[4][2] = {};
    int64_t shape[2] = {4, 2};
    DLTensor t{};
    t.data = rows;
    t.device = {kDLCPU, 0};
    t.ndim = 2;
    t.dtype = {kDLUInt, 64, 1};
    t.shape = shape;
    auto expect_bad = [&](const char* needle) {
        CHECK(ujit_xoroshiro128p_init_states(&t, 1, 0) == UJIT_ERROR_ARGUMENT);
        CHECK_THAT(std::string(ujit_last_error()), Catch::Contains(needle));
    };
    t.ndim = -1;
    expect_bad("ndim");
    t.ndim = 2;
    t.shape = nullptr;
    expect_bad("null shape");
    int64_t negative[2] = {-4, 2};
    t.shape = negative;
    expect_bad("negative dimension");
    t.shape = shape;
    t.dtype = {kDLUInt, 64, 2};
    expect_bad("lanes");
    t.dtype = {kDLUInt, 64, 1};
    t.data = nullptr;
    expect_bad("null data");
    t.data = rows;
    CHECK(ujit_xoroshiro128p_init_states(&t, 1, 0) == UJIT_OK);
    CHECK(rows[0][0] == rows[0][1]);  // state 0: splitmix64(seed) in both words
    CHECK(rows[1][0] != rows[0][0]);
}

namespace {

// Compiles kSource's `add` in a new module and calls it: 1.5 + 2.0.
double compile_and_call_add() {
    ujit_module* m = nullptr;
    ujit_function* f = nullptr;
    REQUIRE(ujit_module_from_string(kSource, "x.py", &m) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "add", &f) == UJIT_OK);
    ujit_value args[2] = {f64(1.5), f64(2.0)};
    ujit_value r{};
    size_t n = 0;
    REQUIRE(ujit_function_call(f, args, 2, &r, 1, &n) == UJIT_OK);
    ujit_function_release(f);
    ujit_module_release(m);
    return n == 1 ? r.v.f : -1.0;
}

std::vector<std::string> files_in(const std::filesystem::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(dir)) out.push_back(e.path().string());
    return out;
}

}  // namespace

// Issue 24 items 8 and 13 through the C API: a UJIT_CACHE_DIR others may write is never
// read or written (its code could be anyone's), and a FIFO in an entry's place is a miss,
// not a hang. Compiling works in both.
TEST_CASE("C API hostile: a shared cache directory and a FIFO entry", "[capi][hostile][cache-trust]") {
    namespace fs = std::filesystem;
    std::string tmpl = (fs::temp_directory_path() / "ujit-capi-cache-XXXXXX").string();
    REQUIRE(::mkdtemp(tmpl.data()));
    fs::path root = tmpl, shared = root / "shared", own = root / "own";
    fs::create_directories(shared);
    fs::permissions(shared, fs::perms::all);  // 0777, as a directory shared by a team
    std::string old = std::getenv("UJIT_CACHE_DIR") ? std::getenv("UJIT_CACHE_DIR") : "";
    ::setenv("UJIT_CACHE_DIR", shared.c_str(), 1);
    CHECK(compile_and_call_add() == 3.5);
    CHECK(files_in(shared).empty());

    ::setenv("UJIT_CACHE_DIR", own.c_str(), 1);
    CHECK(compile_and_call_add() == 3.5);
    CHECK((fs::status(own).permissions() & fs::perms::all) == fs::perms::owner_all);
    for (const std::string& p : files_in(own)) {
        if (p.size() < 4 || p.compare(p.size() - 4, 4, ".ujc") != 0) continue;
        REQUIRE(::unlink(p.c_str()) == 0);
        REQUIRE(::mkfifo(p.c_str(), 0600) == 0);  // opened for reading, it would wait for a writer
    }
    CHECK(compile_and_call_add() == 3.5);
    for (const std::string& p : files_in(own)) CHECK(fs::is_regular_file(fs::symlink_status(p)));
    if (old.empty())
        ::unsetenv("UJIT_CACHE_DIR");
    else
        ::setenv("UJIT_CACHE_DIR", old.c_str(), 1);
    fs::remove_all(root);
}

// Issue 24 item 12 through the C API: a 0-d tensor (ndim 0, no shape entries) was refused
// ("arrays of 0 dimensions are not supported"); Numba types it array(float64, 0d, C), and
// a[()] reads and writes its element. More than 8 dimensions stays an argument error.
TEST_CASE("C API hostile: 0-d tensors", "[capi][hostile]") {
    const char* source = "def get(a):\n    return a[()]\n"
                         "def put(a, v):\n    a[()] = v\n";
    ujit_module* m = nullptr;
    ujit_function* get = nullptr;
    ujit_function* put = nullptr;
    REQUIRE(ujit_module_from_string(source, "zero_d.py", &m) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "get", &get) == UJIT_OK);
    REQUIRE(ujit_module_function(m, "put", &put) == UJIT_OK);
    double x = 3.5;
    DLTensor t{};
    t.data = &x;
    t.device = {kDLCPU, 0};
    t.ndim = 0;
    t.dtype = {kDLFloat, 64, 1};
    ujit_value a{};
    a.is_array = 1;
    a.v.array = &t;
    ujit_value r{};
    size_t n = 0;
    REQUIRE(ujit_function_call(get, &a, 1, &r, 1, &n) == UJIT_OK);
    CHECK(n == 1);
    CHECK(r.v.f == 3.5);
    ujit_value args[2] = {a, f64(-1.25)};
    REQUIRE(ujit_function_call(put, args, 2, &r, 1, &n) == UJIT_OK);
    CHECK(x == -1.25);
    int64_t shape9[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    t.ndim = 9;
    t.shape = shape9;
    CHECK(ujit_function_call(get, &a, 1, &r, 1, &n) != UJIT_OK);
    CHECK_THAT(std::string(ujit_last_error()), Catch::Contains("dimensions"));
    ujit_function_release(put);
    ujit_function_release(get);
    ujit_module_release(m);
}

// ------------------------------------------------------------------ read-only arrays
// Issue 24, item 1: an array the caller marks UJIT_ARRAY_READONLY (here a page mapped
// PROT_READ, where a write would be SIGSEGV) types as Numba's `readonly array(...)`; a store,
// augmented store or atomic into it is a compile error, reading it works, and UJIT_ARRAY (1,
// what every caller passed before the flag existed) still means a writable array.
namespace {

const char* kReadonlySource = "from numba import njit, cuda\n"
                              "@njit\ndef store(a, v):\n    a[0] = v\n"
                              "@njit\ndef bump(a):\n    a[1] += 1\n"
                              "@njit\ndef total(a):\n    return a[0] + a[1]\n"
                              "@cuda.jit\ndef count(a):\n    cuda.atomic.add(a, 0, 1)\n";

}  // namespace

TEST_CASE("C API hostile: stores into read-only arrays are compile errors", "[capi][hostile][readonly]") {
    ujit::test::ReadOnlyPage page;
    int64_t shape[1] = {2};
    DLTensor t{};
    t.data = page.data;
    t.device = {kDLCPU, 0};
    t.ndim = 1;
    t.dtype = {kDLInt, 64, 1};
    t.shape = shape;
    ujit_value ro{};
    ro.is_array = UJIT_ARRAY_READONLY;
    ro.v.array = &t;
    ujit_value seven{};
    seven.dtype = UJIT_INT64;
    seven.v.i = 7;

    ujit_module* m = nullptr;
    REQUIRE(ujit_module_from_string(kReadonlySource, "ro.py", &m) == UJIT_OK);
    auto fn = [&](const char* name) {
        ujit_function* f = nullptr;
        REQUIRE(ujit_module_function(m, name, &f) == UJIT_OK);
        return f;
    };
    ujit_function* store = fn("store");
    ujit_function* bump = fn("bump");
    ujit_function* total = fn("total");
    ujit_function* count = fn("count");
    auto expect_refused = [&](ujit_status s, int line) {
        CHECK(s == UJIT_ERROR_COMPILE);
        CHECK_THAT(std::string(ujit_last_error()),
                   Catch::Contains("Cannot modify readonly array of type: readonly array(int64, 1d, C)"));
        int at = 0;
        ujit_last_error_location(nullptr, &at, nullptr);
        CHECK(at == line);
    };
    ujit_value args[2] = {ro, seven};
    ujit_value r{};
    size_t n = 0;
    expect_refused(ujit_function_call(store, args, 2, &r, 1, &n), 4);
    expect_refused(ujit_function_call(bump, args, 1, &r, 1, &n), 7);
    expect_refused(ujit_function_launch(count, {1, 1, 1}, {4, 1, 1}, args, 1, nullptr, 0), 13);
    CHECK(page.data[0] == 3);

    REQUIRE(ujit_function_call(total, args, 1, &r, 1, &n) == UJIT_OK);  // reading is fine
    CHECK(r.v.i == 7);

    int64_t writable[2] = {0, 0};
    t.data = writable;
    args[0].is_array = UJIT_ARRAY;  // the value callers passed before the flag: writable
    REQUIRE(ujit_function_call(store, args, 2, &r, 1, &n) == UJIT_OK);
    CHECK(writable[0] == 7);

    ujit_function_release(count);
    ujit_function_release(total);
    ujit_function_release(bump);
    ujit_function_release(store);
    ujit_module_release(m);
}

// Issue 24 through the C API, on the host device ([host-device][.]: run by ctest with
// UJIT_DISABLE_CUDA=1): a kernel's out-of-range store is UJIT_ERROR_RUNTIME with the GPU's
// words and the library stays usable; a local array larger than CUDA allows is a located
// compile error; ujit_cuda_free_pool trims the memory pool.
TEST_CASE("C API hostile: kernel faults and oversized local arrays on the host device",
          "[capi][hostile][host-device][.]") {
    REQUIRE(!ujit_cuda_available(nullptr));
    const char* source = "import numba\nfrom numba import cuda\n"
                         "@cuda.jit\ndef far(out):\n    i = cuda.grid(1)\n    out[i * 1000000] = 1.0\n"
                         "@cuda.jit\ndef fill(out):\n    i = cuda.grid(1)\n    if i < out.shape[0]:\n"
                         "        out[i] = i\n"
                         "@cuda.jit\ndef huge(out):\n    a = cuda.local.array(4 * 1024 * 1024, numba.float32)\n"
                         "    a[0] = 1.0\n    out[0] = a[0]\n";
    ujit_module* m = nullptr;
    REQUIRE(ujit_module_from_string(source, "faults.py", &m) == UJIT_OK);
    float data[64] = {};
    int64_t shape[1] = {64};
    DLTensor t{};
    t.data = data;
    t.device = {kDLCPU, 0};
    t.ndim = 1;
    t.dtype = {kDLFloat, 32, 1};
    t.shape = shape;
    ujit_value arg{};
    arg.is_array = 1;
    arg.dtype = UJIT_FLOAT32;
    arg.v.array = &t;
    ujit_dim3 grid{4, 1, 1}, block{16, 1, 1};

    ujit_function* far = nullptr;
    REQUIRE(ujit_module_function(m, "far", &far) == UJIT_OK);
    CHECK(ujit_function_launch(far, grid, block, &arg, 1, nullptr, 0) == UJIT_ERROR_RUNTIME);
    CHECK_THAT(std::string(ujit_last_error()),
               Catch::Contains("CUDA_ERROR_ILLEGAL_ADDRESS") && Catch::Contains("kernel 'far' faulted"));

    ujit_function* fill = nullptr;
    REQUIRE(ujit_module_function(m, "fill", &fill) == UJIT_OK);
    REQUIRE(ujit_function_launch(fill, grid, block, &arg, 1, nullptr, 0) == UJIT_OK);
    for (int i = 0; i < 64; ++i) REQUIRE(data[i] == float(i));

    ujit_function* huge = nullptr;
    REQUIRE(ujit_module_function(m, "huge", &huge) == UJIT_OK);
    CHECK(ujit_function_launch(huge, grid, block, &arg, 1, nullptr, 0) == UJIT_ERROR_COMPILE);
    CHECK_THAT(std::string(ujit_last_error()), Catch::Contains("16777216 bytes is too large"));
    const char* file = nullptr;
    int line = 0, col = 0;
    ujit_last_error_location(&file, &line, &col);
    CHECK(std::string(file) == "faults.py");
    CHECK(line == 14);
    CHECK(col == 26);

    CHECK(ujit_cuda_free_pool() == UJIT_OK);
    ujit_function_release(far);
    ujit_function_release(fill);
    ujit_function_release(huge);
    ujit_module_release(m);
}

// Issue 24: Ctrl-C stops a launch on the host device: UJIT_ERROR_RUNTIME, "KeyboardInterrupt".
TEST_CASE("C API hostile: SIGINT stops a long launch on the host device", "[capi][hostile][host-device][.]") {
    REQUIRE(!ujit_cuda_available(nullptr));
    const char* source = "from numba import cuda\n"
                         "@cuda.jit\ndef spin(flag, out):\n    i = cuda.grid(1)\n    flag[0] = 1\n    acc = 0.0\n"
                         "    for k in range(2000000):\n        acc += k * 0.5\n    out[i] = acc\n";
    ujit_module* m = nullptr;
    REQUIRE(ujit_module_from_string(source, "spin.py", &m) == UJIT_OK);
    ujit_function* spin = nullptr;
    REQUIRE(ujit_module_function(m, "spin", &spin) == UJIT_OK);
    static int64_t flag[1];
    static double out[1000 * 256];
    int64_t flag_shape[1] = {1}, out_shape[1] = {1000 * 256};
    DLTensor tf{}, to{};
    tf.data = flag;
    tf.device = to.device = {kDLCPU, 0};
    tf.ndim = to.ndim = 1;
    tf.dtype = {kDLInt, 64, 1};
    tf.shape = flag_shape;
    to.data = out;
    to.dtype = {kDLFloat, 64, 1};
    to.shape = out_shape;
    ujit_value args[2]{};
    args[0].is_array = args[1].is_array = 1;
    args[0].dtype = UJIT_INT64;
    args[1].dtype = UJIT_FLOAT64;
    args[0].v.array = &tf;
    args[1].v.array = &to;
    struct sigaction dfl = {}, catch2 = {};  // a plain C program's SIGINT (not Catch2's handler)
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGINT, &dfl, &catch2);
    std::atomic<bool> done{false};
    std::thread sender([&] {
        while (!reinterpret_cast<volatile int64_t*>(flag)[0] && !done)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (!done) kill(getpid(), SIGINT);
    });
    ujit_status st = ujit_function_launch(spin, {1000, 1, 1}, {256, 1, 1}, args, 2, nullptr, 0);
    done = true;
    sender.join();
    sigaction(SIGINT, &catch2, nullptr);
    CHECK(st == UJIT_ERROR_RUNTIME);
    CHECK_THAT(std::string(ujit_last_error()), Catch::Contains("KeyboardInterrupt") && Catch::Contains("'spin'"));
    ujit_function_release(spin);
    ujit_module_release(m);
}

TEST_CASE("C API hostile: allocation statistics", "[capi][hostile][nrt]") {
    check_argument_error(ujit_get_allocation_stats(nullptr), "null");
    ujit_allocation_stats s{};
    check_argument_error(ujit_get_allocation_stats(&s), "struct_size");  // a caller that forgot it
    s.struct_size = sizeof s;
    REQUIRE(ujit_get_allocation_stats(&s) == UJIT_OK);
    CHECK(s.alloc >= s.free);
    CHECK(s.mi_alloc >= s.mi_free);
}

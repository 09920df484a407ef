#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <thread>

#include "runtime/broadcast.hpp"
#include "runtime/scalar.hpp"
#include "runtime/thread_pool.hpp"
#include "runtime/ufunc_exec.hpp"

using namespace ujit;
using namespace ujit::runtime;

namespace {

// The kind of loop the codegen emits: float32 add, NumPy's inner-loop signature.
void add_f32(char** p, int64_t n, const int64_t* s) {
    for (int64_t i = 0; i < n; ++i)
        *reinterpret_cast<float*>(p[2] + i * s[2]) =
            *reinterpret_cast<const float*>(p[0] + i * s[0]) + *reinterpret_cast<const float*>(p[1] + i * s[1]);
}

struct Call {
    int64_t n;
    std::vector<int64_t> strides;
};

// An invoker that records every inner-loop call (serial use only).
LoopInvoker recorder(std::vector<Call>& calls) {
    return [&calls](LoopFn f, char** p, int64_t n, const int64_t* s) {
        calls.push_back({n, std::vector<int64_t>(s, s + 3)});
        f(p, n, s);
    };
}

// Reads element `idx` (an index into the output's shape) of `a` viewed with byte strides `st`.
float read_at(const ArrayRef& a, const Shape& st, const Shape& idx) {
    const char* p = static_cast<const char*>(a.data);
    for (size_t d = 0; d < idx.size(); ++d) p += idx[d] * st[d];
    return *reinterpret_cast<const float*>(p);
}

// Checks out == a + b element by element, walking indices naively.
void check_against_reference(const ArrayRef& a, const ArrayRef& b, const ArrayRef& out) {
    Shape sa = broadcast_strides(a, out.shape), sb = broadcast_strides(b, out.shape),
          so = broadcast_strides(out, out.shape);
    Shape idx(out.shape.size(), 0);
    int64_t n = out.size(), bad = 0;
    for (int64_t k = 0; k < n; ++k) {
        float want = read_at(a, sa, idx) + read_at(b, sb, idx);
        if (read_at(out, so, idx) != want) ++bad;
        for (int d = int(idx.size()) - 1; d >= 0 && ++idx[d] == out.shape[d]; --d) idx[d] = 0;
    }
    CHECK(bad == 0);
}

Array iota(Shape shape, bool fortran = false, float scale = 1) {
    Array a(DType::Float32, std::move(shape), fortran);
    for (int64_t i = 0; i < a.size(); ++i) a.data<float>()[i] = float(i % 1000) * scale + 0.25f;
    return a;
}

}  // namespace

TEST_CASE("broadcast shapes like NumPy", "[runtime]") {
    CHECK(broadcast_shapes({{3}, {2, 3}}) == Shape{2, 3});
    CHECK(broadcast_shapes({{4, 1}, {3}}) == Shape{4, 3});
    CHECK(broadcast_shapes({{}, {5}}) == Shape{5});
    CHECK(broadcast_shapes({{}, {}}) == Shape{});
    CHECK(broadcast_shapes({{2, 1, 3}, {4, 1}, {1}}) == Shape{2, 4, 3});
    CHECK(broadcast_shapes({{0}, {1}}) == Shape{0});
    CHECK(broadcast_shapes({{1, 0}, {5, 1}}) == Shape{5, 0});
    CHECK_THROWS_WITH(broadcast_shapes({{3}, {4}}), "operands could not be broadcast together with shapes (3,) (4,)");
    CHECK_THROWS_WITH(broadcast_shapes({{2, 3}, {3}, {2}}),
                      "operands could not be broadcast together with shapes (2,3) (3,) (2,)");
    CHECK_THROWS_AS(broadcast_shapes({{0}, {2}}), Error);

    ArrayRef row = ArrayRef::c_order(nullptr, DType::Float64, {1, 3});
    CHECK(broadcast_strides(row, {4, 3}) == Shape{0, 8});
    CHECK(broadcast_strides(row, {2, 4, 3}) == Shape{0, 0, 8});
    CHECK(broadcast_to(row, {5, 3}).shape == Shape{5, 3});
    CHECK_THROWS_WITH(broadcast_strides(row, {3}),
                      Catch::Contains("cannot broadcast an array of shape (1,3) to shape (3,)"));
    CHECK_THROWS_AS(broadcast_strides(row, {4, 2}), Error);
}

TEST_CASE("executor: contiguous operands become one inner-loop call", "[runtime]") {
    for (bool fortran : {false, true}) {
        Array a = iota({7, 5, 3}, fortran), b = iota({7, 5, 3}, fortran, 2), out(DType::Float32, {7, 5, 3}, fortran);
        std::vector<Call> calls;
        execute_ufunc(add_f32, {a.ref(), b.ref()}, out.ref(), recorder(calls));
        REQUIRE(calls.size() == 1);
        CHECK(calls[0].n == 105);
        CHECK(calls[0].strides == std::vector<int64_t>{4, 4, 4});
        check_against_reference(a.ref(), b.ref(), out.ref());
    }
    // A scalar (0-d, stride 0) with a contiguous array is still one call.
    Array a = iota({100}), s = scalar_array(Value(1.5).scalar(), DType::Float32), out(DType::Float32, {10, 10});
    ArrayRef a2 = a.ref();
    a2.shape = {10, 10};
    a2.strides = {40, 4};
    std::vector<Call> calls;
    execute_ufunc(add_f32, {a2, s.ref()}, out.ref(), recorder(calls));
    REQUIRE(calls.size() == 1);
    CHECK(calls[0].strides == std::vector<int64_t>{4, 0, 4});
    CHECK(out.data<float>()[99] == a.data<float>()[99] + 1.5f);
}

TEST_CASE("executor: mixed layouts, strides, broadcasting, 0-d", "[runtime]") {
    SECTION("C input, F input, C output") {
        Array a = iota({6, 9}), b = iota({6, 9}, true, 3), out(DType::Float32, {6, 9});
        execute_ufunc(add_f32, {a.ref(), b.ref()}, out.ref());
        check_against_reference(a.ref(), b.ref(), out.ref());
    }
    SECTION("F inputs, F output: walks memory forward in one call") {
        Array a = iota({4, 5, 6}, true), b = iota({4, 5, 6}, true), out(DType::Float32, {4, 5, 6}, true);
        std::vector<Call> calls;
        execute_ufunc(add_f32, {a.ref(), b.ref()}, out.ref(), recorder(calls));
        CHECK(calls.size() == 1);
        check_against_reference(a.ref(), b.ref(), out.ref());
    }
    SECTION("every other element, and a reversed view") {
        Array base = iota({40});
        ArrayRef even = base.ref();
        even.shape = {20};
        even.strides = {8};
        ArrayRef rev = base.ref();
        rev.data = base.data<float>() + 39;
        rev.shape = {20};
        rev.strides = {-4};
        Array out(DType::Float32, {20});
        std::vector<Call> calls;
        execute_ufunc(add_f32, {even, rev}, out.ref(), recorder(calls));
        CHECK(calls.size() == 1);
        check_against_reference(even, rev, out.ref());
    }
    SECTION("all operands reversed are flipped into a forward contiguous run") {
        Array a = iota({30}), b = iota({30}), out(DType::Float32, {30});
        auto reversed = [](const Array& x) {
            ArrayRef r = x.ref();
            r.data = static_cast<float*>(r.data) + 29;
            r.strides = {-4};
            return r;
        };
        std::vector<Call> calls;
        execute_ufunc(add_f32, {reversed(a), reversed(b)}, reversed(out), recorder(calls));
        REQUIRE(calls.size() == 1);
        CHECK(calls[0].strides == std::vector<int64_t>{4, 4, 4});
        check_against_reference(reversed(a), reversed(b), reversed(out));
    }
    SECTION("column vector + row vector") {
        Array col = iota({7, 1}), row = iota({9}, false, 5), out(DType::Float32, {7, 9});
        std::vector<Call> calls;
        execute_ufunc(add_f32, {col.ref(), row.ref()}, out.ref(), recorder(calls));
        CHECK(calls.size() == 7);
        CHECK(calls[0].strides == std::vector<int64_t>{0, 4, 4});
        check_against_reference(col.ref(), row.ref(), out.ref());
    }
    SECTION("transposed input into C output") {
        Array a = iota({8, 3});
        ArrayRef t = a.ref();
        t.shape = {3, 8};
        t.strides = {4, 12};
        Array b = iota({3, 8}), out(DType::Float32, {3, 8});
        execute_ufunc(add_f32, {t, b.ref()}, out.ref());
        check_against_reference(t, b.ref(), out.ref());
    }
    SECTION("0-d everything") {
        Array x = scalar_array(Value(2.0).scalar(), DType::Float32);
        Array y = scalar_array(Value(0.5).scalar(), DType::Float32);
        Array out(DType::Float32, {});
        std::vector<Call> calls;
        execute_ufunc(add_f32, {x.ref(), y.ref()}, out.ref(), recorder(calls));
        REQUIRE(calls.size() == 1);
        CHECK(calls[0].n == 1);
        CHECK(*out.data<float>() == 2.5f);
    }
    SECTION("empty output: no calls") {
        Array a = iota({0, 3}), out(DType::Float32, {0, 3});
        std::vector<Call> calls;
        execute_ufunc(add_f32, {a.ref(), a.ref()}, out.ref(), recorder(calls));
        CHECK(calls.empty());
    }
    SECTION("inputs smaller than an explicit output") {
        Array a = iota({3}), b = iota({3}), out(DType::Float32, {2, 3});
        execute_ufunc(add_f32, {a.ref(), b.ref()}, out.ref());
        check_against_reference(a.ref(), b.ref(), out.ref());
    }
}

TEST_CASE("executor: shape errors in NumPy's words", "[runtime]") {
    Array a = iota({3}), b = iota({4}), out3(DType::Float32, {3}), out23(DType::Float32, {2, 3});
    CHECK_THROWS_WITH(execute_ufunc(add_f32, {a.ref(), b.ref()}, out3.ref()),
                      "operands could not be broadcast together with shapes (3,) (4,)");
    CHECK_THROWS_WITH(execute_ufunc(add_f32, {out23.ref(), a.ref()}, out3.ref()),
                      "non-broadcastable output operand with shape (3,) doesn't match the broadcast shape (2,3)");
    CHECK_THROWS_AS(execute_ufunc(add_f32, {a.ref(), a.ref()}, b.ref()), Error);
}

TEST_CASE("parallel executor equals serial", "[runtime][threads]") {
    ThreadPool pool(4);
    SECTION("large contiguous") {
        const int64_t n = (1 << 20) + 123;
        Array a = iota({n}), b = iota({n}, false, 0.5f), s(DType::Float32, {n}), p(DType::Float32, {n});
        execute_ufunc(add_f32, {a.ref(), b.ref()}, s.ref());
        execute_ufunc_parallel(add_f32, {a.ref(), b.ref()}, p.ref(), {}, &pool);
        CHECK(std::memcmp(s.ref().data, p.ref().data, n * 4) == 0);
        check_against_reference(a.ref(), b.ref(), p.ref());
    }
    SECTION("chunks that cut through rows of a non-coalescable layout") {
        Array a = iota({53, 37});
        ArrayRef t = a.ref();  // transposed view (37, 53)
        t.shape = {37, 53};
        t.strides = {4, 148};
        Array row = iota({53}, false, 7), s(DType::Float32, {37, 53}), p(DType::Float32, {37, 53});
        execute_ufunc(add_f32, {t, row.ref()}, s.ref());
        for (int64_t min_chunk : {1, 7, 50, 64, 1000}) {
            std::memset(p.ref().data, 0, 37 * 53 * 4);
            execute_ufunc_parallel(add_f32, {t, row.ref()}, p.ref(), {}, &pool, min_chunk);
            CHECK(std::memcmp(s.ref().data, p.ref().data, 37 * 53 * 4) == 0);
        }
    }
    SECTION("the invoker runs every call, on the pool's threads") {
        const int64_t n = 1 << 18;
        Array a = iota({n}), p(DType::Float32, {n});
        std::atomic<int64_t> elements{0};
        std::mutex mu;
        std::set<std::thread::id> threads;
        LoopInvoker count = [&](LoopFn f, char** ptrs, int64_t len, const int64_t* st) {
            elements += len;
            {
                std::lock_guard<std::mutex> g(mu);
                threads.insert(std::this_thread::get_id());
            }
            f(ptrs, len, st);
        };
        execute_ufunc_parallel(add_f32, {a.ref(), a.ref()}, p.ref(), count, &pool);
        CHECK(elements == n);
        CHECK(threads.size() >= 1);
        check_against_reference(a.ref(), a.ref(), p.ref());
    }
    SECTION("small calls run inline") {
        Array a = iota({1000}), p(DType::Float32, {1000});
        std::set<std::thread::id> threads;
        LoopInvoker who = [&](LoopFn f, char** ptrs, int64_t len, const int64_t* st) {
            threads.insert(std::this_thread::get_id());
            f(ptrs, len, st);
        };
        execute_ufunc_parallel(add_f32, {a.ref(), a.ref()}, p.ref(), who, &pool);
        CHECK(threads == std::set<std::thread::id>{std::this_thread::get_id()});
    }
}

TEST_CASE("parallel executor propagates errors from chunks", "[runtime][threads]") {
    ThreadPool pool(3);
    const int64_t n = 1 << 18;
    Array a = iota({n}), p(DType::Float32, {n});
    const char* poison = static_cast<const char*>(a.ref().data) + 4 * (n / 2 + 17);
    LoopInvoker guard = [&](LoopFn f, char** ptrs, int64_t len, const int64_t* st) {
        if (ptrs[0] <= poison && poison < ptrs[0] + len * st[0]) throw Error(Error::Kind::Runtime, "division by zero");
        f(ptrs, len, st);
    };
    CHECK_THROWS_WITH(execute_ufunc_parallel(add_f32, {a.ref(), a.ref()}, p.ref(), guard, &pool), "division by zero");
    // The pool is still usable afterwards.
    execute_ufunc_parallel(add_f32, {a.ref(), a.ref()}, p.ref(), {}, &pool);
    check_against_reference(a.ref(), a.ref(), p.ref());
}

// NumPy's accumulate calls a loop with out[i-1] as the first input of out[i], its reduce with
// an output of stride 0: recurrences, which the executor must run serially in order
// (issue 24: add.accumulate(np.ones(10**6))[-1] was 124607 with the chunks split).
TEST_CASE("parallel executor runs recurrences in order", "[runtime][threads]") {
    ThreadPool pool(4);
    const int64_t n = 1 << 18;  // 2^18 is exact in float32
    Array out(DType::Float32, {n + 1}), ones(DType::Float32, {n});
    float* o = out.data<float>();
    std::fill(ones.data<float>(), ones.data<float>() + n, 1.0f);
    auto accumulate = [&](int64_t step) {  // out[i+1] = out[i] + 1, walking forwards or backwards
        std::fill(o, o + n + 1, 0.0f);
        char* first = reinterpret_cast<char*>(step > 0 ? o : o + n);
        ArrayRef prev{first, DType::Float32, {n}, {4 * step}};
        ArrayRef next{first + 4 * step, DType::Float32, {n}, {4 * step}};
        execute_ufunc_parallel(add_f32, {prev, ones.ref()}, next, {}, &pool, 64);
    };
    accumulate(1);
    CHECK(o[n] == float(n));
    CHECK(o[n / 2] == float(n / 2));
    accumulate(-1);  // every stride negative: still not flipped, the order is the recurrence's
    CHECK(o[0] == float(n));
    // A reduction: the output is one element (stride 0) that is also the first input.
    float acc = 0;
    ArrayRef sum{&acc, DType::Float32, {n}, {0}};
    execute_ufunc_parallel(add_f32, {sum, ones.ref()}, sum, {}, &pool, 64);
    CHECK(acc == float(n));
    // Element-wise in place (out is the first input, element for element) still splits.
    std::atomic<int> calls{0};
    LoopInvoker count = [&](LoopFn f, char** p, int64_t len, const int64_t* st) {
        ++calls;
        f(p, len, st);
    };
    ArrayRef in_place{o, DType::Float32, {n}, {4}};
    execute_ufunc_parallel(add_f32, {in_place, ones.ref()}, in_place, count, &pool, 64);
    CHECK(calls > 1);
}

TEST_CASE("thread pool: concurrent, nested, exceptions, sizes", "[runtime][threads]") {
    ThreadPool pool(4);
    CHECK(pool.size() == 4);
    std::atomic<int64_t> sum{0};
    pool.parallel_for(1000, [&](int64_t i) { sum += i; });
    CHECK(sum == 999 * 1000 / 2);
    pool.parallel_for(0, [&](int64_t) { FAIL("no chunk expected"); });

    // Several threads calling at once, some nesting another parallel_for.
    std::vector<std::thread> callers;
    std::atomic<int> wrong{0};
    for (int t = 0; t < 4; ++t) {
        callers.emplace_back([&, t] {
            for (int rep = 0; rep < 30; ++rep) {
                std::atomic<int64_t> local{0};
                pool.parallel_for(16, [&](int64_t i) {
                    if (t % 2) {
                        std::atomic<int64_t> inner{0};
                        pool.parallel_for(8, [&](int64_t j) { inner += j; });
                        if (inner != 28) ++wrong;
                    }
                    local += i;
                });
                if (local != 120) ++wrong;
            }
        });
    }
    for (auto& c : callers) c.join();
    CHECK(wrong == 0);

    CHECK_THROWS_WITH(pool.parallel_for(64,
                                        [&](int64_t i) {
                                            if (i == 13) throw std::runtime_error("chunk 13 failed");
                                        }),
                      "chunk 13 failed");

    ThreadPool single(1);
    CHECK(single.size() == 1);
    int64_t plain = 0;  // runs inline, no synchronization needed
    single.parallel_for(10, [&](int64_t i) { plain += i; });
    CHECK(plain == 45);
    CHECK(ThreadPool::global().size() >= 1);
}

TEST_CASE("thread count comes from UJIT_NUM_THREADS", "[runtime]") {
    const char* old = std::getenv("UJIT_NUM_THREADS");
    std::string saved = old ? old : "";
    setenv("UJIT_NUM_THREADS", "3", 1);
    CHECK(default_thread_count() == 3);
    setenv("UJIT_NUM_THREADS", "zero", 1);
    CHECK(default_thread_count() == int(std::max(1u, std::thread::hardware_concurrency())));
    setenv("UJIT_NUM_THREADS", "0", 1);
    CHECK(default_thread_count() >= 1);
    if (old)
        setenv("UJIT_NUM_THREADS", saved.c_str(), 1);
    else
        unsetenv("UJIT_NUM_THREADS");
}

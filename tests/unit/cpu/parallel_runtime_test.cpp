// The runtime of parallel=True (cpu/parallel_runtime.hpp) without the JIT: chunk bodies
// written in C++ the way codegen/lower_prange.cpp emits them (plain frames, raising through
// ujit_rt_raise), so that ThreadSanitizer sees every access (tools/scripts/tsan.sh --runtime).
#include "codegen/abi.hpp"
#include "cpu/helper_errors.hpp"
#include "cpu/parallel_runtime.hpp"
#include "runtime/thread_pool.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <numeric>
#include <set>
#include <string>
#include <vector>

using namespace ujit;
using codegen::RuntimeError;

namespace {

struct SumContext {
    const int64_t* data;
    int64_t* partials;  // one per chunk
    int64_t* thread_of;  // per iteration: the thread that ran it
    int64_t* limit_of;   // per iteration: get_num_threads() there
    int64_t raise_at;    // -1: none
    int raise_how;       // 0 plain code, 1 Raised payload, 2 with values
};

constexpr char kPayload[] = "ValueError\0bad index\0body at t.py:2:3";

void sum_body(void* p, int64_t chunk, int64_t lo, int64_t hi) {
    auto* cx = static_cast<SumContext*>(p);
    int64_t s = 0;
    for (int64_t i = lo; i < hi; ++i) {
        if (i == cx->raise_at) {
            if (cx->raise_how == 0) ujit_rt_raise(int(RuntimeError::ZeroDivision), "body at t.py:1:5");
            if (cx->raise_how == 1) ujit_rt_raise(int(RuntimeError::Raised), kPayload);
            int64_t values[3] = {i, 0, 4};
            ujit_rt_raise_values(int(RuntimeError::IndexOutOfBounds), "body at t.py:3:1", 3, values);
        }
        s += cx->data[i];
        if (cx->thread_of) cx->thread_of[i] = ujit_rt_get_thread_id();
        if (cx->limit_of) cx->limit_of[i] = ujit_rt_get_num_threads();
    }
    cx->partials[chunk] = s;
}

// Runs the region as compiled code does (under the caller's guard); the combined sum, or the
// error it raised in `err`.
int64_t run_sum(const std::vector<int64_t>& data, SumContext cx, cpu::RuntimeErrorInfo& err, bool& ok) {
    int64_t n = static_cast<int64_t>(data.size());
    int64_t chunks = ujit_rt_parallel_chunks(n);
    std::vector<int64_t> partials(static_cast<size_t>(std::max<int64_t>(chunks, 1)), 0);
    cx.data = data.data();
    cx.partials = partials.data();
    SumContext* p = &cx;
    ok = cpu::guarded_call([&] { ujit_rt_parallel_for(sum_body, p, n, chunks); }, err);
    return std::accumulate(partials.begin(), partials.end(), int64_t(0));
}

}  // namespace

TEST_CASE("parallel runtime: chunks cover the iterations once, partials combine", "[cpu][prange][threads]") {
    std::vector<int64_t> data(100003);
    std::iota(data.begin(), data.end(), 1);
    for (int64_t n : {int64_t(0), int64_t(1), int64_t(7), int64_t(100003)}) {
        std::vector<int64_t> part(data.begin(), data.begin() + n);
        cpu::RuntimeErrorInfo err;
        bool ok = false;
        CHECK(run_sum(part, {nullptr, nullptr, nullptr, nullptr, -1, 0}, err, ok) == n * (n + 1) / 2);
        CHECK(ok);
    }
    CHECK(ujit_rt_parallel_chunks(0) == 0);
    CHECK(ujit_rt_parallel_chunks(1) == 1);
    CHECK(ujit_rt_parallel_chunks(1000) == std::min(1000, cpu::num_threads()));
    // Balanced: several chunks per thread, one when the count is 1, never more than n.
    const int64_t threads = cpu::num_threads();
    CHECK(ujit_rt_parallel_chunks_balanced(0) == 0);
    CHECK(ujit_rt_parallel_chunks_balanced(3) == std::min<int64_t>(3, threads == 1 ? 1 : 3));
    CHECK(ujit_rt_parallel_chunks_balanced(100000) == (threads == 1 ? 1 : threads * cpu::kChunksPerThread));
    int before = cpu::num_threads();
    cpu::set_num_threads(1);
    CHECK(ujit_rt_parallel_chunks_balanced(100000) == 1);
    cpu::set_num_threads(before);
}

TEST_CASE("parallel runtime: a raise in a chunk reaches the launching thread", "[cpu][prange][threads]") {
    std::vector<int64_t> data(50000, 1);
    for (int how : {0, 1, 2}) {
        for (int64_t at : {int64_t(0), int64_t(24999), int64_t(49999)}) {
            cpu::RuntimeErrorInfo err;
            bool ok = true;
            run_sum(data, {nullptr, nullptr, nullptr, nullptr, at, how}, err, ok);
            REQUIRE_FALSE(ok);
            if (how == 0) {
                CHECK(err.code == int(RuntimeError::ZeroDivision));
                CHECK(err.str() == "ZeroDivisionError: division by zero (in body at t.py:1:5)");
            } else if (how == 1) {
                CHECK(err.exception() == std::pair<std::string, std::string>{"ValueError", "bad index"});
            } else {
                CHECK(err.str() == "IndexError: index " + std::to_string(at) +
                                       " is out of bounds for axis 0 with size 4 (in body at t.py:3:1)");
            }
        }
    }
    // The pool is still usable.
    cpu::RuntimeErrorInfo err;
    bool ok = false;
    CHECK(run_sum(data, {nullptr, nullptr, nullptr, nullptr, -1, 0}, err, ok) == 50000);
    CHECK(ok);
}

TEST_CASE("parallel runtime: thread ids and counts, set_num_threads", "[cpu][prange][threads]") {
    const int all = cpu::max_threads();
    std::vector<int64_t> data(4096, 1), thread_of(4096, -1), limit_of(4096, -1);
    for (int k : {1, all}) {
        cpu::set_num_threads(k);
        CHECK(cpu::num_threads() == k);
        cpu::RuntimeErrorInfo err;
        bool ok = false;
        CHECK(run_sum(data, {nullptr, nullptr, thread_of.data(), limit_of.data(), -1, 0}, err, ok) == 4096);
        for (size_t i = 0; i < data.size(); ++i) {
            REQUIRE(thread_of[i] >= 0);
            REQUIRE(thread_of[i] < k);         // only the first k threads take part
            REQUIRE(limit_of[i] == k);         // and run with the launcher's count
        }
        if (k == 1) CHECK(std::set<int64_t>(thread_of.begin(), thread_of.end()) == std::set<int64_t>{0});
    }
    CHECK_THROWS_WITH(cpu::set_num_threads(0), "The number of threads must be between 1 and " + std::to_string(all));
    CHECK_THROWS_WITH(cpu::set_num_threads(all + 1),
                      "The number of threads must be between 1 and " + std::to_string(all));
    CHECK(cpu::num_threads() == all);
    CHECK(cpu::thread_id() == 0);
}

TEST_CASE("parallel runtime: set_num_threads from compiled code raises Numba's ValueError", "[cpu][prange]") {
    const int all = cpu::max_threads();
    cpu::RuntimeErrorInfo err;
    CHECK_FALSE(cpu::guarded_call([&] { ujit_rt_set_num_threads(all + 1, "f at t.py:4:5"); }, err));
    CHECK(err.exception() == std::pair<std::string, std::string>{
                                 "ValueError", "The number of threads must be between 1 and " + std::to_string(all)});
    CHECK(err.str() == "ValueError: The number of threads must be between 1 and " + std::to_string(all) +
                           " (raised in f at t.py:4:5)");
    CHECK(cpu::guarded_call([&] { ujit_rt_set_num_threads(1, "f at t.py:4:5"); }, err));
    CHECK(cpu::num_threads() == 1);
    cpu::set_num_threads(all);
}

TEST_CASE("parallel runtime: the pool's limited jobs leave other workers out", "[runtime][prange][threads]") {
    runtime::ThreadPool pool(4);
    std::mutex mu;
    std::set<int> seen;
    for (int limit : {1, 2, 4}) {
        seen.clear();
        pool.parallel_for(
            64,
            [&](int64_t) {
                std::lock_guard<std::mutex> g(mu);
                seen.insert(runtime::thread_index());
            },
            limit);
        for (int t : seen) CHECK(t < limit);
    }
}

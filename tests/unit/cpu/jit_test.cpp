#include "cpu_test_support.hpp"

#include <catch2/catch.hpp>

#include "cpu/helper_random.hpp"

#include <dlfcn.h>

#include <atomic>
#include <cmath>
#include <thread>
#include <vector>

using namespace ujit::cpu;
using namespace ujit::cpu::test;

namespace {

// int64 answer() { return value; }
Jit::Handle answer_module(int64_t value) {
    TestModule t;
    t.define("answer", llvm::FunctionType::get(t.i64(), false),
             [&](llvm::IRBuilder<>& b, llvm::Function&) { b.CreateRet(b.getInt64(value)); });
    return t.jit();
}

}  // namespace

TEST_CASE("jit: two modules may define the same symbol", "[cpu]") {
    Jit::Handle one = answer_module(1);
    Jit::Handle two = answer_module(2);
    REQUIRE(one.dylib != two.dylib);
    CHECK(lookup_fn<int64_t (*)()>(one, "answer")() == 1);
    CHECK(lookup_fn<int64_t (*)()>(two, "answer")() == 2);
}

TEST_CASE("jit: looking up a missing symbol throws", "[cpu]") {
    Jit::Handle h = answer_module(3);
    CHECK_THROWS_WITH(Jit::instance().lookup(h, "no_such_function"), Catch::Contains("no_such_function"));
}

TEST_CASE("jit: an unresolvable external is an error, not a crash", "[cpu]") {
    TestModule t;
    llvm::FunctionCallee missing =
        t.module->getOrInsertFunction("ujit_definitely_not_a_symbol", llvm::FunctionType::get(t.f64(), false));
    t.define("calls_missing", llvm::FunctionType::get(t.f64(), false),
             [&](llvm::IRBuilder<>& b, llvm::Function&) { b.CreateRet(b.CreateCall(missing)); });
    CHECK_THROWS_WITH(t.jit(), Catch::Contains("'ujit_definitely_not_a_symbol'"));
    // The JIT still works afterwards.
    CHECK(lookup_fn<int64_t (*)()>(answer_module(4), "answer")() == 4);
}

TEST_CASE("jit: libm functions resolve from the process", "[cpu]") {
    TestModule t;
    // double f(double x) { return erf(x) + tgamma(x) + hypot(x, 2) } through the target's math hook
    t.define("f", llvm::FunctionType::get(t.f64(), {t.f64()}, false), [&](llvm::IRBuilder<>& b, llvm::Function& f) {
        llvm::Value* x = f.getArg(0);
        auto* f64 = ujit::types::float64();
        llvm::Value* e = t.target->emit_math(b, ujit::types::BuiltinId::MathErf, {x}, f64);
        llvm::Value* g = t.target->emit_math(b, ujit::types::BuiltinId::MathGamma, {x}, f64);
        llvm::Value* h =
            t.target->emit_math(b, ujit::types::BuiltinId::MathHypot, {x, llvm::ConstantFP::get(t.f64(), 2.0)}, f64);
        b.CreateRet(b.CreateFAdd(b.CreateFAdd(e, g), h));
    });
    std::string ir = t.ir();
    CHECK(ir.find("@erf(") != std::string::npos);
    CHECK(ir.find("@tgamma(") != std::string::npos);
    auto f = lookup_fn<double (*)(double)>(t.jit(), "f");
    CHECK(f(1.5) == std::erf(1.5) + std::tgamma(1.5) + std::hypot(1.5, 2.0));
}

TEST_CASE("jit: modules compile and run from several threads at once", "[cpu][threads]") {
    std::atomic<int> wrong{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([t, &wrong] {
            for (int i = 0; i < 5; ++i) {
                int64_t v = t * 100 + i;
                if (lookup_fn<int64_t (*)()>(answer_module(v), "answer")() != v) ++wrong;
            }
        });
    for (auto& th : threads) th.join();
    CHECK(wrong == 0);
}

TEST_CASE("jit: runtime functions resolve by address, not through dlsym", "[cpu]") {
    // Inside libujit (and this test binary) ujit_rt_* are not dynamic symbols, so the
    // process symbol search cannot see them; the JIT must still link calls to them.
    CHECK(dlsym(RTLD_DEFAULT, "ujit_rt_random_seed") == nullptr);
    TestModule t;
    auto* seed_type = llvm::FunctionType::get(t.void_(), {t.i64()}, false);
    llvm::FunctionCallee seed = t.module->getOrInsertFunction("ujit_rt_random_seed", seed_type);
    t.define("reseed", llvm::FunctionType::get(t.void_(), false), [&](llvm::IRBuilder<>& b, llvm::Function&) {
        b.CreateCall(seed, {b.getInt64(42)});
        b.CreateRetVoid();
    });
    lookup_fn<void (*)()>(t.jit(), "reseed")();
    CHECK(ujit_rt_random() == 0.3745401188473625);
}

TEST_CASE("jit: helper calls LLVM's code generator introduces resolve (powi, frem, i128 division)", "[cpu]") {
    TestModule t;
    // double f(double x, int64 n, double y) { return powi(x, n) + frem(x, y) + (double)((i128)n * 2^70 / 3 >> 64) }
    t.define("helpers", llvm::FunctionType::get(t.f64(), {t.f64(), t.i64(), t.f64()}, false),
             [&](llvm::IRBuilder<>& b, llvm::Function& f) {
                 llvm::Value* x = f.getArg(0);
                 llvm::Value* n32 = b.CreateTrunc(f.getArg(1), b.getInt32Ty());
                 llvm::Value* p = b.CreateIntrinsic(llvm::Intrinsic::powi, {t.f64(), b.getInt32Ty()}, {x, n32});
                 llvm::Value* r = b.CreateFRem(x, f.getArg(2));
                 llvm::Type* i128 = b.getInt128Ty();
                 llvm::Value* big = b.CreateShl(b.CreateSExt(f.getArg(1), i128), 70);
                 llvm::Value* q = b.CreateSDiv(big, b.CreateSExt(f.getArg(1), i128));  // 2^70, not constant-folded
                 llvm::Value* hi = b.CreateTrunc(b.CreateLShr(q, 64), t.i64());
                 b.CreateRet(b.CreateFAdd(b.CreateFAdd(p, r), b.CreateSIToFP(hi, t.f64())));
             });
    auto fn = lookup_fn<double (*)(double, int64_t, double)>(t.jit(0), "helpers");
    CHECK(fn(1.5, 3, 1.0) == 1.5 * 1.5 * 1.5 + 0.5 + 64.0);
}

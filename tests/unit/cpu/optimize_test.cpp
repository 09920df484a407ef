#include "cpu_test_support.hpp"

#include "cpu/helper_vexp.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <regex>
#include <vector>

using namespace ujit::cpu;
using namespace ujit::cpu::test;

namespace {

// void scale(float* y, const float* x, int64 n) { for i < n: y[i] = x[i] * 2 + y[i] }
// `op` may replace the body's value (e.g. with a math call).
void define_loop(TestModule& t, const std::string& name, llvm::Type* elem,
                 const std::function<llvm::Value*(llvm::IRBuilder<>&, llvm::Value* x, llvm::Value* y)>& op) {
    t.define(name, llvm::FunctionType::get(t.void_(), {t.ptr(), t.ptr(), t.i64()}, false),
             [&](llvm::IRBuilder<>& b, llvm::Function& f) {
                 llvm::Value* y = f.getArg(0);
                 llvm::Value* x = f.getArg(1);
                 llvm::Value* n = f.getArg(2);
                 llvm::BasicBlock* entry = b.GetInsertBlock();
                 auto* loop = llvm::BasicBlock::Create(*t.ctx, "loop", &f);
                 auto* done = llvm::BasicBlock::Create(*t.ctx, "done", &f);
                 b.CreateCondBr(b.CreateICmpSGT(n, b.getInt64(0)), loop, done);
                 b.SetInsertPoint(loop);
                 llvm::PHINode* i = b.CreatePHI(t.i64(), 2);
                 i->addIncoming(b.getInt64(0), entry);
                 llvm::Value* px = b.CreateGEP(elem, x, i);
                 llvm::Value* py = b.CreateGEP(elem, y, i);
                 llvm::Value* v = op(b, b.CreateLoad(elem, px), b.CreateLoad(elem, py));
                 b.CreateStore(v, py);
                 llvm::Value* next = b.CreateAdd(i, b.getInt64(1), "", true, true);
                 i->addIncoming(next, loop);
                 b.CreateCondBr(b.CreateICmpSLT(next, n), loop, done);
                 b.SetInsertPoint(done);
                 b.CreateRetVoid();
             });
    // noalias so the vectorizer needs no runtime overlap checks
    llvm::Function* f = t.module->getFunction(name);
    f->addParamAttr(0, llvm::Attribute::NoAlias);
    f->addParamAttr(1, llvm::Attribute::NoAlias);
}

auto axpy = [](llvm::IRBuilder<>& b, llvm::Value* x, llvm::Value* y) {
    return b.CreateFAdd(b.CreateFMul(x, llvm::ConstantFP::get(x->getType(), 2.0)), y);
};

const std::regex float_vector(R"(<(4|8|16) x float>)");

}  // namespace

TEST_CASE("optimize: O3 vectorizes a simple float32 loop for the host", "[cpu]") {
    TestModule t;
    define_loop(t, "axpy", t.f32(), axpy);
    optimize_module(*t.module, Jit::instance().target_machine(), 3);
    std::string ir = t.ir();
    CHECK(std::regex_search(ir, float_vector));

    auto fn = lookup_fn<void (*)(float*, const float*, int64_t)>(t.jit(-1), "axpy");
    std::vector<float> x(37), y(37);
    for (int i = 0; i < 37; ++i) x[i] = float(i), y[i] = 1.0f;
    fn(y.data(), x.data(), 37);
    for (int i = 0; i < 37; ++i) CHECK(y[i] == 2.0f * float(i) + 1.0f);
}

TEST_CASE("optimize: O0 leaves the loop scalar", "[cpu]") {
    TestModule t;
    define_loop(t, "axpy", t.f32(), axpy);
    optimize_module(*t.module, Jit::instance().target_machine(), 0);
    CHECK_FALSE(std::regex_search(t.ir(), float_vector));
}

TEST_CASE("optimize: erf in a loop uses libmvec's vector variant and stays correct", "[cpu]") {
    if (!libmvec_available()) {
        WARN("libmvec.so.1 not loadable; skipping");
        return;
    }
    TestModule t;
    define_loop(t, "erfs", t.f64(), [&](llvm::IRBuilder<>& b, llvm::Value* x, llvm::Value*) {
        return t.target->emit_math(b, ujit::types::BuiltinId::MathErf, {x}, ujit::types::float64());
    });
    optimize_module(*t.module, Jit::instance().target_machine(), 3);
    CHECK(t.ir().find("_ZGVdN4v_erf") != std::string::npos);
    auto fn = lookup_fn<void (*)(double*, const double*, int64_t)>(t.jit(-1), "erfs");
    std::vector<double> x(64), y(64);
    for (int i = 0; i < 64; ++i) x[i] = 0.1 * i - 3.0;
    fn(y.data(), x.data(), 64);
    for (int i = 0; i < 64; ++i) CHECK(y[i] == Approx(std::erf(x[i])).epsilon(1e-15));
}

TEST_CASE("optimize: float64 sin stays scalar (libmvec's is 3 ulp from glibc's scalar sin)", "[cpu]") {
    TestModule t;
    define_loop(t, "sines", t.f64(), [&](llvm::IRBuilder<>& b, llvm::Value* x, llvm::Value*) {
        return t.target->emit_math(b, ujit::types::BuiltinId::MathSin, {x}, ujit::types::float64());
    });
    optimize_module(*t.module, Jit::instance().target_machine(), 3);
    CHECK(t.ir().find("_ZGV") == std::string::npos);
}

TEST_CASE("optimize: emit_assembly prints x86-64 code with the function's label", "[cpu]") {
    TestModule t;
    define_loop(t, "axpy_asm", t.f32(), axpy);
    optimize_module(*t.module, Jit::instance().target_machine(), 3);
    std::string s = emit_assembly(*t.module, Jit::instance().target_machine());
    CHECK(s.find("axpy_asm:") != std::string::npos);
    CHECK(std::regex_search(s, std::regex(R"(\b(ret|retq)\b)")));
    CHECK(std::regex_search(s, std::regex(R"(%[xyz]mm\d+)")));
    // The module is not consumed: it can still be JIT-compiled.
    CHECK(t.module->getFunction("axpy_asm") != nullptr);
}

TEST_CASE("optimize: fastmath puts fast-math flags on floating-point operations", "[cpu]") {
    for (bool fast : {false, true}) {
        TestModule t;
        define_loop(t, "axpy_fast", t.f64(), axpy);
        optimize_module(*t.module, Jit::instance().target_machine(), 3, fast);
        CHECK((t.ir().find("fmul fast") != std::string::npos) == fast);
    }
}

TEST_CASE("optimize: float64 exp in a loop calls ujit's vector exp and stays correct", "[cpu]") {
    if (!host_has_avx2_fma()) {
        WARN("no AVX2/FMA on this host; exp stays scalar");
        return;
    }
    TestModule t;
    define_loop(t, "exps", t.f64(), [&](llvm::IRBuilder<>& b, llvm::Value* x, llvm::Value*) {
        return t.target->emit_math(b, ujit::types::BuiltinId::MathExp, {x}, ujit::types::float64());
    });
    optimize_module(*t.module, Jit::instance().target_machine(), 3);
    CHECK(t.ir().find("@ujit_rt_exp_d4") != std::string::npos);
    auto fn = lookup_fn<void (*)(double*, const double*, int64_t)>(t.jit(-1), "exps");
    std::vector<double> x = {-746, -745.1, -708.5, -1e-300, 0, 1e-300, 0.5, 1, 88.7, 709.7, 709.79, 710, 1e308};
    x.push_back(std::numeric_limits<double>::infinity());
    x.push_back(-std::numeric_limits<double>::infinity());
    x.push_back(std::numeric_limits<double>::quiet_NaN());
    const std::vector<double> edges = x;
    for (int copy = 0; copy < 3; ++copy) x.insert(x.end(), edges.begin(), edges.end());  // 64: the vector loop runs
    std::vector<double> y(x.size());
    fn(y.data(), x.data(), int64_t(x.size()));
    for (size_t i = 0; i < x.size(); ++i) {
        INFO("exp(" << x[i] << ")");
        if (std::isnan(x[i]))
            CHECK(std::isnan(y[i]));
        else
            CHECK(y[i] == Approx(std::exp(x[i])).epsilon(1e-15).margin(1e-320));
    }
}

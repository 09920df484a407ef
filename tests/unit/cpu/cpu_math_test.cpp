#include "cpu_test_support.hpp"

#include "cpu/cpu_math.hpp"
#include "types/builtins.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <llvm/IR/Instructions.h>

#include <cmath>

using namespace ujit::cpu;
using namespace ujit::cpu::test;
using ujit::types::BuiltinId;

namespace {

struct MathCase {
    BuiltinId id;
    double x, y;                       // y used by binary functions
    double (*f64)(double, double);     // reference (C library, double)
    float (*f32)(float, float);        // reference (C library, float)
    bool binary;
};

#define UNARY(ID, FN, X)                                                                                               \
    MathCase {                                                                                                         \
        BuiltinId::ID, X, 0, [](double a, double) { return FN(a); }, [](float a, float) { return FN(a); }, false       \
    }
#define BINARY(ID, FN, X, Y)                                                                                           \
    MathCase {                                                                                                         \
        BuiltinId::ID, X, Y, [](double a, double b) { return FN(a, b); }, [](float a, float b) { return FN(a, b); },   \
            true                                                                                                       \
    }

const MathCase cases[] = {
    UNARY(MathAcos, std::acos, 0.3),
    UNARY(MathAcosh, std::acosh, 2.5),
    UNARY(MathAsin, std::asin, 0.3),
    UNARY(MathAsinh, std::asinh, 1.7),
    UNARY(MathAtan, std::atan, 0.8),
    UNARY(MathAtanh, std::atanh, 0.4),
    UNARY(MathCeil, std::ceil, -2.5),
    UNARY(MathCos, std::cos, 1.2),
    UNARY(MathCosh, std::cosh, 1.2),
    UNARY(MathErf, std::erf, 0.7),
    UNARY(MathErfc, std::erfc, 0.7),
    UNARY(MathExp, std::exp, 1.3),
    UNARY(MathExpm1, std::expm1, 1e-3),
    UNARY(MathFabs, std::fabs, -3.5),
    UNARY(MathFloor, std::floor, -2.5),
    UNARY(MathGamma, std::tgamma, 4.5),
    UNARY(MathLgamma, std::lgamma, 7.5),
    UNARY(MathLog, std::log, 3.3),
    UNARY(MathLog10, std::log10, 3.3),
    UNARY(MathLog1p, std::log1p, 1e-4),
    UNARY(MathLog2, std::log2, 3.3),
    UNARY(MathSin, std::sin, 1.2),
    UNARY(MathSinh, std::sinh, 1.2),
    UNARY(MathSqrt, std::sqrt, 2.0),
    UNARY(MathTan, std::tan, 1.2),
    UNARY(MathTanh, std::tanh, 0.6),
    UNARY(MathTrunc, std::trunc, -2.7),
    UNARY(NpFloor, std::floor, 2.5),
    UNARY(NpCeil, std::ceil, 2.5),
    UNARY(NpTrunc, std::trunc, 2.5),
    UNARY(NpRint, std::rint, 2.5),
    UNARY(NpExp2, std::exp2, 3.5),
    UNARY(NpAbs, std::fabs, -1.5),
    BINARY(MathAtan2, std::atan2, 1.0, -2.0),
    BINARY(MathCopysign, std::copysign, 3.0, -0.0),
    BINARY(MathFmod, std::fmod, -7.5, 2.0),
    BINARY(MathHypot, std::hypot, 3.0, 4.0),
    BINARY(MathPow, std::pow, 2.5, 1.5),
    BINARY(NpPower, std::pow, 1.5, 3.0),
};

}  // namespace

TEST_CASE("math: every float function matches the C library in float64 and float32", "[cpu]") {
    for (const MathCase& c : cases) {
        INFO(ujit::types::builtin_name(c.id));
        TestModule t;
        for (bool single : {false, true}) {
            llvm::Type* ty = single ? t.f32() : t.f64();
            const ujit::types::Type* uty = single ? ujit::types::float32() : ujit::types::float64();
            t.define(single ? "f32" : "f64", llvm::FunctionType::get(ty, {ty, ty}, false),
                     [&](llvm::IRBuilder<>& b, llvm::Function& f) {
                         std::vector<llvm::Value*> args{f.getArg(0)};
                         if (c.binary) args.push_back(f.getArg(1));
                         llvm::Value* v = t.target->emit_math(b, c.id, args, uty);
                         REQUIRE(v != nullptr);
                         REQUIRE(v->getType() == ty);  // float32 stays float32
                         b.CreateRet(v);
                     });
        }
        std::string ir = t.ir();
        CHECK(ir.find("fpext") == std::string::npos);
        Jit::Handle h = t.jit(0);
        auto f64 = lookup_fn<double (*)(double, double)>(h, "f64");
        auto f32 = lookup_fn<float (*)(float, float)>(h, "f32");
        CHECK(f64(c.x, c.y) == c.f64(c.x, c.y));
        CHECK(f32(float(c.x), float(c.y)) == c.f32(float(c.x), float(c.y)));
    }
}

TEST_CASE("math: float32 libm calls use the f-suffixed functions", "[cpu]") {
    TestModule t;
    t.define("g", llvm::FunctionType::get(t.f32(), {t.f32()}, false), [&](llvm::IRBuilder<>& b, llvm::Function& f) {
        b.CreateRet(t.target->emit_math(b, BuiltinId::MathErf, {f.getArg(0)}, ujit::types::float32()));
    });
    CHECK(t.ir().find("@erff(float") != std::string::npos);
}

TEST_CASE("math: degrees, radians, ldexp, log with a base, sign, square", "[cpu]") {
    TestModule t;
    auto* f64t = ujit::types::float64();
    auto unary = [&](const char* name, BuiltinId id) {
        t.define(name, llvm::FunctionType::get(t.f64(), {t.f64()}, false),
                 [&](llvm::IRBuilder<>& b, llvm::Function& f) {
                     b.CreateRet(t.target->emit_math(b, id, {f.getArg(0)}, f64t));
                 });
    };
    unary("deg", BuiltinId::MathDegrees);
    unary("rad", BuiltinId::MathRadians);
    unary("sign", BuiltinId::NpSign);
    unary("square", BuiltinId::NpSquare);
    t.define("ldexp_test", llvm::FunctionType::get(t.f64(), {t.f64(), t.i64()}, false),
             [&](llvm::IRBuilder<>& b, llvm::Function& f) {
                 b.CreateRet(t.target->emit_math(b, BuiltinId::MathLdexp, {f.getArg(0), f.getArg(1)}, f64t));
             });
    t.define("log_base", llvm::FunctionType::get(t.f64(), {t.f64(), t.f64()}, false),
             [&](llvm::IRBuilder<>& b, llvm::Function& f) {
                 b.CreateRet(t.target->emit_math(b, BuiltinId::MathLog, {f.getArg(0), f.getArg(1)}, f64t));
             });
    Jit::Handle h = t.jit(0);
    CHECK(lookup_fn<double (*)(double)>(h, "deg")(M_PI) == Approx(180.0).epsilon(1e-15));
    CHECK(lookup_fn<double (*)(double)>(h, "rad")(180.0) == Approx(M_PI).epsilon(1e-15));
    auto sign = lookup_fn<double (*)(double)>(h, "sign");
    CHECK(sign(-3.0) == -1.0);
    CHECK(sign(2.0) == 1.0);
    CHECK(sign(0.0) == 0.0);
    CHECK(std::isnan(sign(NAN)));
    CHECK(lookup_fn<double (*)(double)>(h, "square")(-1.5) == 2.25);
    auto ldexp = lookup_fn<double (*)(double, int64_t)>(h, "ldexp_test");
    CHECK(ldexp(1.5, 4) == 24.0);
    CHECK(ldexp(1.0, int64_t(1) << 40) == INFINITY);
    CHECK(ldexp(1.0, -(int64_t(1) << 40)) == 0.0);
    CHECK(lookup_fn<double (*)(double, double)>(h, "log_base")(8.0, 2.0) == Approx(3.0).epsilon(1e-15));
}

TEST_CASE("math: ids without a float lowering give null", "[cpu]") {
    TestModule t;
    t.define("h", llvm::FunctionType::get(t.f64(), {t.f64()}, false), [&](llvm::IRBuilder<>& b, llvm::Function& f) {
        CHECK(t.target->emit_math(b, BuiltinId::MathIsnan, {f.getArg(0)}, ujit::types::float64()) == nullptr);
        CHECK(t.target->emit_math(b, BuiltinId::CudaSyncthreads, {f.getArg(0)}, ujit::types::float64()) == nullptr);
        CHECK(t.target->emit_math(b, BuiltinId::MathSqrt, {f.getArg(0)}, ujit::types::int64()) == nullptr);
        CHECK(t.target->emit_cuda_builtin(b, BuiltinId::CudaSyncthreads, {}, {}, nullptr) == nullptr);
        b.CreateRet(f.getArg(0));
    });
}

// Every library row of builtins.def that the CPU may use lowers to the name the table gives:
// llvm.<Intrinsic> when it has one, else CName (CName`f` for float32).
TEST_CASE("math: the CPU calls what builtins.def names", "[cpu][builtins]") {
    using ujit::types::builtin_info;
    TestModule t;
    int checked = 0;
    for (size_t i = 0; i < static_cast<size_t>(BuiltinId::Count_); ++i) {
        auto id = static_cast<BuiltinId>(i);
        const ujit::types::BuiltinInfo& info = builtin_info(id);
        if (info.lowering != ujit::types::MathLowering::Lib || !info.on_cpu() || id == BuiltinId::MathLdexp) continue;
        for (bool f32 : {false, true}) {
            INFO(info.spelling << (f32 ? " float32" : " float64"));
            llvm::Type* ft = f32 ? t.f32() : t.f64();
            std::vector<llvm::Type*> params(info.min_args, ft);
            std::string name = fmt::format("f{}_{}", i, f32 ? 32 : 64);
            t.define(name, llvm::FunctionType::get(ft, params, false), [&](llvm::IRBuilder<>& b, llvm::Function& f) {
                std::vector<llvm::Value*> args;
                for (auto& a : f.args()) args.push_back(&a);
                llvm::Value* v =
                    t.target->emit_math(b, id, args, f32 ? ujit::types::float32() : ujit::types::float64());
                auto* call = llvm::dyn_cast_or_null<llvm::CallInst>(v);
                REQUIRE(call);
                std::string want = info.intrinsic ? std::string("llvm.") + info.intrinsic + (f32 ? ".f32" : ".f64")
                                                  : std::string(info.c_name) + (f32 ? "f" : "");
                CHECK(call->getCalledFunction()->getName().str() == want);
                b.CreateRet(v);
            });
            ++checked;
        }
    }
    CHECK(checked > 60);
    t.verify();
}

// Inference of the course examples in lang/examples, with Numba's types.
#include "types_test_util.hpp"

using namespace ujit::types;
using namespace ujit::types::test;
using ujit::syntax::cast;
using ujit::syntax::dyn_cast;

TEST_CASE("hypot: float64 arguments give float64 everywhere", "[types]") {
    Typed t = load(read_example("hypot.py"));
    CHECK(t.decorator("hypot").kind == Decorator::Kind::Jit);
    const TypedFunction& f = t.specialize("hypot", {float64(), float64()});
    CHECK(f.return_type == float64());
    CHECK(var(f, "t") == float64());
    CHECK(var(f, "x") == float64());
    CHECK(f.symbol == "hypot$f8f8");
    // int64 arguments: abs/min/max keep int64, t / x is float64: a second variable `t.1`, as
    // Numba's SSA versions type it (the first `t` stays int64).
    const TypedFunction& g = t.specialize("hypot", {int64(), int64()});
    CHECK(var(g, "x") == int64());
    CHECK(var(g, "t") == int64());
    CHECK(var(g, "t.1") == float64());
    CHECK(g.return_type == float64());
    CHECK(g.symbol != f.symbol);
}

TEST_CASE("hypot: float32 arguments stay float32 except through int literal", "[types]") {
    Typed t = load(read_example("hypot.py"));
    const TypedFunction& f = t.specialize("hypot", {float32(), float32()});
    CHECK(var(f, "t") == float32());
    // 1 + t * t: int64 + float32 is float64 (Numba's float64 trap), so the result is float64.
    CHECK(f.return_type == float64());
}

TEST_CASE("monte_carlo_pi: acc stays int64, random.random is float64", "[types]") {
    Typed t = load(read_example("monte_carlo_pi.py"));
    const TypedFunction& f = t.specialize("monte_carlo_pi", {int64()});
    CHECK(var(f, "acc") == int64());
    CHECK(var(f, "i") == int64());
    CHECK(var(f, "x") == float64());
    CHECK(f.return_type == float64());
}

TEST_CASE("gaussian_pdf: float32 constant, float64 exponent, float32 declared result", "[types]") {
    Typed t = load(read_example("gaussian_pdf.py"));
    const ConstValue* c = t.typer->global_constant("SQRT_2PI");
    REQUIRE(c != nullptr);
    CHECK(c->type == float32());
    CHECK(c->f == static_cast<double>(static_cast<float>(std::sqrt(2 * M_PI))));
    const Decorator& d = t.decorator("gaussian_pdf");
    CHECK(d.kind == Decorator::Kind::Vectorize);
    REQUIRE(d.signatures.size() == 1);
    CHECK(d.signatures[0].str() == "float32(float32, float32, float32)");
    const TypedFunction& f = t.specialize("gaussian_pdf", d.signatures[0].args, TargetKind::CPU, float32());
    CHECK(f.return_type == float32());
    // The body: exp(float64) / float32 → float64, converted to the declared float32 on return.
    auto* ret = cast<ujit::syntax::Return>(f.def->body[0]);
    CHECK(f.type_of(ret->value) == float64());
}

TEST_CASE("polar_distance: tuple-returning callee specialized per argument types", "[types]") {
    Typed t = load(read_example("polar_distance.py"));
    const TypedFunction& f = t.specialize("polar_distance", {float32(), float32(), float32(), float32()});
    CHECK(var(f, "x1") == float32());
    CHECK(f.callees.size() == 2);
    for (auto& [id, callee] : f.callees) {
        CHECK(callee->return_type == tuple({float32(), float32()}));
        CHECK(callee->role == FunctionRole::Scalar);
    }
    // (x1 - x2) ** 2 is float32 ** int64 → float32; ** 0.5 is float32 ** float64 → float64.
    CHECK(f.return_type == float64());
}

TEST_CASE("polar_distance_cuda: device function called from a CUDA ufunc", "[types]") {
    Typed t = load(read_example("polar_distance_cuda.py"));
    CHECK(t.decorator("polar_to_cartesian").device);
    const TypedFunction& f =
        t.specialize("polar_distance", {float32(), float32(), float32(), float32()}, TargetKind::CUDA, float32());
    REQUIRE(f.callees.size() == 2);
    CHECK(f.callees.begin()->second->role == FunctionRole::Device);
    CHECK(f.callees.begin()->second->target == TargetKind::CUDA);
}

TEST_CASE("zero_suppress: result unifies int64 literal and int16 to int64, returned as int16", "[types]") {
    Typed t = load(read_example("zero_suppress.py"));
    const Type* i16 = integer(16, true);
    const TypedFunction& f = t.specialize("zero_suppress", {i16, i16}, TargetKind::CPU, i16);
    CHECK(var(f, "result") == int64());
    CHECK(f.return_type == i16);
}

TEST_CASE("add_kernel: grid-stride loop over int64", "[types]") {
    Typed t = load(read_example("add_kernel.py"));
    const Type* a = array(float32(), 1, Layout::C);
    const TypedFunction& f = t.specialize("add_kernel", {a, a, a}, TargetKind::CUDA);
    CHECK(f.role == FunctionRole::Kernel);
    CHECK(f.return_type == none());
    CHECK(var(f, "start") == int64());
    CHECK(var(f, "stride") == int64());
    CHECK(var(f, "i") == int64());
}

TEST_CASE("tile_transpose: shared array shape folded from module constants", "[types]") {
    for (const char* file : {"tile_transpose.py", "tile_transpose_padded.py"}) {
        Typed t = load(read_example(file));
        std::string name = std::string(file).substr(0, std::string(file).size() - 3);
        const Type* a = array(float32(), 2, Layout::C);
        const TypedFunction& f = t.specialize(name, {a, a}, TargetKind::CUDA);
        CHECK(var(f, "tile") == array(float32(), 2, Layout::C));
        // x = blockIdx.x (int32) * TILE_DIM (int64) + threadIdx.x (int32) → int64
        CHECK(var(f, "x") == int64());
        auto* assign = cast<ujit::syntax::Assign>(f.def->body[0]);
        auto* call = cast<ujit::syntax::Call>(assign->value);
        const ConstValue* shape = f.constant(call);
        REQUIRE(shape != nullptr);
        REQUIRE(shape->elems.size() == 2);
        CHECK(shape->elems[0].i == 32);
        CHECK(shape->elems[1].i == (name == "tile_transpose" ? 32 : 33));
    }
}

TEST_CASE("histogram: atomics, np.int32 conversion, short-circuit condition", "[types]") {
    Typed t = load(read_example("histogram.py"));
    const TypedFunction& f = t.specialize(
        "cuda_histogram", {array(float32(), 1, Layout::C), float32(), float32(), array(int32(), 1, Layout::C)},
        TargetKind::CUDA);
    CHECK(var(f, "bin_number") == int32());
    CHECK(var(f, "nbins") == int64());
    CHECK(var(f, "bin_width") == float64());
}

TEST_CASE("thread_counter: augmented element store and atomic add", "[types]") {
    Typed t = load(read_example("thread_counter.py"));
    const Type* a = array(int32(), 1, Layout::C);
    CHECK(t.specialize("thread_counter_race_condition", {a}, TargetKind::CUDA).return_type == none());
    const TypedFunction& f = t.specialize("thread_counter_safe", {a}, TargetKind::CUDA);
    auto* stmt = cast<ujit::syntax::ExprStmt>(f.def->body[0]);
    auto* call = cast<ujit::syntax::Call>(stmt->value);
    CHECK(f.type_of(call) == int32());
    REQUIRE(f.operands_of(call) != nullptr);
    CHECK(*f.operands_of(call) == std::vector<const Type*>{a, int64(), int32()});
}

TEST_CASE("make_pulses and add_ufunc type for float32", "[types]") {
    Typed t = load(read_example("make_pulses.py"));
    const TypedFunction& f =
        t.specialize("make_pulses", {float32(), float32(), float32()}, TargetKind::CUDA, float32());
    // max(sin(f32) - 0.3, 0.0): float32 - float64 → float64
    CHECK(f.return_type == float32());
    Typed u = load(read_example("add_ufunc.py"));
    CHECK(u.decorator("add_ufunc").target == TargetKind::CUDA);
    CHECK(u.specialize("add_ufunc", {float32(), float32()}, TargetKind::CUDA).return_type == float32());
}

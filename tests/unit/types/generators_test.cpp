// Typing of generators and range values (issue 19) with Numba's types: a generator function's
// specialization returns Numba's Generator type (the unification of its yields), a range is
// RangeType of its item type, and the refused forms are located errors.
#include "types_test_util.hpp"

using namespace ujit::types;
using namespace ujit::types::test;

namespace {

constexpr const char* kSource = R"(from numba import njit


@njit
def gen(n):
    yield 1
    for i in range(n):
        yield i * 0.5


@njit
def use(n):
    r = range(n)
    g = gen(len(r))
    return next(g), r, r[0], 3 in r, r.step


@njit
def returns(n):
    yield n
    return n


@njit
def in_cuda(n):
    yield n
)";

}  // namespace

TEST_CASE("a generator's type is Numba's: its yields unified, its def and arguments", "[types][generators]") {
    Typed t = load(kSource);
    const TypedFunction& g = t.specialize("gen", {int64()});
    REQUIRE(g.return_type->is_generator());
    CHECK(g.return_type->yield_type() == float64());  // 1 and i * 0.5 unify to float64
    CHECK(g.return_type->str() == "float64 generator(func=gen, args=(int64,), has_finalizer=True)");
    CHECK(t.specialize("gen", {int32()}).return_type != g.return_type);
    const TypedFunction& u = t.specialize("use", {int64()});
    CHECK(var(u, "g") == g.return_type);
    CHECK(var(u, "r")->str() == "range_state_int64");
    CHECK(u.return_type->str() == "Tuple(float64, range_state_int64, int64, bool, int64)");
    CHECK(t.specialize("use", {int32()}).return_type->elements()[1]->str() == "range_state_int32");
}

TEST_CASE("what a generator cannot do is a located error", "[types][generators]") {
    Error e = type_error(kSource, "returns", {int64()});
    CHECK(e.line == 21);
    CHECK(e.message == "'return' with a value in generator 'returns' is not supported by ujit (a generator ends "
                       "with a bare 'return')");
    Error c = type_error(kSource, "in_cuda", {int64()}, TargetKind::CUDA);
    CHECK(c.message.find("generators are not supported in CUDA code") != std::string::npos);
    Error bare = error_of([] { load("def f():\n    yield\n"); });
    CHECK(bare.line == 2);
    CHECK(bare.message == "a bare 'yield' (a generator yielding None) is not supported by ujit");
}

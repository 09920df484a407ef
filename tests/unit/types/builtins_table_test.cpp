// builtins.def is the one table of per-builtin facts; these checks keep its rows
// consistent so that a new or edited row cannot silently drift (a math function with no
// library to call, a spelling resolved twice, a CUDA value usable on the CPU).
#include "types/builtins.hpp"
#include "types/resolve.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace ujit::types;

namespace {

std::vector<const BuiltinInfo*> all_rows() {
    std::vector<const BuiltinInfo*> rows;
    for (size_t i = 0; i < static_cast<size_t>(BuiltinId::Count_); ++i)
        rows.push_back(&builtin_info(static_cast<BuiltinId>(i)));
    return rows;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

TEST_CASE("builtins table: rows are indexed by id, spellings unique and resolvable", "[types][builtins]") {
    std::set<std::string> spellings;
    for (const BuiltinInfo* b : all_rows()) {
        INFO(b->spelling);
        CHECK(&builtin_info(b->id) == b);
        CHECK(std::string(builtin_name(b->id)) == b->spelling);
        CHECK(spellings.insert(b->spelling).second);
        CHECK(b->min_args <= b->max_args);
        if (b->kind == BuiltinKind::Attribute)
            CHECK_FALSE(builtin_by_spelling(b->spelling));  // a.shape is resolved from the type
        else
            CHECK(builtin_by_spelling(b->spelling) == b->id);
    }
    size_t n = 0;
    const BuiltinAlias* aliases = builtin_aliases(n);
    REQUIRE(n > 0);
    for (size_t i = 0; i < n; ++i) {
        INFO(aliases[i].spelling);
        CHECK(spellings.insert(aliases[i].spelling).second);
        CHECK((starts_with(aliases[i].spelling, "np.") || aliases[i].spelling == std::string("numba.prange")));
        CHECK(builtin_info(aliases[i].id).kind == BuiltinKind::Function);
        CHECK(builtin_by_spelling(aliases[i].spelling) == aliases[i].id);
    }
}

TEST_CASE("builtins table: families, availability and spelling agree", "[types][builtins]") {
    for (const BuiltinInfo* b : all_rows()) {
        INFO(b->spelling);
        const std::string s = b->spelling;
        switch (b->group) {
        case BuiltinGroup::Python: CHECK(s.find('.') == std::string::npos); break;
        case BuiltinGroup::Math: CHECK(starts_with(s, "math.")); break;
        case BuiltinGroup::Cmath:  // plain @jit functions in Numba: CPU and GPU code
            CHECK(starts_with(s, "cmath."));
            CHECK(b->where == Availability::Both);
            break;
        case BuiltinGroup::Numpy: CHECK(starts_with(s, "np.")); break;
        case BuiltinGroup::Random:
            CHECK((starts_with(s, "random.") || starts_with(s, "np.random.")));
            CHECK(b->where == Availability::Cpu);
            break;
        case BuiltinGroup::Cuda:
            CHECK(starts_with(s, "cuda."));
            CHECK(b->where == Availability::Cuda);
            break;
        case BuiltinGroup::Atomic:
            CHECK(starts_with(s, "cuda.atomic."));
            CHECK(b->where == Availability::Cuda);
            CHECK(is_atomic(b->id));
            break;
        case BuiltinGroup::Xoroshiro:  // plain @jit functions in Numba: CPU and GPU code
            CHECK(starts_with(s, "cuda.random.xoroshiro128p_") == (b->id != BuiltinId::XoroshiroInitState));
            CHECK(b->where == Availability::Both);
            CHECK(is_xoroshiro(b->id));
            break;
        case BuiltinGroup::Object:
        case BuiltinGroup::ListMethod:
        case BuiltinGroup::DictMethod:
        case BuiltinGroup::ArrayMethod: CHECK(b->kind == BuiltinKind::Attribute); break;
        case BuiltinGroup::Threads:
            CHECK(starts_with(s, "numba."));
            CHECK(b->where == Availability::Cpu);
            break;
        case BuiltinGroup::StrMethod:  // s.upper(): CPU only (numba-cuda has no strings)
            CHECK(starts_with(s, "str."));
            CHECK(b->kind == BuiltinKind::Attribute);
            CHECK(b->where == Availability::Cpu);
            CHECK(is_str_method(b->id));
            break;
        }
        if (b->kind == BuiltinKind::Value) CHECK(is_cuda_value(b->id));  // every value is a CUDA special register
        CHECK(is_cuda_only(b->id) == (starts_with(s, "cuda.") && !starts_with(s, "cuda.random.")));
        CHECK(is_math_module(b->id) == starts_with(s, "math."));
        CHECK(is_cmath(b->id) == starts_with(s, "cmath."));
    }
}

TEST_CASE("builtins table: every math function has something to call on each target", "[types][builtins]") {
    for (const BuiltinInfo* b : all_rows()) {
        INFO(b->spelling);
        if (b->rule == TypingRule::Float1) CHECK((b->min_args == 1 && b->max_args == 1));
        if (b->rule == TypingRule::Float2) CHECK((b->min_args == 2 && b->max_args == 2));
        if (b->rule != TypingRule::Own) CHECK(b->lowering != MathLowering::No);
        switch (b->lowering) {
        case MathLowering::Lib:
            if (b->on_cpu()) CHECK((b->c_name || b->intrinsic));
            if (b->on_cuda()) CHECK(b->libdevice);
            break;
        case MathLowering::Ir:
        case MathLowering::No:  // nothing to call: the names would be unused and could rot
            CHECK_FALSE(b->c_name);
            CHECK_FALSE(b->libdevice);
            // ... but for the CUDA target's special registers, barriers and fences.
            if (b->group != BuiltinGroup::Cuda) CHECK_FALSE(b->intrinsic);
            break;
        }
        if (is_cuda_value(b->id)) CHECK(starts_with(b->intrinsic ? b->intrinsic : "", "nvvm.read.ptx.sreg."));
        if (b->fold == ConstFold::Libm) CHECK((b->c_name && b->min_args == 1));
    }
}

TEST_CASE("builtins table: namespaces resolve through it", "[types][builtins]") {
    CHECK(resolve_member("math", "gamma")->builtin == BuiltinId::MathGamma);
    CHECK(resolve_member("np", "arcsin")->builtin == BuiltinId::MathAsin);  // an alias
    CHECK(resolve_member("np", "floor")->builtin == BuiltinId::NpFloor);    // not math.floor
    auto tid = resolve_member("cuda.threadIdx", "z");
    REQUIRE(tid);
    CHECK(tid->what == Member::What::Value);
    CHECK(tid->builtin == BuiltinId::CudaThreadIdxZ);
    CHECK(tid->type == int32());
    CHECK(resolve_member("cuda.atomic", "and_")->builtin == BuiltinId::CudaAtomicAnd);
    CHECK(resolve_member("cuda", "laneid")->what == Member::What::Value);
    CHECK(resolve_member("cuda", "threadIdx")->what == Member::What::Namespace);
    // numba.cuda.random: `from numba.cuda.random import ...`, `cuda.random.f`.
    CHECK(module_namespace("numba.cuda.random") == "cuda.random");
    CHECK(resolve_member("cuda", "random")->what == Member::What::Namespace);
    CHECK(resolve_member("cuda.random", "xoroshiro128p_uniform_float32")->builtin == BuiltinId::XoroshiroUniform32);
    CHECK(resolve_member("cuda.random", "init_xoroshiro128p_state")->builtin == BuiltinId::XoroshiroInitState);
    CHECK_FALSE(resolve_member("cuda.random", "create_xoroshiro128p_states"));  // host code
    CHECK(resolve_python_builtin("divmod")->builtin == BuiltinId::DivMod);
    CHECK_FALSE(resolve_python_builtin("math.sqrt"));
    CHECK_FALSE(resolve_member("cuda.threadIdx", "w"));
    CHECK_FALSE(resolve_member("math", "arcsin"));  // the np spelling only
    CHECK_FALSE(resolve_member("array", "shape"));
}

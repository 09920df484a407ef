// Typing of numba.cuda's intrinsics, with numba-cuda's signatures (cudadecl.py,
// intrinsics.py): popc and clz keep the integer's type, ffs gives uint32, brev works on
// uint32 or uint64, fma computes in float32 when all three are float32 (else float64),
// selp(test, a, b) picks between two values of one type; the warp functions take an int32
// mask, shuffle and match int32/int64/float32/float64 values, vote on a predicate (ballot
// gives int32, the others bool), match_all_sync gives (int32 mask, bool).
#include "syntax/diagnostics.hpp"
#include "types/cache_hints.hpp"
#include "types/infer_impl.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

#include <string_view>

namespace ujit::types {

using namespace syntax;

const Type* Inferrer::cuda_intrinsic_call(const Call* c, BuiltinId id, const std::vector<const Type*>& args) {
    const std::string what = builtin_name(id);
    auto want = [&](size_t n) {
        if (args.size() != n) error(c->loc, fmt::format("{}() takes {} argument(s) ({} given)", what, n, args.size()));
    };
    auto integer_arg = [&](size_t i) {
        if (!args[i]->is_int())
            error(c->args[i]->loc, fmt::format("{}() needs an integer, not {}", what, args[i]->str()));
    };
    if (is_cache_hint(id)) {  // (ary, i) loads ary[i]; (ary, i, v) stores v there; numba-cuda's messages
        const bool store = builtin_info(id).min_args == 3;
        const std::string name = what.substr(std::string_view("cuda.").size());
        want(store ? 3 : 2);
        const Type* ary = args[0];
        if (!ary->is_array() || !(ary->dtype()->is_int() || ary->dtype()->is_float()))
            error(c->args[0]->loc, fmt::format("{} requires array of integer or float type, not {}", name, ary->str()));
        const Type* index = args[1];
        if (!index->is_tuple() && ary->ndim() > 1)
            error(c->args[1]->loc, fmt::format("Expected {} indices, got a scalar", ary->ndim()));
        std::vector<const Type*> idx = index->is_tuple() ? index->elements() : std::vector<const Type*>{index};
        if (static_cast<int>(idx.size()) != ary->ndim())
            error(c->args[1]->loc, fmt::format("Expected {} indices, got {}", ary->ndim(), idx.size()));
        for (const Type* t : idx)
            if (!t->is_int()) error(c->args[1]->loc, fmt::format("{} is not a valid index", t->str()));
        if (!store) return ary->dtype();
        require_writable(c->args[0], ary);
        if (!args[2]->is_number() || args[2]->is_complex())
            error(c->args[2]->loc, fmt::format("{}() stores a real number, not {}", what, args[2]->str()));
        return none();
    }
    switch (id) {
    case BuiltinId::CudaConstArrayLike:  // Numba's takes a global NumPy array, frozen in constant memory
        want(1);
        if (!args[0]->is_array() || !constant_of(c->args[0]))
            error(c->args[0]->loc, fmt::format("{}() needs a global NumPy array (frozen into constant memory), not {}",
                                               what, args[0]->str()));
        return args[0];
    case BuiltinId::CudaPopc:
    case BuiltinId::CudaClz:
        want(1);
        integer_arg(0);
        operands(c, {args[0]});
        return args[0];
    case BuiltinId::CudaFfs:
        want(1);
        integer_arg(0);
        operands(c, {args[0]});
        return integer(32, false);
    case BuiltinId::CudaBrev: {
        want(1);
        integer_arg(0);
        const Type* t = integer(args[0]->bits() <= 32 ? 32 : 64, false);
        operands(c, {t});
        return t;
    }
    case BuiltinId::CudaFma: {
        want(3);
        bool all_f32 = true;
        for (size_t i = 0; i < 3; ++i) {
            if (!args[i]->is_number() || args[i]->is_complex())
                error(c->args[i]->loc, fmt::format("{}() needs real numbers, not {}", what, args[i]->str()));
            all_f32 = all_f32 && args[i] == float32();
        }
        const Type* t = all_f32 ? float32() : float64();
        operands(c, {t, t, t});
        return t;
    }
    case BuiltinId::CudaSelp: {
        want(3);
        if (!args[0]->is_number() || args[0]->is_complex())
            error(c->args[0]->loc, fmt::format("{}() needs a truth value first, not {}", what, args[0]->str()));
        const Type* t = args[1]->is_number() && args[2]->is_number() ? unify(args[1], args[2]) : nullptr;
        if (!t || t->is_complex())
            error(c->loc, fmt::format("{}() selects between two numbers of one kind, not {} and {}", what,
                                      args[1]->str(), args[2]->str()));
        operands(c, {boolean(), t, t});
        return t;
    }
    case BuiltinId::CudaSyncwarp:
        if (args.size() > 1 || (args.size() == 1 && !args[0]->is_int()))
            error(c->loc, fmt::format("{}() takes an optional integer mask", what));
        operands(c, std::vector<const Type*>(args.size(), int32()));
        return none();
    case BuiltinId::CudaActivemask:
    case BuiltinId::CudaLanemaskLt:
        want(0);
        operands(c, {});
        return integer(32, false);
    case BuiltinId::CudaShflSync:
    case BuiltinId::CudaShflUpSync:
    case BuiltinId::CudaShflDownSync:
    case BuiltinId::CudaShflXorSync:
        want(3);
        integer_arg(0);
        warp_value(c, 1, args[1], "shfl_sync only supports 32- and 64-bit ints and floats");
        integer_arg(2);
        operands(c, {int32(), args[1], int32()});
        return args[1];
    case BuiltinId::CudaAllSync:
    case BuiltinId::CudaAnySync:
    case BuiltinId::CudaEqSync:
    case BuiltinId::CudaBallotSync:
        want(2);  // numba-cuda's messages
        if (!args[0]->is_int())
            error(c->args[0]->loc, fmt::format("Mask type must be an integer, not {}", args[0]->str()));
        if (!args[1]->is_int() && !args[1]->is_bool())
            error(c->args[1]->loc, fmt::format("Predicate must be an integer or boolean, not {}", args[1]->str()));
        operands(c, {int32(), boolean()});
        return id == BuiltinId::CudaBallotSync ? int32() : boolean();
    case BuiltinId::CudaMatchAnySync:
    case BuiltinId::CudaMatchAllSync:
        want(2);
        integer_arg(0);
        warp_value(c, 1, args[1], what + "() only supports 32- and 64-bit ints and floats");
        operands(c, {int32(), args[1]});
        return id == BuiltinId::CudaMatchAnySync ? int32() : tuple({int32(), boolean()});
    default: return nullptr;
    }
}

// The values warp functions exchange: int32, int64, float32 or float64 (numba-cuda's cases).
void Inferrer::warp_value(const Call* c, size_t i, const Type* t, const std::string& message) const {
    if (t != int32() && t != int64() && t != float32() && t != float64())
        error(c->args[i]->loc, fmt::format("{}, not {}", message, t->str()));
}

}  // namespace ujit::types

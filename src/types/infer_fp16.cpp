// Typing of numba.cuda's cuda.fp16 functions, with numba-cuda's signatures (fp16 typing in
// cudadecl.py): every operand is a float16 (another real number converts to it, as Numba's
// ConcreteTemplate converts one), the arithmetic and math functions give a float16, the
// comparisons heq/hne/hgt/hge/hlt/hle a bool.
#include "types/builtins.hpp"
#include "types/infer_impl.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

const Type* Inferrer::fp16_call(const Call* c, BuiltinId id, const std::vector<const Type*>& args) {
    const std::string what = builtin_name(id);
    if (!what.starts_with("cuda.fp16.")) return nullptr;
    const BuiltinInfo& info = builtin_info(id);
    if (args.size() != info.min_args)
        error(c->loc, fmt::format("{}() takes {} argument(s) ({} given)", what, info.min_args, args.size()));
    const Type* half = floating(16);
    for (size_t i = 0; i < args.size(); ++i)
        if (!args[i]->is_number() || args[i]->is_complex())
            error(c->args[i]->loc, fmt::format("{}() needs a float16, not {}", what, args[i]->str()));
    operands(c, std::vector<const Type*>(args.size(), half));
    switch (id) {
    case BuiltinId::Fp16Heq:
    case BuiltinId::Fp16Hne:
    case BuiltinId::Fp16Hgt:
    case BuiltinId::Fp16Hge:
    case BuiltinId::Fp16Hlt:
    case BuiltinId::Fp16Hle: return boolean();
    default: return half;
    }
}

}  // namespace ujit::types

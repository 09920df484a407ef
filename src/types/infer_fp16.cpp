// Typing of numba.cuda's cuda.fp16 functions, with numba-cuda's signatures (fp16 typing in
// cudadecl.py): every operand is a float16 (another real number converts to it, as Numba's
// ConcreteTemplate converts one), the arithmetic and math functions give a float16, the
// comparisons heq/hne/hgt/hge/hlt/hle a bool.
#include "types/bf16_signatures.hpp"
#include "types/builtins.hpp"
#include "types/infer_impl.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

const Type* Inferrer::fp16_call(const Call* c, BuiltinId id, const std::vector<const Type*>& args) {
    const std::string what = builtin_name(id);
    // ---- bf16: cuda.bf16's functions, typed as numba-cuda declares them (bf16_signatures.cpp)
    if (auto sig = bf16_signature(id)) {
        if (args.size() != sig->params.size())
            error(c->loc, fmt::format("{}() takes {} argument(s) ({} given)", what, sig->params.size(), args.size()));
        for (size_t i = 0; i < args.size(); ++i)
            if (!args[i]->is_number() || args[i]->is_complex())
                error(c->args[i]->loc,
                      fmt::format("{}() needs a {}, not {}", what, sig->params[i]->str(), args[i]->str()));
        operands(c, sig->params);
        return sig->result;
    }
    if (id == BuiltinId::Fp8CvtFloatToFp8 || id == BuiltinId::Fp8CvtDoubleToFp8 || id == BuiltinId::Fp8CvtFloatToE8m0 ||
        id == BuiltinId::Fp8CvtDoubleToE8m0) {  // (x, saturation_t, fp8_interpretation_t or cudaRoundMode) -> byte
        if (args.size() != 3) error(c->loc, fmt::format("{}() takes 3 arguments ({} given)", what, args.size()));
        const bool f64 = id == BuiltinId::Fp8CvtDoubleToFp8 || id == BuiltinId::Fp8CvtDoubleToE8m0;
        for (size_t i = 0; i < 3; ++i)
            if (!args[i]->is_number() || args[i]->is_complex() || (i > 0 && !args[i]->is_int()))
                error(c->args[i]->loc,
                      fmt::format("{}() needs {}, not {}", what, i ? "an enum member" : "a number", args[i]->str()));
        operands(c, {f64 ? float64() : float32(), int32(), int32()});
        return integer(8, false);
    }
    if (what.starts_with("cuda.fp8."))
        error(c->loc, fmt::format("{}() is not supported by ujit: ujit has no __nv_bfloat16_raw structure "
                                  "(bfloat16 values convert with bfloat16_as_uint16 and uint16_as_bfloat16)",
                                  what.substr(5)));
    // ---- end bf16
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

#include "types/bf16_signatures.hpp"

#include "types/builtins.hpp"

#include <string_view>

namespace ujit::types {

namespace {

// "int32" → int32, "bfloat16" → bfloat16; null for a name that is neither.
const Type* named(std::string_view name) {
    if (name == "bfloat16") return bfloat16();
    return scalar_from_name(std::string(name));
}

}  // namespace

std::optional<Bf16Conversion> bf16_conversion(BuiltinId id) {
    std::string_view name = builtin_name(id);
    if (!name.starts_with("cuda.bf16.")) return std::nullopt;
    name.remove_prefix(10);
    bool bits = false;
    size_t sep = name.find("_to_");
    if (sep == std::string_view::npos) {
        sep = name.find("_as_");
        bits = true;
    }
    if (sep == std::string_view::npos) return std::nullopt;
    std::string_view from = name.substr(0, sep);
    std::string_view to = name.substr(sep + 4);
    Rounding rounding = Rounding::Nearest;
    if (to.size() > 3 && to[to.size() - 3] == '_') {
        std::string_view mode = to.substr(to.size() - 2);
        rounding = mode == "rz"   ? Rounding::Zero
                   : mode == "rd" ? Rounding::Down
                   : mode == "ru" ? Rounding::Up
                                  : Rounding::Nearest;
        to = to.substr(0, to.size() - 3);
    }
    const Type* f = named(from);
    const Type* t = named(to);
    if (!f || !t) return std::nullopt;
    return Bf16Conversion{f, t, rounding, bits};
}

std::optional<Bf16Signature> bf16_signature(BuiltinId id) {
    std::string_view name = builtin_name(id);
    if (!name.starts_with("cuda.bf16.")) return std::nullopt;
    if (auto conv = bf16_conversion(id)) return Bf16Signature{{conv->from}, conv->to};
    const Type* bf = bfloat16();
    const BuiltinInfo& info = builtin_info(id);
    std::vector<const Type*> params(info.min_args, bf);
    switch (id) {
    case BuiltinId::Bf16Heq:
    case BuiltinId::Bf16Hne:
    case BuiltinId::Bf16Hge:
    case BuiltinId::Bf16Hgt:
    case BuiltinId::Bf16Hle:
    case BuiltinId::Bf16Hlt:
    case BuiltinId::Bf16Hequ:
    case BuiltinId::Bf16Hneu:
    case BuiltinId::Bf16Hgeu:
    case BuiltinId::Bf16Hgtu:
    case BuiltinId::Bf16Hleu:
    case BuiltinId::Bf16Hltu:
    case BuiltinId::Bf16Hisnan: return Bf16Signature{params, boolean()};
    case BuiltinId::Bf16Hisinf: return Bf16Signature{params, int32()};  // -1, 0 or 1, as __hisinf
    default: return Bf16Signature{params, bf};
    }
}

}  // namespace ujit::types

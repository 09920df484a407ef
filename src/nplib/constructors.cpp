#include "nplib/constructors.hpp"

#include <fmt/format.h>

namespace ujit::nplib {

using types::BuiltinId;

bool is_array_constructor(BuiltinId id) {
    return !constructor_params(id).empty() || id == BuiltinId::ArrayCopy || id == BuiltinId::ArrayFlatten;
}

const std::vector<std::string>& constructor_params(BuiltinId id) {
    static const std::vector<std::string> none, shape{"shape", "dtype"}, full{"shape", "fill_value", "dtype"},
        like{"a", "dtype"}, full_like{"a", "fill_value", "dtype"}, arange{"start", "stop", "step", "dtype"},
        linspace{"start", "stop", "num"}, eye{"N", "M", "k", "dtype"}, identity{"n", "dtype"}, array{"object", "dtype"},
        copy{"a"}, astype{"dtype"};
    switch (id) {
    case BuiltinId::NpEmpty:
    case BuiltinId::NpZeros:
    case BuiltinId::NpOnes: return shape;
    case BuiltinId::NpFull: return full;
    case BuiltinId::NpEmptyLike:
    case BuiltinId::NpZerosLike:
    case BuiltinId::NpOnesLike: return like;
    case BuiltinId::NpFullLike: return full_like;
    case BuiltinId::NpArange: return arange;
    case BuiltinId::NpLinspace: return linspace;
    case BuiltinId::NpEye: return eye;
    case BuiltinId::NpIdentity: return identity;
    case BuiltinId::NpArray:
    case BuiltinId::NpAsarray: return array;
    case BuiltinId::NpCopy: return copy;
    case BuiltinId::ArrayAstype: return astype;
    default: return none;
    }
}

std::vector<const syntax::Expr*> bind_arguments(const syntax::Call* c, const std::vector<std::string>& params,
                                                std::string* error, syntax::SourceLoc* where) {
    std::vector<const syntax::Expr*> bound(params.size(), nullptr);
    if (c->args.size() > params.size()) {
        *error = fmt::format("takes at most {} argument{} ({} given)", params.size(), params.size() == 1 ? "" : "s",
                             c->args.size());
        *where = c->args[params.size()]->loc;
        return bound;
    }
    for (size_t i = 0; i < c->args.size(); ++i) bound[i] = c->args[i];
    for (const syntax::Keyword& k : c->keywords) {
        size_t i = 0;
        while (i < params.size() && params[i] != k.name) ++i;
        *where = k.loc;
        if (i == params.size()) {
            *error = fmt::format("got an unexpected keyword argument '{}'", k.name);
            return bound;
        }
        if (bound[i]) {
            *error = fmt::format("got multiple values for argument '{}'", k.name);
            return bound;
        }
        bound[i] = k.value;
    }
    return bound;
}

const types::Type* default_dtype(BuiltinId id) {
    switch (id) {
    case BuiltinId::NpEmpty:
    case BuiltinId::NpZeros:
    case BuiltinId::NpOnes:
    case BuiltinId::NpEye:
    case BuiltinId::NpIdentity: return types::float64();
    default: return nullptr;
    }
}

std::string cuda_allocation_error(const std::string& what) {
    return fmt::format("{} allocates a new array, which CUDA kernels and device functions cannot do (Numba: NRT "
                       "required but not enabled); use cuda.local.array() or cuda.shared.array(), or write into an "
                       "array argument",
                       what);
}

}  // namespace ujit::nplib

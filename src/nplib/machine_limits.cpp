#include "nplib/machine_limits.hpp"

#include "types/named_tuples.hpp"
#include "types/resolve.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <limits>

namespace ujit::nplib {

using types::ConstValue;
using types::Type;

namespace {

ConstValue real(double v, const Type* t) {
    ConstValue c;
    c.type = t;
    c.f = t->bits() == 32 ? static_cast<double>(static_cast<float>(v)) : v;
    return c;
}

std::optional<ConstValue> integer_limit(const Type* t, const std::string& attr, std::string* error) {
    if (!t->is_int()) {
        *error = fmt::format("np.iinfo() takes an integer type, not {} (NumPy: Invalid integer data type)", t->str());
        return std::nullopt;
    }
    const int bits = t->bits();
    if (attr == "bits") return types::const_int(bits);
    if (attr == "min")
        return types::const_int(t->is_signed() ? (bits == 64 ? INT64_MIN : -(int64_t(1) << (bits - 1))) : 0);
    if (attr == "max") {
        if (!t->is_signed() && bits == 64) {  // 2**64 - 1 is a Python int Numba types uint64
            ConstValue c = types::const_int(-1, types::uint64());
            return c;
        }
        return types::const_int(t->is_signed() ? (bits == 64 ? INT64_MAX : (int64_t(1) << (bits - 1)) - 1)
                                               : (int64_t(1) << bits) - 1);
    }
    *error = fmt::format("np.iinfo has no attribute '{}' in ujit (Numba's has min, max and bits)", attr);
    return std::nullopt;
}

template <class F> std::optional<ConstValue> float_limit(const Type* ft, const std::string& attr, std::string* error) {
    using L = std::numeric_limits<F>;
    const int nmant = L::digits - 1;                // 52, 23
    const int nexp = ft->bits() == 64 ? 11 : 8;     // exponent bits
    const int precision = L::digits10;              // 15, 6
    if (attr == "eps") return real(L::epsilon(), ft);
    if (attr == "epsneg") return real(L::epsilon() / 2, ft);
    if (attr == "max") return real(L::max(), ft);
    if (attr == "min") return real(-L::max(), ft);
    if (attr == "tiny") return real(L::min(), ft);
    if (attr == "resolution") return real(ft->bits() == 64 ? 1e-15 : 1e-6, ft);
    if (attr == "bits") return types::const_int(ft->bits());
    if (attr == "iexp" || attr == "nexp") return types::const_int(nexp);
    if (attr == "machep") return types::const_int(-nmant);
    if (attr == "negep") return types::const_int(-nmant - 1);
    if (attr == "maxexp") return types::const_int(L::max_exponent);
    if (attr == "minexp") return types::const_int(L::min_exponent - 1);
    if (attr == "nmant") return types::const_int(nmant);
    if (attr == "precision") return types::const_int(precision);
    *error = fmt::format(
        "np.finfo has no attribute '{}' in ujit (Numba's has eps, epsneg, iexp, machep, max, maxexp, min, minexp, "
        "negep, nexp, nmant, precision, resolution, tiny and bits)",
        attr);
    return std::nullopt;
}

}  // namespace

std::optional<ConstValue> machine_limit(types::BuiltinId id, const Type* t, const std::string& attr,
                                        std::string* error) {
    if (id == types::BuiltinId::NpIinfo) return integer_limit(t, attr, error);
    const Type* ft = t->is_complex() ? types::floating(t->bits() / 2) : t;
    if (!ft->is_float() || (ft->bits() != 32 && ft->bits() != 64)) {
        *error = fmt::format("np.finfo() takes a float or complex type, not {} (NumPy: not inexact)", t->str());
        return std::nullopt;
    }
    return ft->bits() == 64 ? float_limit<double>(ft, attr, error) : float_limit<float>(ft, attr, error);
}

std::optional<ConstValue> machine_limits(types::BuiltinId id, const Type* t, std::string* error) {
    // numba/np/arraymath.py's _iinfo_supported and _finfo_supported, in their order.
    static const std::vector<std::string> iinfo = {"min", "max", "bits"};
    static const std::vector<std::string> finfo = {"eps",    "epsneg",    "iexp",       "machep", "max",
                                                   "maxexp", "min",       "minexp",     "negep",  "nexp",
                                                   "nmant",  "precision", "resolution", "tiny",   "bits"};
    const bool is_iinfo = id == types::BuiltinId::NpIinfo;
    const std::vector<std::string>& fields = is_iinfo ? iinfo : finfo;
    ConstValue out;
    std::vector<const Type*> elems;
    for (const std::string& f : fields) {
        std::optional<ConstValue> v = machine_limit(id, t, f, error);
        if (!v) return std::nullopt;
        elems.push_back(v->type);
        out.elems.push_back(std::move(*v));
    }
    out.type = types::named_tuple(is_iinfo ? "iinfo" : "finfo", fields, elems);
    return out;
}

}  // namespace ujit::nplib

#include "nplib/random_distributions.hpp"

#include "cpu/helper_np_distributions.hpp"

#include <fmt/format.h>

namespace ujit::nplib {

using types::BuiltinId;
using types::Type;

const Distribution* distribution_of(BuiltinId id) {
    static const Distribution table[] = {
        {BuiltinId::NpRandomGamma, UJIT_NP_DIST_GAMMA, {{"shape", "scale", "size"}, 1}, {0, 1.0}, false},
        {BuiltinId::NpRandomStdGamma, UJIT_NP_DIST_GAMMA, {{"shape", "size"}, 1}, {0, 1.0}, false},
        {BuiltinId::NpRandomBeta, UJIT_NP_DIST_BETA, {{"a", "b", "size"}, 2}, {}, false},
        {BuiltinId::NpRandomChisquare, UJIT_NP_DIST_CHISQUARE, {{"df", "size"}, 1}, {}, false},
        {BuiltinId::NpRandomF, UJIT_NP_DIST_F, {{"dfnum", "dfden", "size"}, 2}, {}, false},
        {BuiltinId::NpRandomStdT, UJIT_NP_DIST_STANDARD_T, {{"df", "size"}, 1}, {}, false},
        {BuiltinId::NpRandomLognormal, UJIT_NP_DIST_LOGNORMAL, {{"mean", "sigma", "size"}, 0}, {0.0, 1.0}, false},
        {BuiltinId::NpRandomLaplace, UJIT_NP_DIST_LAPLACE, {{"loc", "scale", "size"}, 0}, {0.0, 1.0}, false},
        {BuiltinId::NpRandomLogistic, UJIT_NP_DIST_LOGISTIC, {{"loc", "scale", "size"}, 0}, {0.0, 1.0}, false},
        {BuiltinId::NpRandomGumbel, UJIT_NP_DIST_GUMBEL, {{"loc", "scale", "size"}, 0}, {0.0, 1.0}, false},
        {BuiltinId::NpRandomPareto, UJIT_NP_DIST_PARETO, {{"a", "size"}, 1}, {}, false},
        {BuiltinId::NpRandomPower, UJIT_NP_DIST_POWER, {{"a", "size"}, 1}, {}, false},
        {BuiltinId::NpRandomRayleigh, UJIT_NP_DIST_RAYLEIGH, {{"scale", "size"}, 0}, {1.0}, false},
        {BuiltinId::NpRandomWeibull, UJIT_NP_DIST_WEIBULL, {{"a", "size"}, 1}, {}, false},
        {BuiltinId::NpRandomStdCauchy, UJIT_NP_DIST_STANDARD_CAUCHY, {{"size"}, 0}, {}, false},
        {BuiltinId::NpRandomTriangular, UJIT_NP_DIST_TRIANGULAR, {{"left", "mode", "right", "size"}, 3}, {}, false},
        {BuiltinId::NpRandomWald, UJIT_NP_DIST_WALD, {{"mean", "scale", "size"}, 2}, {}, false},
        {BuiltinId::NpRandomVonmises, UJIT_NP_DIST_VONMISES, {{"mu", "kappa", "size"}, 2}, {}, false},
        {BuiltinId::NpRandomPoisson, UJIT_NP_DIST_POISSON, {{"lam", "size"}, 0}, {1.0}, true},
        {BuiltinId::NpRandomBinomial, UJIT_NP_DIST_BINOMIAL, {{"n", "p", "size"}, 2}, {}, true, true},
        {BuiltinId::NpRandomGeometric, UJIT_NP_DIST_GEOMETRIC, {{"p", "size"}, 1}, {}, true},
        {BuiltinId::NpRandomNegBinomial, UJIT_NP_DIST_NEGATIVE_BINOMIAL, {{"n", "p", "size"}, 2}, {}, true},
        {BuiltinId::NpRandomLogseries, UJIT_NP_DIST_LOGSERIES, {{"p", "size"}, 1}, {}, true},
        {BuiltinId::NpRandomZipf, UJIT_NP_DIST_ZIPF, {{"a", "size"}, 1}, {}, true},
    };
    for (const Distribution& d : table)
        if (d.id == id) return &d;
    return nullptr;
}

CallTyping distribution_type(const Distribution& d, const std::vector<const Type*>& args) {
    CallTyping t;
    const std::string what = std::string(types::builtin_name(d.id)) + "()";
    t.operands.assign(args.size(), nullptr);
    const size_t size_at = d.params.names.size() - 1;
    for (size_t i = 0; i < size_at; ++i) {
        const Type* a = args[i];
        if (!a) continue;  // a default: the lowering's constant
        const bool want_int = i == 0 && d.integer_first;
        if (want_int ? !a->is_int() || a->is_bool() : !a->is_number() || a->is_complex() || a->is_bool()) {
            t.error = fmt::format("{}'s {} must be {}, not {}", what, d.params.names[i],
                                  want_int ? "an integer" : "a real number", a->str());
            t.error_arg = static_cast<int>(i);
            return t;
        }
        t.operands[i] = types::float64();
    }
    const int nd = random_size_dims(args[size_at], size_at, what, t);
    if (nd < 0) return t;
    const Type* item = d.integer_result ? types::int64() : types::float64();
    t.result = nd ? types::array(item, nd, types::Layout::C) : item;
    return t;
}

}  // namespace ujit::nplib

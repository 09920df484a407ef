// np.random's distributions drawn by the runtime (cpu/helper_np_distributions.hpp): gamma, beta,
// poisson, binomial and the others Numba's numba/np/random/legacy.py compiles. One table row per
// distribution gives its parameters (NumPy's names and defaults), its result (float64 or int64)
// and its runtime kind; typing (random_typing.cpp) and lowering (lower_random_extra.cpp) read it.
#pragma once

#include "nplib/library_typing.hpp"

#include <optional>

namespace ujit::nplib {

struct Distribution {
    types::BuiltinId id;
    int32_t kind;               // UjitNpDistribution
    LibraryParams params;       // the parameters, then "size"
    double defaults[3];         // by parameter position, for those past params.required
    bool integer_result;        // poisson, binomial, ...: int64
    bool integer_first = false;  // binomial's n must be an integer (Numba's signature)
};

// The row of a np.random distribution, or null.
const Distribution* distribution_of(types::BuiltinId id);
CallTyping distribution_type(const Distribution& d, const std::vector<const types::Type*>& args);

}  // namespace ujit::nplib

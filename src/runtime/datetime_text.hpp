// NumPy's text of datetime64 / timedelta64 values: str(np.datetime64) is ISO 8601 at the
// unit's precision ("2005-02-01", "1970-01-01T01"), str(np.timedelta64) a count and the unit's
// name ("3 days"); NaT is "NaT".
#pragma once

#include <cstdint>
#include <string>

#include "ujit/ujit.hpp"

namespace ujit::runtime {

// str() of one value of `t` (a datetime64 or timedelta64 dtype).
std::string datetime_text(DType t, int64_t value);

}  // namespace ujit::runtime

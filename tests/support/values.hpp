// Test data (JSON, written by the oracle scripts) ↔ ujit values, and result comparison.
#pragma once

#include "support/json.hpp"
#include "ujit/ujit.hpp"

#include <deque>
#include <string>

namespace ujit::test {

DType dtype_from_name(const std::string& name);

// {"type": "float32", "value": "1.5"} → Value; {"type": "array", "dtype", "shape",
// "values"} → an Array kept alive in `keep`, passed as its ArrayRef.
Value value_from_json(const Json& j, std::deque<Array>& keep);

// Compares `got` with the expected JSON value. Floats: within `rtol`/`atol` (nan equals
// nan, signs of zero and infinities must match). Returns "" or a description of the
// first mismatch.
std::string compare_value(const Value& got, const Json& expected, double rtol, double atol);
std::string compare_array(const ArrayRef& got, const Json& expected, double rtol, double atol);

}  // namespace ujit::test

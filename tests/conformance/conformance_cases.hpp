// The conformance cases (tests/conformance/expected.json, written by
// tools/scripts/conformance_oracle.py from tests/conformance/corpus/*.py): loading them and
// the tolerance each one is compared with. Shared by the C++ API and CLI runners.
#pragma once

#include "support/json.hpp"

#include <string>
#include <vector>

namespace ujit::test::conformance {

// Every case, in file order. Throws if the file is missing or malformed.
const std::vector<Json>& cases();

// "floordiv(-7, 2) [tests/conformance/corpus/int_divmod.py]": names a case in messages.
std::string label(const Json& c);

// A case's tolerance: none means exact (rtol = atol = 0: floats equal, nan equal to nan,
// signed zeros distinguished); "# tol" cases carry a relative tolerance.
struct Tolerance {
    double rtol = 0, atol = 0;
};
Tolerance tolerance(const Json& c);

// The Python literal of an argument ("-7", "-0.0", "inf", "True", "(1, 2.5)"), or ""
// when it has none (float32, narrow ints: the CLI types literals as int64/float64/bool).
std::string python_literal(const Json& arg);

}  // namespace ujit::test::conformance

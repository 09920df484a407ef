// The gufunc cases of tests/conformance/gufunc/expected.json (tools/scripts/gufunc_oracle.py):
// inputs loaded from .npy (with the case's view applied), NumPy's expected outputs, and the
// comparison. Shared by the host test and the [gpu] test.
#pragma once

#include <string>
#include <vector>

#include "ujit/ujit.hpp"

namespace ujit::test {

struct GufuncCase {
    std::string name, function;
    std::vector<Array> storage;  // owns what `inputs` views
    std::vector<Value> inputs;
    std::vector<Array> expected;
    double rtol = 0;
};

std::vector<GufuncCase> load_gufunc_cases();
Module gufunc_module();  // tests/conformance/gufunc/gufuncs.py

// Empty when `got` matches `want` (dtype, shape, values within rtol); else what differs.
std::string compare_arrays(const Array& got, const Array& want, double rtol);

}  // namespace ujit::test

// The message of the ujit::Error that calling `function` of `source` (compiled as "bad.py") with
// `arg` throws, or "compiled": for tests of located compile errors through the C++ API.
#pragma once

#include "ujit/ujit.hpp"

#include <string>

namespace ujit::test {

inline std::string error_of(const char* source, const char* function, const Value& arg) {
    try {
        Module::from_string(source, "bad.py").function(function)(arg);
    } catch (const Error& e) {
        return e.what();
    }
    return "compiled";
}

}  // namespace ujit::test

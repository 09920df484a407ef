// Exception classes compiled code may raise: Python's builtin ones, and the module's own
// classes derived from them (ModuleScope::exception_classes).
#pragma once

#include <string>

namespace ujit::types {

// Python's builtin exception classes (Exception, ValueError, ...; not BaseException's other
// children such as KeyboardInterrupt, which Numba does not raise either).
bool is_builtin_exception(const std::string& name);

// What a `raise` or a failed `assert` raises: the class's name and its message (the constant
// argument, or "" for none). TypedFunction::raises holds one per Raise statement.
struct RaisedException {
    std::string class_name;
    std::string message;
};

}  // namespace ujit::types

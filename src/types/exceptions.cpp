#include "types/exceptions.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace ujit::types {

bool is_builtin_exception(const std::string& name) {
    static constexpr std::array<std::string_view, 27> kNames = {
        "Exception",         "ArithmeticError",     "AssertionError",    "AttributeError",      "BufferError",
        "EOFError",          "FloatingPointError",  "ImportError",       "IndexError",          "KeyError",
        "LookupError",       "MemoryError",         "NameError",         "NotImplementedError", "OSError",
        "OverflowError",     "RecursionError",      "ReferenceError",    "RuntimeError",        "StopIteration",
        "SystemError",       "TypeError",           "UnboundLocalError", "UnicodeError",        "ValueError",
        "ZeroDivisionError", "ModuleNotFoundError",
    };
    return std::find(kNames.begin(), kNames.end(), name) != kNames.end();
}

}  // namespace ujit::types

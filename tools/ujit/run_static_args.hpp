// `ujit run FILE apply square 3.0`: arguments that name a function of FILE or a number type
// (`float32`, `np.int16`, `numba.float64`), passed as Numba passes a dispatcher or a
// NumberClass from Python: compile-time values that specialize the callee.
#pragma once

#include "ujit/ujit.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ujit::cli {

struct StaticCall {
    ujit::Module module;             // FILE's source and a wrapper def calling FUNC
    ujit::Function function;         // the wrapper: it takes the other arguments
    std::vector<std::string> words;  // those other arguments, in order
};

// Nothing when no argument names a function of `module` or a number type.
std::optional<StaticCall> static_argument_call(const std::string& path, const ujit::Module& module,
                                               const std::string& function, std::span<const std::string> words);

}  // namespace ujit::cli

// Compile-time warnings (ujit::Warning, include/ujit/ujit.hpp): where the compiler hands
// them, and the handler that set_warning_handler installs.
#pragma once

#include "ujit/ujit.hpp"

namespace ujit::syntax {

// Passes `w` to the current handler (the default writes it to stderr).
void emit_warning(const Warning& w);

}  // namespace ujit::syntax

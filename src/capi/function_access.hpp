// The C++ function behind a C handle, for entry points defined outside capi.cpp (which
// owns the handle's definition): capi_gufunc.cpp.
#pragma once

#include "ujit/ujit.h"
#include "ujit/ujit.hpp"

namespace ujit::capi {

// Throws ujit::Error(Argument) for a null handle.
const ujit::Function& function_of(const ujit_function* f);

}  // namespace ujit::capi

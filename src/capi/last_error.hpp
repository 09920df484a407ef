// The C API's error model: every entry point runs its body under `guarded`, which turns
// any C++ exception into a status code and records the message (and, for compile errors,
// the location) in this thread's last-error slot.
#pragma once

#include "ujit/ujit.h"

#include <stdexcept>
#include <string>

namespace ujit::capi {

struct LastError {
    std::string message;
    std::string file;
    int line = 0, col = 0;
};

// Thrown by the CUDA entry points when CUDA cannot be used: UJIT_ERROR_CUDA_UNAVAILABLE.
struct CudaUnavailable : std::runtime_error {
    using std::runtime_error::runtime_error;
};

LastError& last_error();  // this thread's
// Cheap when there is nothing to clear (every successful call clears).
inline void clear_last_error() {
    LastError& e = last_error();
    if (!e.message.empty() || !e.file.empty() || e.line || e.col) e = LastError{};
}
ujit_status fail(ujit_status status, std::string message);  // records it; returns status

// Runs `body` (which returns nothing); exceptions become statuses. Never throws.
template <class F> ujit_status guarded(F&& body) noexcept;

ujit_status status_of_current_exception() noexcept;

template <class F> ujit_status guarded(F&& body) noexcept {
    try {
        clear_last_error();
        body();
        return UJIT_OK;
    } catch (...) {
        return status_of_current_exception();
    }
}

}  // namespace ujit::capi

#include "capi/last_error.hpp"

#include "ujit/ujit.hpp"

#include <exception>
#include <new>

namespace ujit::capi {

LastError& last_error() {
    thread_local LastError e;
    return e;
}

ujit_status fail(ujit_status status, std::string message) {
    LastError& e = last_error();
    e = LastError{};
    e.message = std::move(message);
    return status;
}

ujit_status status_of_current_exception() noexcept {
    try {
        try {
            throw;
        } catch (const ujit::Error& err) {
            ujit_status status = UJIT_ERROR_INTERNAL;
            switch (err.kind()) {
            case ujit::Error::Kind::Compile: status = UJIT_ERROR_COMPILE; break;
            case ujit::Error::Kind::Runtime: status = UJIT_ERROR_RUNTIME; break;
            case ujit::Error::Kind::Argument: status = UJIT_ERROR_ARGUMENT; break;
            case ujit::Error::Kind::Internal: status = UJIT_ERROR_INTERNAL; break;
            }
            fail(status, err.what());
            LastError& e = last_error();
            e.file = err.file();
            e.line = err.line();
            e.col = err.column();
            return status;
        } catch (const CudaUnavailable& err) {
            return fail(UJIT_ERROR_CUDA_UNAVAILABLE, std::string("error: CUDA is unavailable: ") + err.what());
        } catch (const std::bad_alloc&) {
            return fail(UJIT_ERROR_INTERNAL, "error: out of memory");
        } catch (const std::exception& err) {
            return fail(UJIT_ERROR_INTERNAL, std::string("internal error: ") + err.what());
        } catch (...) {
            return fail(UJIT_ERROR_INTERNAL, "internal error: unknown exception");
        }
    } catch (...) {
        // Recording the message itself failed (out of memory): the status still tells.
        return UJIT_ERROR_INTERNAL;
    }
}

}  // namespace ujit::capi

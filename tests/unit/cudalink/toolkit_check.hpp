// Whether NVRTC and nvJitLink load here (the CUDA toolkit, not a GPU); a Catch2 WARN saying
// why not, for tests that then skip.
#pragma once

#include <catch2/catch.hpp>

#include "cudalink/toolkit_libs.hpp"
#include "ujit/ujit.hpp"

namespace ujit::test {

inline bool has_cuda_toolkit() {
    try {
        cudalink::nvrtc();
        cudalink::nvjitlink();
        return true;
    } catch (const Error& e) {
        WARN("CUDA toolkit libraries absent, test skipped: " << e.what());
        return false;
    }
}

}  // namespace ujit::test

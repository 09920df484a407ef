// The CUDA driver's warm-up (cudadrv/cuda_warmup.hpp): started on the worker thread by the
// first module that declares a CUDA function, held back by UJIT_CUDA_WARMUP=0.
#include <catch2/catch.hpp>

#include <stdlib.h>

#include "cudadrv/cuda_warmup.hpp"
#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

TEST_CASE("a module declaring a CUDA kernel starts the driver's warm-up; UJIT_CUDA_WARMUP=0 holds it back",
          "[cudadrv][tiered]") {
    const char* kernel = "from numba import cuda\n\n@cuda.jit\ndef k(a):\n    a[0] = 1\n";
    if (!ujit::cuda::cuda_warmup_started()) {
        ::setenv("UJIT_CUDA_WARMUP", "0", 1);
        ujit::Module::from_string(kernel, "k.py");
        ::unsetenv("UJIT_CUDA_WARMUP");
        CHECK_FALSE(ujit::cuda::cuda_warmup_started());
        ujit::Module::from_string("def f(x):\n    return x\n", "f.py");
        CHECK_FALSE(ujit::cuda::cuda_warmup_started());  // no CUDA function: no driver
    }
    ujit::Module m = ujit::Module::from_string(kernel, "k.py");
    CHECK(ujit::cuda::cuda_warmup_started());
    // Whatever the warm-up found, the process asks the driver as before.
    CHECK_NOTHROW(ujit::cuda::is_available());
}

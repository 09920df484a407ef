// The CUDA driver's warm-up (cudadrv/cuda_warmup.hpp): started on the worker thread by the
// first module that declares a CUDA function, held back by UJIT_CUDA_WARMUP=0.
#include <catch2/catch.hpp>

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cudadrv/cuda_warmup.hpp"
#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

TEST_CASE("a module declaring a CUDA kernel starts the driver's warm-up, UJIT_CUDA_WARMUP=0 holds it back",
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

// Without the wait at fork, a child forked while the warm-up was inside cuInit would hang at
// its first driver call (the one-time initialization it would wait for runs in a thread the
// child does not have). ctest runs each case in a new process, where this fork is the first.
TEST_CASE("a fork right after the warm-up started gives the child a driver that answers", "[cudadrv][tiered]") {
    ujit::Module m =
        ujit::Module::from_string("from numba import cuda\n\n@cuda.jit\ndef k(a):\n    a[0] = 2\n", "k2.py");
    pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::alarm(60);  // a hang ends the child by SIGALRM: the test fails instead of hanging
        bool available = ujit::cuda::is_available();
        ::_exit(available || !ujit::cuda::unavailable_reason().empty() ? 0 : 3);
    }
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
}

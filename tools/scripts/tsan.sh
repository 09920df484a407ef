#!/usr/bin/env bash
# ThreadSanitizer run of the multi-threaded tests: builds build/tsan (GCC, -fsanitize=thread,
# UJIT_TSAN=ON) and runs every ujit_tests case tagged [threads] (many threads compiling the
# same and different functions of one Module, parallel ufuncs, the thread pool, the
# in-memory and disk caches). Any data race or lock-order inversion TSan sees fails the run.
#   tools/scripts/tsan.sh [CATCH2 FILTER]     (default "[threads]"; build/tsan compiles only the test
#                                             files holding a [threads] case: for others, configure
#                                             it once with -DUJIT_TSAN_TESTS=all)
#   tools/scripts/tsan.sh --runtime           only the thread pool, the parallel ufunc executor, the
#                                             parallel=True runtime (prange chunks, the raise carried
#                                             from a worker), the disk cache and the CUDA runtime's
#                                             worker thread (cudadrv/background_task.cpp): their tests and
#                                             sources in one binary
#                                             (build/tsan-runtime, a few minutes instead of the
#                                             whole library and test suite)
# CI runs it (tools/scripts/test.sh). The library builds at -O1 -g1 (CMakeLists.txt), what TSan's
# reports need at the least cost of a cold build.
set -euo pipefail
cd "$(dirname "$0")/../.."
filter="${1:-[threads]}"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:history_size=4"

if [[ "$filter" == --runtime ]]; then
  mkdir -p build/tsan-runtime
  g++ -std=c++20 -O1 -g -fsanitize=thread -Iinclude -Isrc -Itests -I/usr/lib/llvm-19/include \
    -DUJIT_VERSION_STRING='"tsan"' tests/unit/main.cpp tests/unit/runtime/ufunc_exec_test.cpp \
    tests/unit/cache/disk_cache_test.cpp tests/unit/cpu/parallel_runtime_test.cpp \
    tests/unit/cudadrv/background_task_test.cpp src/cudadrv/background_task.cpp \
    src/runtime/{broadcast,scalar,datetime_text,thread_pool,ufunc_exec,values,dtype,shape,pyrepr,errors,cast,file_write,huge_pages}.cpp \
    src/cpu/{parallel_runtime,helper_errors}.cpp src/codegen/runtime_error_text.cpp src/nrt/{nrt,blocks,array_owner,unwind_refs}.cpp src/strings/{str_convert,str_text,str_ops}.cpp \
    src/cache/{cache_key,disk_cache,cache_dir,hit_counters,hash,entry_format,trust}.cpp \
    -L/usr/lib/llvm-19/lib -lLLVM-19 -lfmt -o build/tsan-runtime/ujit_runtime_tsan
  UJIT_CACHE_DIR="$PWD/build/tsan-runtime/cache" build/tsan-runtime/ujit_runtime_tsan
  exit
fi
cmake -S . -B build/tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DUJIT_TSAN=ON -DUJIT_BUILD_BENCH=OFF >/dev/null
cmake --build build/tsan -j "${UJIT_JOBS:-2}" --target ujit_tests
# Code ujit JIT-compiles, and libLLVM, are not instrumented: races inside them are not seen,
# races between them and ujit's own (instrumented) code are.
export UJIT_CACHE_DIR="$PWD/build/tsan/cache"
build/tsan/tests/ujit_tests "$filter" --durations yes

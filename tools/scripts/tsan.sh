#!/usr/bin/env bash
# ThreadSanitizer run of the multi-threaded tests: builds build/tsan (GCC, -fsanitize=thread,
# UJIT_TSAN=ON) and runs every ujit_tests case tagged [threads] (many threads compiling the
# same and different functions of one Module, parallel ufuncs, the thread pool, the
# in-memory and disk caches). Any data race or lock-order inversion TSan sees fails the run.
#   tools/scripts/tsan.sh [CATCH2 FILTER]     (default "[threads]")
# Not part of CI (tools/scripts/test.sh): it builds the library and tests a third time;
# README "Reliability" has the latest results.
set -euo pipefail
cd "$(dirname "$0")/../.."
filter="${1:-[threads]}"
cmake -S . -B build/tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DUJIT_TSAN=ON -DUJIT_BUILD_BENCH=OFF >/dev/null
cmake --build build/tsan -j "${UJIT_JOBS:-2}" --target ujit_tests
# Code ujit JIT-compiles, and libLLVM, are not instrumented: races inside them are not seen,
# races between them and ujit's own (instrumented) code are.
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:history_size=4"
export UJIT_CACHE_DIR="$PWD/build/tsan/cache"
build/tsan/tests/ujit_tests "$filter" --durations yes

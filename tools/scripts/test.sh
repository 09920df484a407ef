#!/usr/bin/env bash
# The whole test suite, as CI runs it (2 cores, no GPU; each step's duration is printed):
#   0. the tree matches .clang-format (tools/scripts/format.sh --check);
#   1. Release build (build/release, warnings are errors), every ctest test (unit, e2e, conformance, lit, C API,
#      the Python package's pytest suite tests/python, and the install + find_package consumer);
#   2. AddressSanitizer + UBSan build (build/asan, warnings are errors) of the library, CLI and tests, every
#      ctest test again (the Catch2 cases in a few processes: tools/scripts/unit_in_process.sh)
#      except the package test, the disk cache's process stress and the conformance corpus through
#      the CLI (their in-process tests run), the lit suites without LeakSanitizer's scan at each
#      process exit;
#   3. the small libFuzzer targets (build/fuzz, clang-19), each run ~15 s from the committed seeds
#      (the compiler-wide ones are replayed in step 2's ctest: fuzz.compile_seeds, fuzz.kernel_paths);
#   4. ThreadSanitizer build (build/tsan: the library and the test files with [threads] cases)
#      and the [threads] test cases;
# GPU tests ([gpu]) skip themselves when no CUDA driver is present.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
jobs="${UJIT_JOBS:-2}"

# Each step's duration is printed when the next starts, and all of them at the end (also
# when a step fails), so that CI's log shows where the time goes.
steps=() last_step="" step_start=$SECONDS tests_dir=""
step() {
  if [[ -n "$last_step" ]]; then
    steps+=("$(printf '%-14s %4d s' "$last_step" $((SECONDS - step_start)))")
    printf '=== %s took %d s\n' "$last_step" $((SECONDS - step_start))
  fi
  last_step="$1" step_start=$SECONDS
  printf '\n=== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"
}
durations() {
  local rc=$?
  # A failed test step: the lines that say why, where CI's tail shows them.
  if [[ $rc -ne 0 && -n "$tests_dir" && "$last_step" == *tests ]]; then
    python3 tools/scripts/failure_digest.py "$tests_dir" || true
  fi
  [[ "$last_step" == "done" ]] || steps+=("$(printf '%-14s %4d s (stopped here)' "$last_step" $((SECONDS - step_start)))")
  printf '\n=== step durations (total %d s)\n' "$SECONDS"
  printf '  %s\n' "${steps[@]}"
  return $rc
}
trap durations EXIT

step "setup"
tools/scripts/setup.sh

step "format"
tools/scripts/format.sh --check

step "release build"
tools/scripts/build.sh build/release -DCMAKE_BUILD_TYPE=Release -DUJIT_WERROR=ON
step "release tests"
tests_dir=build/release
ctest --test-dir build/release -j "$jobs" --output-on-failure

step "asan build"
tools/scripts/build.sh build/asan -DCMAKE_BUILD_TYPE=Debug -DUJIT_SANITIZE=ON -DUJIT_BUILD_BENCH=OFF -DUJIT_WERROR=ON
step "asan tests"
# LeakSanitizer works under the JIT, but LLVM keeps some allocations for the life of the
# process (option tables, target registries): those are suppressed by library, ujit's own
# leaks still fail the run.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:check_initialization_order=1"
export LSAN_OPTIONS="suppressions=$root/tools/scripts/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
tests_dir=build/asan
# The in-process suites, every leak checked when each test binary exits. The Catch2 cases run
# in a few processes, not ctest's one per case (a sanitized start and exit scan cost about a
# second each: half this step). The conformance corpus through `ujit run` (a process per case,
# 700 s here) and the disk cache's multi-process stress are left to the release step: the
# conformance's in-process twin ("... through the C++ API") and the cache's own tests run here.
tools/scripts/unit_in_process.sh build/asan "$jobs"
ctest --test-dir build/asan -j "$jobs" --output-on-failure -LE 'package|lit|stress|unit|gpu|host-device|fakecuda'
# The lit suites start hundreds of `ujit` processes: ASan and UBSan check each one, but
# LeakSanitizer's scan at each exit (about a second a process) is left to the suites above.
ASAN_OPTIONS="${ASAN_OPTIONS/detect_leaks=1/detect_leaks=0}" ctest --test-dir build/asan -j "$jobs" \
  --output-on-failure -L lit

# Fuzz smoke: a short, fixed-seed run of each libFuzzer target (tools/fuzz). Longer runs:
# tools/scripts/fuzz.sh SECONDS.
step "fuzz smoke"
tools/scripts/fuzz.sh --smoke

step "tsan"
tools/scripts/tsan.sh

step "done"

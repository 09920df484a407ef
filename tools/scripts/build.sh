#!/usr/bin/env bash
# Configures and builds one ujit build directory with Ninja.
#   tools/scripts/build.sh DIR [cmake options...]      e.g. build/release -DCMAKE_BUILD_TYPE=Release
# UJIT_JOBS sets the parallelism (default 2, what CI has).
set -euo pipefail
cd "$(dirname "$0")/../.."
dir="$1"; shift
cmake -S . -B "$dir" -G Ninja "$@" >/dev/null
cmake --build "$dir" -j "${UJIT_JOBS:-2}"

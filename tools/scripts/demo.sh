#!/usr/bin/env bash
# Quick start: installs what is missing, builds ujit (Release, build/release) and runs the
# demo, which compiles and runs the course examples of lang/examples.
set -euo pipefail
cd "$(dirname "$0")/../.."
tools/scripts/setup.sh
tools/scripts/build.sh build/release -DCMAKE_BUILD_TYPE=Release -DUJIT_BUILD_BENCH=OFF
# The CLI's binary is tools/ujit/ujit in the build tree (tools/ujit is its folder).
cli=build/release/tools/ujit/ujit
[[ -x "$cli" ]] || cli=build/release/tools/ujit
exec "$cli" demo "$@"

#!/usr/bin/env bash
# Applies .clang-format (clang-format-19) to every C and C++ file git tracks, or with --check
# lists the files that differ from it and fails (what CI runs).
set -euo pipefail
cd "$(dirname "$0")/../.."
cf="${CLANG_FORMAT:-clang-format-19}"
mapfile -t files < <(git ls-files '*.c' '*.h' '*.cpp' '*.hpp' '*.cu')
if [[ "${1:-}" == "--check" ]]; then
    bad=0
    for f in "${files[@]}"; do
        if ! "$cf" --dry-run -Werror "$f" >/dev/null 2>&1; then echo "format: $f differs from .clang-format"; bad=1; fi
    done
    ((bad == 0)) && echo "format: ${#files[@]} files match .clang-format"
    exit $bad
fi
"$cf" -i "${files[@]}"

#!/usr/bin/env bash
# Builds the relocatable release bundle (cmake/UjitPackage.cmake): a Release build with LLVM
# linked statically, the tests and benchmarks, in build/bundle, packed by CPack into
# build/bundle/ujit-VERSION-Linux-x86_64.tar.xz. Check it with tools/scripts/bundle_check.sh.
#   tools/scripts/bundle.sh [extra cmake options...]
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=build/bundle
tools/scripts/build.sh "$dir" -DCMAKE_BUILD_TYPE=Release -DUJIT_LLVM_STATIC=ON \
  -DUJIT_BUNDLE_TESTS=ON -DUJIT_BUILD_BENCH=ON "$@"
rm -f "$dir"/ujit-*-Linux-x86_64.tar.xz
(cd "$dir" && cpack -G TXZ >/dev/null)
tarball=$(ls "$dir"/ujit-*-Linux-x86_64.tar.xz)
size=$(stat -c %s "$tarball")
echo "$PWD/$tarball ($((size / 1024 / 1024)) MiB, $size bytes)"
# It is carried to GPU machines with a 64 MiB limit on what travels.
if ((size > 45 * 1000 * 1000)); then
  echo "bundle: larger than 45 MB" >&2
  exit 1
fi

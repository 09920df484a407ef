#!/usr/bin/env bash
# Packs LLVM's FileCheck (llvm-19-tools) for the lent GPU machines, which have no LLVM, into
# .device-bin/filecheck.tar.xz; tools/scripts/gpu_python.sh puts it on PATH there. numba-cuda's
# suite checks debug info and PTX with FileCheck (assertFileCheckMatches) and skips those
# tests without it. FileCheck needs libz3 and libzstd, which travel with it; a wrapper named
# FileCheck runs the binary with them on LD_LIBRARY_PATH. About 7 MB compressed.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-/usr/lib/llvm-19/bin/FileCheck}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lib"
cp "$bin" "$work/FileCheck.bin"
for lib in libz3.so.4 libzstd.so.1; do cp -L "$(ldconfig -p | awk -v l=$lib '$1 == l {print $NF; exit}')" "$work/lib/"; done
cat > "$work/FileCheck" <<'WRAP'
#!/bin/sh
here=$(dirname "$(readlink -f "$0")")
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$here/FileCheck.bin" "$@"
WRAP
chmod +x "$work/FileCheck"
mkdir -p .device-bin
tar cJf .device-bin/filecheck.tar.xz -C "$work" .
echo ".device-bin/filecheck.tar.xz: $(du -h .device-bin/filecheck.tar.xz | cut -f1)"

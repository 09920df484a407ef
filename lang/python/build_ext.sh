#!/usr/bin/env bash
# Builds the extension module ujit._ujit for the python3 on PATH (or $PYTHON) with gcc,
# against an existing libujit.so: for a Python other than the one CMake built it for (the
# GPU machine's 3.12 + NumPy 2, say). No CMake needed; the result goes where the package
# looks for it (lang/python/ujit/_native.py), and links libujit.so through an RPATH.
#   lang/python/build_ext.sh LIBDIR [OUTDIR]
#     LIBDIR  the folder of libujit.so (build/release/src, or a bundle's lib)
#     OUTDIR  where _ujit<suffix>.so goes (default: a bundle's lib/python/ujit, beside the
#             package, when LIBDIR is a bundle's lib; else build/python of this tree)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$here/ujit/_native"
[[ -d "$src" ]] || src="$here"   # the bundle's share/ujit/python-src holds the .c files flat
repo="$(cd "$here/../.." && pwd)"
libdir="$(cd "${1:?usage: build_ext.sh LIBDIR [OUTDIR]}" && pwd)"
if [[ -n "${2:-}" ]]; then
  out="$2"
elif [[ -d "$libdir/python/ujit" ]]; then
  out="$libdir/python/ujit"
else
  out="$repo/build/python"
fi
py="${PYTHON:-python3}"
mkdir -p "$out"

# ujit.h: this tree's include/, or the bundle's (LIBDIR/../include).
inc=""
for d in "$repo/include" "$libdir/../include"; do
  [[ -f "$d/ujit/ujit.h" ]] && { inc="$d"; break; }
done
[[ -n "$inc" ]] || { echo "build_ext: ujit/ujit.h not found" >&2; exit 1; }

# DLPack's header: Debian's libdlpack-dev, else one shipped with PyTorch or CuPy.
dl=""
for d in /usr/include /usr/local/include "$inc"; do
  [[ -f "$d/dlpack/dlpack.h" ]] && { dl="$d"; break; }
done
if [[ -z "$dl" ]]; then
  found=$("$py" - <<'PY' 2>/dev/null || true
import glob, importlib.util, os
for mod in ("torch", "cupy"):
    spec = importlib.util.find_spec(mod)
    if spec and spec.origin:
        hits = glob.glob(os.path.join(os.path.dirname(spec.origin), "**", "dlpack.h"), recursive=True)
        if hits:
            print(hits[0])
            break
PY
)
  [[ -n "$found" ]] || { echo "build_ext: dlpack/dlpack.h not found (install libdlpack-dev)" >&2; exit 1; }
  dl="$out/include"
  mkdir -p "$dl/dlpack"
  cp "$found" "$dl/dlpack/dlpack.h"
fi

pyinc=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
npinc=$("$py" -c 'import numpy; print(numpy.get_include())')
suffix=$("$py" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
gcc -O2 -std=c11 -shared -fPIC -fvisibility=hidden -Wall -Wextra -Wno-unused-parameter \
  -I"$pyinc" -I"$npinc" -I"$inc" -I"$dl" "$src"/*.c \
  -L"$libdir" -lujit -Wl,-rpath,"$libdir" -o "$out/_ujit$suffix"
echo "$out/_ujit$suffix"

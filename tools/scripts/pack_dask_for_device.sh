#!/usr/bin/env bash
# Packs Dask for the lent GPU machines, which have no Dask and no package index, into
# .device-bin/dask-py.tar.xz; tools/scripts/gpu_python.sh puts it on PYTHONPATH there.
#   tools/scripts/pack_dask_for_device.sh DASK_GIT DISTRIBUTED_GIT ZICT_GIT [TAG]
# DASK_GIT, DISTRIBUTED_GIT, ZICT_GIT: git directories of dask/dask, dask/distributed and
# dask/zict (the tool library's `fetch` gives them). TAG (default 2026.7.1) picks one release of
# dask and distributed, which pin each other. Pure-Python dependencies that machine's Python 3.12
# venv lacks (tornado, tblib, locket, partd) come from this machine's Debian packages; the venv
# has the rest (psutil, msgpack, cloudpickle, toolz, fsspec, PyYAML, click, jinja2).
set -euo pipefail
cd "$(dirname "$0")/../.."
dask_git=$1 distributed_git=$2 zict_git=$3 tag=${4:-2026.7.1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$dask_git" archive "$tag" dask | tar x -C "$work"
git -C "$distributed_git" archive "$tag" distributed | tar x -C "$work"
git -C "$zict_git" archive HEAD zict | tar x -C "$work"
# setuptools-scm writes _version.py when it builds a release; a git archive has none.
for pkg in dask distributed; do
  commit=$(git -C "$([[ $pkg == dask ]] && echo "$dask_git" || echo "$distributed_git")" rev-parse "$tag^{commit}")
  printf '__version__ = version = "%s"\n__commit_id__ = "%s"\n' "$tag" "$commit" >"$work/$pkg/_version.py"
done
for pkg in tornado tblib locket partd; do
  src=$(/usr/bin/python3 -c "import os, $pkg; print(os.path.dirname($pkg.__file__))")
  # Debian's C speedups are built for its own Python; the packages fall back without them.
  cp -r "$src" "$work/"
done
find "$work" \( -name '*.so' -o -name __pycache__ \) -prune -exec rm -rf {} +
mkdir -p .device-bin
tar cJf .device-bin/dask-py.tar.xz -C "$work" .
echo ".device-bin/dask-py.tar.xz: dask and distributed $tag, $(du -h .device-bin/dask-py.tar.xz | cut -f1)"

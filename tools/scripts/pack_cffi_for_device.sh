#!/usr/bin/env bash
# Packs cffi for the lent GPU machines' Python 3.12, which has none (and no package index),
# into .device-bin/cffi-py.tar.xz; tools/scripts/gpu_python.sh puts it on PYTHONPATH there.
# numba-cuda's test_device_func, test_cooperative_groups and test_inspect import cffi at
# their top, as numba-cuda itself needs it for them, so without it they cannot be counted.
#   tools/scripts/pack_cffi_for_device.sh [SITE_PACKAGES]
# SITE_PACKAGES: a CPython 3.12 x86-64 site-packages holding cffi as its manylinux wheel
# installs it (_cffi_backend with its own libffi under cffi.libs, found by RPATH) and
# pycparser; default: the Google Cloud SDK's bundled Python 3.12 on this machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
site=${1:-/usr/lib/google-cloud-sdk/platform/bundledpythonunix/lib/python3.12/site-packages}
backend=$(ls "$site"/_cffi_backend.cpython-312-x86_64-linux-gnu.so)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$site/cffi" "$site/pycparser" "$backend" "$work/"
[[ -d $site/cffi.libs ]] && cp -r "$site/cffi.libs" "$work/"
find "$work" -name __pycache__ -prune -exec rm -rf {} +
mkdir -p .device-bin
tar cJf .device-bin/cffi-py.tar.xz -C "$work" .
echo ".device-bin/cffi-py.tar.xz: cffi $(sed -n 's/^__version__ = "\(.*\)"/\1/p' "$site/cffi/__init__.py"), $(du -h .device-bin/cffi-py.tar.xz | cut -f1)"

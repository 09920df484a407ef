"""Builds the Python package: the extension ujit._ujit (ujit/_native/*.c, C over ujit.h) and
libujit beside it, so that `import ujit` works in the environment pip installs into with no
environment variables (the extension's RPATH is $ORIGIN).

libujit comes from, first found:
  1. $UJIT_LIBDIR (a folder holding libujit.so: a build's src/, a bundle's lib/);
  2. this source tree's build/release/src (tools/scripts/build.sh build/release);
  3. a CMake build of the library alone into build/pip (LLVM 19 and the CUDA toolkit's
     headers, as the README's set-up installs them; several minutes).
"""
import glob
import os
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
NATIVE = os.path.join("ujit", "_native")


def _library_dir():
    candidates = [os.environ.get("UJIT_LIBDIR"), os.path.join(REPO, "build", "release", "src")]
    for d in candidates:
        if d and os.path.exists(os.path.join(d, "libujit.so")):
            return d
    build = os.path.join(REPO, "build", "pip")
    cmake = ["cmake", "-S", REPO, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
             "-DUJIT_BUILD_TESTS=OFF", "-DUJIT_BUILD_BENCH=OFF", "-DUJIT_BUILD_PYTHON=OFF"]
    if shutil.which("ninja") is None:
        cmake.remove("-G")
        cmake.remove("Ninja")
    subprocess.check_call(cmake)
    subprocess.check_call(["cmake", "--build", build, "--target", "ujit", "--parallel"])
    return os.path.join(build, "src")


def _dlpack_include():
    for d in ("/usr/include", "/usr/local/include", os.path.join(REPO, "include")):
        if os.path.exists(os.path.join(d, "dlpack", "dlpack.h")):
            return d
    for d in glob.glob(os.path.join(REPO, "build", "*", "_deps", "*dlpack*", "include")):
        return d
    # One shipped with PyTorch or CuPy (the lent GPU machine has no libdlpack-dev), copied
    # into build/ as dlpack/dlpack.h (build_ext.sh does the same).
    import importlib.util

    for mod in ("torch", "cupy"):
        spec = importlib.util.find_spec(mod)
        if spec and spec.origin:
            hits = glob.glob(os.path.join(os.path.dirname(spec.origin), "**", "dlpack.h"), recursive=True)
            if hits:
                inc = os.path.join(HERE, "build", "dlpack-include")
                os.makedirs(os.path.join(inc, "dlpack"), exist_ok=True)
                shutil.copy2(hits[0], os.path.join(inc, "dlpack", "dlpack.h"))
                return inc
    raise RuntimeError("dlpack/dlpack.h not found: install Debian's libdlpack-dev")


class BuildWithLibujit(build_ext):
    """Links against libujit and copies it (its soname file) next to the extension."""

    def run(self):
        import numpy

        libdir = _library_dir()
        for ext in self.extensions:
            ext.include_dirs += [os.path.join(REPO, "include"), _dlpack_include(), numpy.get_include()]
            ext.library_dirs.append(libdir)
        super().run()
        # The extension needs libujit by its soname (libujit.so.0): the shortest versioned name.
        versioned = sorted(glob.glob(os.path.join(libdir, "libujit.so.*")), key=len)
        soname = os.path.basename(versioned[0]) if versioned else "libujit.so"
        target = os.path.join(self.build_lib, "ujit", soname)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(os.path.realpath(os.path.join(libdir, "libujit.so")), target)
        if self.inplace:
            shutil.copy2(target, os.path.join(HERE, "ujit", soname))
        # A wheel carries the shared libraries libujit needs that a machine may lack
        # (tools/scripts/wheel.sh: libfmt); ujit/_native.py loads them before the extension.
        for lib in filter(None, os.environ.get("UJIT_BUNDLE_LIBS", "").split(os.pathsep)):
            shutil.copy2(os.path.realpath(lib), os.path.join(self.build_lib, "ujit", os.path.basename(lib)))


extension = Extension(
    "ujit._ujit",
    sources=sorted(glob.glob(os.path.join(NATIVE, "*.c"))),
    libraries=["ujit"],
    runtime_library_dirs=["$ORIGIN"],
    extra_compile_args=["-std=c11", "-fvisibility=hidden", "-Wno-unused-parameter"],
)

setup(
    packages=find_packages(include=["ujit", "ujit.*"]),
    ext_modules=[extension],
    cmdclass={"build_ext": BuildWithLibujit},
    zip_safe=False,
)

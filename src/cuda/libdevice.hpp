// libdevice (NVIDIA's math library as LLVM bitcode, nvvm/libdevice/libdevice.10.bc): found
// once, read once per process, and linked into each module lazily — only the `__nv_*`
// functions the module calls (and what they call) are materialized, from a subset of
// libdevice kept per set of called functions (libdevice.cpp says why).
#pragma once

#include <llvm/IR/Module.h>

#include <string>

namespace ujit::cuda {

// The libdevice file: the first of $CUDA_HOME, $CUDA_PATH, the toolkit ujit was built
// with (UJIT_CUDA_HOME), /usr/local/cuda that has nvvm/libdevice/libdevice.10.bc.
// Throws ujit::Error (Runtime) naming every place it looked.
std::string find_libdevice();

// Links the libdevice functions `m` calls into `m` (nothing when it calls none).
// `path` empty: find_libdevice(). Returns whether anything was linked. Thread-safe: the
// file's bytes are shared, each module parses its own copy in its own context.
bool link_libdevice(llvm::Module& m, const std::string& path = {});

// Whether `m` still calls a `__nv_*` function it does not define; its name, or "".
std::string unresolved_libdevice_call(const llvm::Module& m);

}  // namespace ujit::cuda

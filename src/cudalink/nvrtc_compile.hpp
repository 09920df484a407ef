// CUDA C++ compiled by NVRTC: a source text (a .cu file's, or a RawKernel's) to PTX, cubin or
// LTO-IR for one architecture, with CUDA's include directory on the path. Compilations are
// kept in the disk cache (cache/disk_cache.hpp) keyed by the source, options, architecture
// and NVRTC's version, so a second process pays a file read. NVRTC's diagnostics become one
// ujit::Error (Compile) located at the .cu file's line and column.
#pragma once

#include <string>
#include <vector>

namespace ujit::cudalink {

enum class CudaOutput { Ptx, Cubin, LtoIr };

struct CudaSource {
    std::string text;
    std::string name;  // the file name diagnostics carry ("functions.cu", or a RawKernel's)
};

struct CudaCompileOptions {
    std::string arch = "sm_75";        // "sm_90": PTX for compute_90, cubin for sm_90
    CudaOutput output = CudaOutput::Ptx;
    bool relocatable = false;           // -rdc=true: extern device functions for linking
    std::vector<std::string> extra;     // user options (-D..., -I..., --use_fast_math, ...)
};

// The compiled code (PTX text, or the cubin/LTO-IR bytes). Throws ujit::Error: Compile with
// "NAME:LINE:COL: error: MESSAGE" (and NVRTC's other diagnostics after it) when the source
// does not compile, Runtime when NVRTC is absent or refuses an option.
std::string compile_cuda(const CudaSource& source, const CudaCompileOptions& options);

// NVRTC's log turned into clang-style diagnostics: "NAME(LINE): error: MSG" + the source
// line + a caret line become "NAME:LINE:COL: error: MSG" (COL from the caret; 1 without).
// Exposed for tests.
std::string format_nvrtc_log(const std::string& log);

// The number of NVRTC compilations this process ran (cache hits excluded): what tests of
// the disk cache check.
size_t nvrtc_compilations();

}  // namespace ujit::cudalink

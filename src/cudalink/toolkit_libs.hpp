// NVRTC (CUDA C++ → PTX/cubin/LTO-IR) and nvJitLink (device code linker), opened with dlopen
// on first use like libcuda.so.1 (cudadrv/driver_loader.cpp): ujit never links them, so a
// machine without the CUDA toolkit still runs everything else, and what needs them fails
// with an error naming the library and every place it was looked for.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#define NVJITLINK_NO_INLINE  // only the types: the functions come through dlsym
#include <nvJitLink.h>
#include <nvrtc.h>

namespace ujit::cudalink {

struct NvrtcApi {
    const char* (*GetErrorString)(nvrtcResult) = nullptr;
    nvrtcResult (*Version)(int*, int*) = nullptr;
    nvrtcResult (*CreateProgram)(nvrtcProgram*, const char*, const char*, int, const char* const*,
                                 const char* const*) = nullptr;
    nvrtcResult (*DestroyProgram)(nvrtcProgram*) = nullptr;
    nvrtcResult (*CompileProgram)(nvrtcProgram, int, const char* const*) = nullptr;
    nvrtcResult (*GetProgramLogSize)(nvrtcProgram, size_t*) = nullptr;
    nvrtcResult (*GetProgramLog)(nvrtcProgram, char*) = nullptr;
    nvrtcResult (*GetPTXSize)(nvrtcProgram, size_t*) = nullptr;
    nvrtcResult (*GetPTX)(nvrtcProgram, char*) = nullptr;
    nvrtcResult (*GetCUBINSize)(nvrtcProgram, size_t*) = nullptr;
    nvrtcResult (*GetCUBIN)(nvrtcProgram, char*) = nullptr;
    nvrtcResult (*GetLTOIRSize)(nvrtcProgram, size_t*) = nullptr;
    nvrtcResult (*GetLTOIR)(nvrtcProgram, char*) = nullptr;
    int major = 0, minor = 0;  // nvrtcVersion
};

struct NvJitLinkApi {
    nvJitLinkResult (*Create)(nvJitLinkHandle*, uint32_t, const char**) = nullptr;
    nvJitLinkResult (*Destroy)(nvJitLinkHandle*) = nullptr;
    nvJitLinkResult (*AddData)(nvJitLinkHandle, nvJitLinkInputType, const void*, size_t, const char*) = nullptr;
    nvJitLinkResult (*Complete)(nvJitLinkHandle) = nullptr;
    nvJitLinkResult (*GetLinkedCubinSize)(nvJitLinkHandle, size_t*) = nullptr;
    nvJitLinkResult (*GetLinkedCubin)(nvJitLinkHandle, void*) = nullptr;
    nvJitLinkResult (*GetLinkedPtxSize)(nvJitLinkHandle, size_t*) = nullptr;
    nvJitLinkResult (*GetLinkedPtx)(nvJitLinkHandle, char*) = nullptr;
    nvJitLinkResult (*GetErrorLogSize)(nvJitLinkHandle, size_t*) = nullptr;
    nvJitLinkResult (*GetErrorLog)(nvJitLinkHandle, char*) = nullptr;
    nvJitLinkResult (*GetInfoLogSize)(nvJitLinkHandle, size_t*) = nullptr;
    nvJitLinkResult (*GetInfoLog)(nvJitLinkHandle, char*) = nullptr;
    nvJitLinkResult (*Version)(unsigned int*, unsigned int*) = nullptr;
    unsigned major = 0, minor = 0;  // nvJitLinkVersion
};

// libNVVM (LLVM IR in the NVVM dialect → PTX or LTO-IR); its header is not in every toolkit
// (nvvm/include), so the few types it needs are spelled here: nvvmResult is an int enum.
using NvvmProgram = struct NvvmProgramOpaque*;
struct NvvmApi {
    int (*Version)(int*, int*) = nullptr;
    int (*CreateProgram)(NvvmProgram*) = nullptr;
    int (*DestroyProgram)(NvvmProgram*) = nullptr;
    int (*AddModuleToProgram)(NvvmProgram, const char*, size_t, const char*) = nullptr;
    int (*CompileProgram)(NvvmProgram, int, const char**) = nullptr;
    int (*GetCompiledResultSize)(NvvmProgram, size_t*) = nullptr;
    int (*GetCompiledResult)(NvvmProgram, char*) = nullptr;
    int (*GetProgramLogSize)(NvvmProgram, size_t*) = nullptr;
    int (*GetProgramLog)(NvvmProgram, char*) = nullptr;
    int major = 0, minor = 0;  // nvvmVersion
};

// Text a toolkit library hands out in two calls, its size (the NUL counted) and then its
// bytes, each returning 0 (the libraries' SUCCESS) or an error: "" when either fails, and
// without its NUL and trailing newlines. Their logs are read so.
template <class SizeFn, class TextFn> std::string library_log(SizeFn size_of, TextFn text_into) {
    size_t size = 0;
    if (size_of(&size) != 0 || size <= 1) return {};
    std::string log(size, '\0');
    if (text_into(log.data()) != 0) return {};
    log.resize(size - 1);
    while (!log.empty() && log.back() == '\n') log.pop_back();
    return log;
}

// Loaded once per process (thread-safe); throw ujit::Error (Runtime) naming the library and
// the places looked in when it is absent or lacks an entry point. $UJIT_NVRTC_LIBRARY and
// $UJIT_NVJITLINK_LIBRARY name the file to use instead (read on each call, so a test can
// point them at a missing file: a library that was found stays loaded).
const NvrtcApi& nvrtc();
const NvJitLinkApi& nvjitlink();
// $UJIT_NVVM_LIBRARY: the same for libNVVM, looked for in each toolkit's nvvm/lib64 too.
const NvvmApi& nvvm();
// Whether the library can be loaded (no throw); `why` gets the error when not.
bool nvjitlink_available(std::string* why = nullptr);
bool nvvm_available(std::string* why = nullptr);

// The NVRTC library nvrtc() loads, without loading it: "REALPATH:SIZE:MTIME" of the first
// candidate file that exists, or "" when only the system loader can tell (a bare soname).
// What the disk cache keys NVRTC's output on, so that a cache hit costs no dlopen (~100 ms).
std::string nvrtc_identity();
// The same for nvJitLink (what linked cubins are keyed on).
std::string nvjitlink_identity();
// The same for libNVVM (linked cubins made from ujit's NVVM IR are keyed on it too).
std::string nvvm_identity();

// The CUDA toolkit's include directory for NVRTC's -I (first of $CUDA_HOME, $CUDA_PATH,
// the build's toolkit, /usr/local/cuda that has include/cuda_runtime.h), or "".
std::string cuda_include_dir();

// CUDA's device runtime library, libcudadevrt.a, that cooperative kernels (cuda.cg) link: the
// file $UJIT_CUDADEVRT_LIBRARY names, else the first toolkit's lib64 (as above) that has it.
// Throws ujit::Error (Runtime) naming every place looked in when there is none.
std::string cudadevrt_library();

}  // namespace ujit::cudalink

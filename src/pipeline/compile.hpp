// The compiler's outline: one specialization from source to callable code.
//
//   parse (syntax) → check module + infer types (types) → lower to LLVM IR (codegen)
//     → optimize → { CPU: ORC JIT (cpu) | CUDA: libdevice + NVPTX → PTX (cuda) }
//
// With the disk cache (cache/, driver/disk_artifact.hpp) a specialization compiled by an
// earlier process skips lowering, optimization and code generation: typing runs, then the
// cached PTX is returned, or the cached object code is linked into the JIT.
//
// Each step is a call into its own folder; this file only sequences them and times them.
#pragma once

#include "types/infer.hpp"
#include "ujit/ujit.hpp"

#include <memory>
#include <string>
#include <vector>

namespace ujit::pipeline {

// What the caller wants built for one typed function.
enum class Artifact { Entry, UfuncLoop, GufuncLoop };

struct StageTimes {  // milliseconds
    double type = 0, lower = 0, optimize = 0, codegen = 0;
    double total() const { return type + lower + optimize + codegen; }
};

struct Compiled {
    const types::TypedFunction* typed = nullptr;
    std::string typed_ir;   // ujit types dump
    std::string llvm_ir;    // optimized LLVM IR (CPU or CUDA)
    std::string assembly;   // x86-64 asm (CPU, produced lazily by the caller) or PTX (CUDA)
    void* entry = nullptr;  // CPU: raw entry point
    void* packed = nullptr; // CPU: packed wrapper (abi.hpp)
    void* generator_next = nullptr;  // CPU, a generator result: `$next` (abi.hpp)
    void* loop = nullptr;   // CPU ufunc or gufunc loop (Artifact::UfuncLoop, GufuncLoop)
    void* kernel_info = nullptr;  // a CUDA kernel compiled for the CPU: its cpu::KernelInfo
    bool from_disk_cache = false;  // the PTX or object code came from the disk cache
    // CUDA: the link= files the PTX is linked with before loading (types/link_file.hpp).
    std::vector<types::LinkFile> link;
    // CUDA with a .cu or LTO-IR link file: the module as NVVM IR and libNVVM's options for it
    // (cuda/nvvm_ir_writer.hpp), linked with LTO instead of the PTX; empty when the writer
    // refused the module (the PTX is linked then).
    std::string nvvm_ir;
    std::string nvvm_refused;  // why there is no NVVM IR, when it was asked for
    std::vector<std::string> nvvm_options;
    // CUDA: the kernel synchronizes its grid (cuda.cg): linked with CUDA's device runtime
    // (libcudadevrt.a) as well, and launched cooperatively (types::ModuleTyper::cooperative).
    bool cooperative = false;
    StageTimes times;
};

struct Request {
    const syntax::Module* module = nullptr;
    types::ModuleTyper* typer = nullptr;
    const syntax::FunctionDef* def = nullptr;
    std::vector<const types::Type*> args;
    const types::Type* declared_return = nullptr;
    Options options;
    Artifact artifact = Artifact::Entry;
    // GufuncLoop: when not empty, the loop's core table (sizes and strides, see
    // codegen::lower_gufunc_loop) as constants: a loop for one set of small core sizes.
    std::vector<int64_t> gufunc_core;
    bool keep_ir = false;  // keep the LLVM IR text (dumps)
    // hex64(fnv1a64(source text)) of the module; empty: the disk cache is not used.
    std::string source_hash;
};

// A CUDA request (Options::target == CUDA) whose arch is this compiles the kernel for the
// CPU (cpu/kernel_target.hpp): typed for CUDA, JIT-compiled like CPU code.
// "cpu+boundscheck": the same with every array index checked.
inline constexpr const char* kCudaOnCpuArch = "cpu";
inline constexpr const char* kCudaOnCpuCheckedArch = "cpu+boundscheck";
// "cpu+reference": one call per work-item, no block-wide rewrite (LaunchOptions::cpu_reference).
inline constexpr const char* kCudaOnCpuReferenceArch = "cpu+reference";
// A CPU request (Options::target CPU or Parallel) whose arch is this checks every array
// index, raising IndexError (Numba's boundscheck=True; ModuleState::get_or_compile).
inline constexpr const char* kCpuCheckedArch = "boundscheck";

// Types and compiles. Throws syntax::CompileError for user errors.
Compiled compile(const Request& req);

// The CPU assembly of a request (a separate compile: asm is for dumps only).
std::string cpu_assembly(const Request& req);

}  // namespace ujit::pipeline

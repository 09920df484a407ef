// The process-wide ORC JIT for the CPU target: one LLJIT for the host CPU, each compiled
// module in its own JITDylib (two specializations may define the same symbol name), with
// process symbols (libm, libmvec) and ujit's runtime functions (helper_symbols.hpp)
// resolvable from generated code. Thread-safe.
#pragma once

#include "cpu/optimize.hpp"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace llvm::orc {
class JITTargetMachineBuilder;
class LLJIT;
class JITDylib;
}  // namespace llvm::orc

namespace ujit::cpu {

class Jit {
public:
    // One compiled module: its JITDylib. Valid for the life of the process.
    struct Handle {
        llvm::orc::JITDylib* dylib = nullptr;
    };

    static Jit& instance();

    // The host target machine (CPU name and features detected once) of the calling thread,
    // used to configure, optimize and print modules. One per thread: a TargetMachine caches
    // subtargets in an unsynchronized map, so optimizing on several threads through one
    // shared machine races. Do not mutate its options.
    llvm::TargetMachine& target_machine();
    // This thread's machine with the JIT's own code generation settings (PIC and the small
    // code model, as LLJIT configures JITLink): emit_object's, and what `ujit asm` prints, so
    // that the dump shows the code that runs (a call of a function of the module is a direct
    // `call`, not the large code model's `movabs` and indirect call).
    llvm::TargetMachine& object_machine();

    // Takes ownership of the module and its context; code is generated on first lookup.
    // Throws std::runtime_error naming any called function that cannot be resolved.
    Handle add_module(std::unique_ptr<llvm::Module> m, std::unique_ptr<llvm::LLVMContext> ctx);

    // Object code (an ELF relocatable file) for `m`, made as the JIT's own compiler makes
    // it (same CPU, features, optimization level, PIC and small code model), for the disk
    // cache. `m` is optimized already (optimize_module); code generation changes it.
    // Throws std::runtime_error like add_module for unresolvable callees.
    std::string emit_object(llvm::Module& m);

    // Links object code (emit_object's, possibly from an earlier process) into a module
    // of its own; code is linked on first lookup. Throws std::runtime_error when LLVM
    // cannot read it.
    Handle add_object(std::string_view object);

    // Address of `symbol` in the module behind `h`; throws std::runtime_error with LLVM's
    // message when it is missing or fails to link (an unresolved external, say).
    void* lookup(Handle h, const std::string& symbol);

    Jit(const Jit&) = delete;
    Jit& operator=(const Jit&) = delete;
    ~Jit();

private:
    Jit();
    void check_externals(const llvm::Module& m);  // throws naming an unresolvable callee
    llvm::orc::JITDylib& new_module_dylib();
    std::unique_ptr<llvm::orc::JITTargetMachineBuilder> host_;  // makes each thread's machine
    std::unique_ptr<llvm::orc::LLJIT> jit_;
    llvm::orc::JITDylib* runtime_ = nullptr;  // ujit_rt_* and process symbols
};

}  // namespace ujit::cpu

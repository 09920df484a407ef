// Debug information for CUDA kernels: numba-cuda's @cuda.jit(lineinfo=True) (a line table:
// `.file`/`.loc` in the PTX, which Nsight's source views and cuda-gdb read) and
// @cuda.jit(debug=True) (full DWARF sections, `.target sm_XX, debug`), through LLVM's DIBuilder.
//
// The module gets one compile unit naming the user's file; every function lowered from a
// `def` gets a DISubprogram at its line, and each statement the location where it starts
// (file line and column); inlining device functions gives their locations an `inlinedAt`
// chain in the IR (LLVM 19's NVPTX writes no `inlined_at` into `.loc`). Variables are
// described for debug=True: each parameter and local of a number type, a uniform tuple of
// numbers or an array gets a DILocalVariable (base types named as Numba names them: int32,
// float64, bool...; an array the struct {data, shape, strides, owner} it is, data pointing to
// its elements) declared at its slot; other types (records, mixed tuples...) are not described.
#pragma once

#include "syntax/ast.hpp"
#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <string>
#include <vector>

namespace ujit::codegen {

enum class DebugInfoKind { None, LineTables, Full };

// What the decorator of `def` asks for: @cuda.jit(debug=True) Full, lineinfo=True LineTables
// (debug wins: numba-cuda warns that they are exclusive and emits full info).
DebugInfoKind requested_debug_info(const syntax::FunctionDef& def);

// Whether the decorator of `def` says opt=False: Numba's setting for debugging a kernel, which
// compiles it without optimization (LLVM's O0: variables stay in their slots for cuda-gdb).
bool requests_no_optimization(const syntax::FunctionDef& def);

// Adds the compile unit (and the module flags LLVM needs) for `source`'s file.
void begin_debug_info(llvm::Module& m, const syntax::SourceFile& source, DebugInfoKind kind);

// A DISubprogram for `f`, lowered from `def`; nothing when the module has no compile unit.
void attach_subprogram(llvm::Function& f, const syntax::FunctionDef& def, const syntax::SourceFile& source);

// Where the next instructions come from: `loc` in the function being built, when it has a
// subprogram.
void set_debug_location(llvm::IRBuilder<>& b, syntax::SourceLoc loc, const syntax::SourceFile& source);

// A variable of a function being lowered: its slot, and its parameter number (1-based; 0 for
// a local).
struct VariableSlot {
    std::string name;
    const types::Type* type;
    llvm::AllocaInst* slot;
    syntax::SourceLoc loc;
    unsigned arg;
};

// Describes `vars` of `f` (which has a subprogram) when its module carries full debug info.
void describe_variables(llvm::Function& f, const std::vector<VariableSlot>& vars, const syntax::SourceFile& source);

// Gives the functions made around `def` (the kernel's entry point) its subprogram, a location
// to every call that inlining needs one on, and finalizes the compile unit.
void finish_debug_info(llvm::Module& m, const syntax::FunctionDef& def, const syntax::SourceFile& source);

}  // namespace ujit::codegen

// Debug information for CUDA kernels (debug_info.hpp).
#include "codegen/debug_info.hpp"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DIBuilder.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Instructions.h>

#include <filesystem>

namespace ujit::codegen {

using namespace syntax;

namespace {

// The value of keyword `name` of a @cuda.jit(...) decorator, when it is the literal True.
bool keyword_true(const Call* c, const char* name) {
    for (const Keyword& k : c->keywords)
        if (k.name == name)
            if (auto* v = dyn_cast<BoolLit>(k.value)) return v->value;
    return false;
}

llvm::DICompileUnit* compile_unit(llvm::Module& m) {
    auto units = m.debug_compile_units();
    return units.empty() ? nullptr : *units.begin();
}

// A DWARF base type for a number type, named as Numba names it; null for other types.
llvm::DIType* base_type(llvm::DIBuilder& dib, const types::Type* t) {
    unsigned encoding = 0;
    if (t->is_bool())
        return dib.createBasicType("bool", 8, llvm::dwarf::DW_ATE_boolean);
    else if (t->is_int())
        encoding = t->is_signed() ? llvm::dwarf::DW_ATE_signed : llvm::dwarf::DW_ATE_unsigned;
    else if (t->is_float())
        encoding = llvm::dwarf::DW_ATE_float;
    else if (t->is_complex())
        encoding = llvm::dwarf::DW_ATE_complex_float;
    else
        return nullptr;
    return dib.createBasicType(t->str(), t->itemsize() * 8, encoding);
}

}  // namespace

DebugInfoKind requested_debug_info(const FunctionDef& def) {
    DebugInfoKind kind = DebugInfoKind::None;
    for (const Expr* d : def.decorators) {
        auto* c = dyn_cast<Call>(d);
        if (!c) continue;
        if (keyword_true(c, "debug")) return DebugInfoKind::Full;
        if (keyword_true(c, "lineinfo")) kind = DebugInfoKind::LineTables;
    }
    return kind;
}

void begin_debug_info(llvm::Module& m, const SourceFile& source, DebugInfoKind kind) {
    if (kind == DebugInfoKind::None || compile_unit(m)) return;
    std::filesystem::path path(source.name());
    llvm::DIBuilder dib(m);
    llvm::DIFile* file = dib.createFile(path.filename().string(), path.parent_path().string());
    // Optimized: ujit runs LLVM's O3 on kernels whatever opt= says (numba-cuda's debug=True
    // kernels say isOptimized: true too).
    dib.createCompileUnit(llvm::dwarf::DW_LANG_C_plus_plus, file, "ujit", /*isOptimized=*/true, "", 0, "",
                          kind == DebugInfoKind::Full ? llvm::DICompileUnit::FullDebug
                                                      : llvm::DICompileUnit::DebugDirectivesOnly);
    dib.finalize();
    // DWARF 2: the version CUDA's tools read from PTX (clang's choice for NVPTX too).
    m.addModuleFlag(llvm::Module::Warning, "Dwarf Version", 2);
    m.addModuleFlag(llvm::Module::Warning, "Debug Info Version", llvm::DEBUG_METADATA_VERSION);
}

void attach_subprogram(llvm::Function& f, const FunctionDef& def, const SourceFile& source) {
    llvm::Module& m = *f.getParent();
    llvm::DICompileUnit* cu = compile_unit(m);
    if (!cu || f.getSubprogram()) return;
    llvm::DIBuilder dib(m, /*AllowUnresolved=*/true, cu);
    unsigned line = source.file_line(def.name_loc.line);
    auto* type = dib.createSubroutineType(dib.getOrCreateTypeArray({}));
    llvm::DISubprogram* sp = dib.createFunction(
        cu->getFile(), def.name, f.getName(), cu->getFile(), line, type, line, llvm::DINode::FlagPrototyped,
        llvm::DISubprogram::SPFlagDefinition | llvm::DISubprogram::SPFlagOptimized);
    f.setSubprogram(sp);
    dib.finalizeSubprogram(sp);
}

void set_debug_location(llvm::IRBuilder<>& b, SourceLoc loc, const SourceFile& source) {
    llvm::BasicBlock* block = b.GetInsertBlock();
    llvm::DISubprogram* sp = block ? block->getParent()->getSubprogram() : nullptr;
    if (!sp || !loc.valid()) return;
    b.SetCurrentDebugLocation(
        llvm::DILocation::get(b.getContext(), source.file_line(loc.line), source.file_col(loc.col), sp));
}

void describe_variables(llvm::Function& f, const std::vector<VariableSlot>& vars, const SourceFile& source) {
    llvm::DISubprogram* sp = f.getSubprogram();
    llvm::DICompileUnit* cu = compile_unit(*f.getParent());
    if (!sp || !cu || cu->getEmissionKind() != llvm::DICompileUnit::FullDebug) return;
    llvm::DIBuilder dib(*f.getParent(), /*AllowUnresolved=*/true, cu);
    for (const VariableSlot& v : vars) {
        // Names with '$' or '.' are the compiler's own (a comprehension's renamed targets).
        if (v.name.find_first_of("$.") != std::string::npos) continue;
        llvm::DIType* type = base_type(dib, v.type);
        if (!type) continue;
        unsigned line = v.loc.valid() ? source.file_line(v.loc.line) : sp->getLine();
        llvm::DILocalVariable* var =
            v.arg ? dib.createParameterVariable(sp, v.name, v.arg, cu->getFile(), line, type, /*AlwaysPreserve=*/true)
                  : dib.createAutoVariable(sp, v.name, cu->getFile(), line, type, /*AlwaysPreserve=*/true);
        dib.insertDeclare(v.slot, var, dib.createExpression(), llvm::DILocation::get(f.getContext(), line, 0, sp),
                          v.slot->getParent());
    }
    dib.finalizeSubprogram(sp);
}

void finish_debug_info(llvm::Module& m, const FunctionDef& def, const SourceFile& source) {
    if (!compile_unit(m)) return;
    for (llvm::Function& f : m) {
        if (f.isDeclaration()) continue;
        attach_subprogram(f, def, source);  // the entry point and wrappers around `def`
        llvm::DISubprogram* sp = f.getSubprogram();
        // A call that LLVM may inline into a function with debug information needs a location
        // (the verifier's rule): calls made before the first statement get the def's line.
        for (llvm::BasicBlock& block : f)
            for (llvm::Instruction& inst : block)
                if (auto* call = llvm::dyn_cast<llvm::CallBase>(&inst))
                    if (!call->getDebugLoc() && call->getCalledFunction() && call->getCalledFunction()->getSubprogram())
                        call->setDebugLoc(llvm::DILocation::get(m.getContext(), sp->getLine(), 0, sp));
    }
}

}  // namespace ujit::codegen

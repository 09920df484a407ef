// Debug information for CUDA kernels (debug_info.hpp).
#include "codegen/debug_info.hpp"

#include "codegen/decorator_keywords.hpp"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DIBuilder.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Instructions.h>

#include <filesystem>

namespace ujit::codegen {

using namespace syntax;

namespace {

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

constexpr uint64_t kPointerBits = 64;  // nvptx64

// `count` int64s, DWARF's array of a base type.
llvm::DIType* int64_array(llvm::DIBuilder& dib, int64_t count) {
    llvm::DIType* i64 = dib.createBasicType("int64", 64, llvm::dwarf::DW_ATE_signed);
    return dib.createArrayType(count * 64, 64, i64, dib.getOrCreateArray({dib.getOrCreateSubrange(0, count)}));
}

// A DWARF type for a variable of type `t`: numbers, uniform tuples of them, and arrays as
// the struct codegen makes of them (llvm_types.hpp: {data, shape, strides, owner}), their data
// a pointer to the element type; null for the rest.
llvm::DIType* variable_type(llvm::DIBuilder& dib, llvm::DIFile* file, const types::Type* t) {
    if (llvm::DIType* base = base_type(dib, t)) return base;
    if (t->is_uniform_tuple() && !t->elements().empty() && !t->elements()[0]->is_bool()) {
        llvm::DIType* item = base_type(dib, t->elements()[0]);
        if (!item) return nullptr;
        auto n = static_cast<int64_t>(t->elements().size());
        return dib.createArrayType(n * item->getSizeInBits(), item->getSizeInBits(), item,
                                   dib.getOrCreateArray({dib.getOrCreateSubrange(0, n)}));
    }
    if (!t->is_array()) return nullptr;
    const uint64_t dims_bits = 64 * static_cast<uint64_t>(t->ndim());
    auto member = [&](const char* name, uint64_t bits, uint64_t offset, llvm::DIType* type) {
        return dib.createMemberType(file, name, file, 0, bits, 64, offset, llvm::DINode::FlagZero, type);
    };
    llvm::DIType* element = base_type(dib, t->dtype());  // null (void*) for records
    std::vector<llvm::Metadata*> members = {
        member("data", kPointerBits, 0, dib.createPointerType(element, kPointerBits)),
        member("shape", dims_bits, kPointerBits, int64_array(dib, t->ndim())),
        member("strides", dims_bits, kPointerBits + dims_bits, int64_array(dib, t->ndim())),
        member("owner", kPointerBits, kPointerBits + 2 * dims_bits, dib.createPointerType(nullptr, kPointerBits)),
    };
    return dib.createStructType(file, t->str(), file, 0, 2 * kPointerBits + 2 * dims_bits, 64, llvm::DINode::FlagZero,
                                nullptr, dib.getOrCreateArray(members));
}

}  // namespace

DebugInfoKind requested_debug_info(const FunctionDef& def) {
    DebugInfoKind kind = DebugInfoKind::None;
    for (const Expr* d : def.decorators) {
        auto* c = dyn_cast<Call>(d);
        if (!c) continue;
        if (keyword_is(*c, "debug", true)) return DebugInfoKind::Full;
        if (keyword_is(*c, "lineinfo", true)) kind = DebugInfoKind::LineTables;
    }
    return kind;
}

bool requests_no_optimization(const FunctionDef& def) {
    for (const Expr* d : def.decorators)
        if (auto* c = dyn_cast<Call>(d); c && keyword_is(*c, "opt", false)) return true;
    return false;
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
        llvm::DIType* type = variable_type(dib, cu->getFile(), v.type);
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

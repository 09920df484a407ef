// numba.cuda's cache-hinted loads and stores: cuda.ldca/ldcg/ldcs/ldlu/ldcv(ary, i) read
// ary[i], cuda.stcg/stcs/stwb/stwt(ary, i, v) write it, with the PTX cache operator of the
// name (ld.global.ca.b32, st.global.cg.b64, ...), as numba-cuda emits them: inline PTX on
// the bits of the element (8-bit items through a 32-bit register, which ld/st allow).
// Kernels compiled for the CPU load and store plainly. Typing: types/infer_cuda_intrinsics.cpp.
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "types/builtins.hpp"

#include <fmt/format.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/TargetParser/Triple.h>

#include <string>

namespace ujit::codegen {

using types::BuiltinId;

namespace {

// The PTX cache operator of a hint: cuda.ldca is "ca", cuda.stwb "wb".
std::string cache_operator(BuiltinId id) {
    std::string name = types::builtin_name(id);  // "cuda.ldca"
    return name.substr(name.size() - 2);
}

// PTX register constraint for an item of `bits` (8-bit items go through a 32-bit register).
const char* constraint(unsigned bits) { return bits == 16 ? "h" : bits == 64 ? "l" : "r"; }

}  // namespace

llvm::Value* FunctionLowering::cache_hint_access(const syntax::Call* e, BuiltinId id) {
    const bool store = types::builtin_info(id).min_args == 3;
    const Type* at = type_of(e->args[0]);
    llvm::Value* arr = expr(e->args[0]);
    const Type* elem = at->dtype();
    llvm::Value* view = nullptr;
    llvm::Value* p = element_pointer(arr, at, e->args[1], e->loc, &elem, &view);
    if (view) unsupported(e->args[1]->loc, fmt::format("{}() needs one index per dimension", types::builtin_name(id)));
    llvm::Type* st = storage_type(mod.ctx, elem);
    const unsigned bits = static_cast<unsigned>(st->getPrimitiveSizeInBits().getFixedValue());
    // The GPU's PTX (kernels compiled for the CPU are CUDA-typed too, with a host triple).
    const bool ptx = llvm::Triple(mod.m.getTargetTriple()).isNVPTX();
    if (p->getType()->getPointerAddressSpace() != 0) p = b.CreateAddrSpaceCast(p, b.getPtrTy());
    llvm::Type* reg = bits == 8 ? b.getInt32Ty() : b.getIntNTy(bits);  // the PTX register's type
    const std::string op = cache_operator(id);
    if (store) {
        llvm::Value* v = to_storage(b, expr_as(e->args[2], elem), elem);
        if (!ptx) {
            b.CreateStore(v, p);
            return nullptr;
        }
        llvm::Value* raw = b.CreateBitCast(v, b.getIntNTy(bits));
        if (bits == 8) raw = b.CreateZExt(raw, reg);
        auto* fty = llvm::FunctionType::get(b.getVoidTy(), {b.getInt64Ty(), reg}, false);
        auto* asm_ = llvm::InlineAsm::get(fty, fmt::format("st.global.{}.b{} [$0], $1;", op, bits),
                                          fmt::format("l,{},~{{memory}}", constraint(bits)), /*hasSideEffects=*/true);
        b.CreateCall(fty, asm_, {b.CreatePtrToInt(p, b.getInt64Ty()), raw});
        return nullptr;
    }
    llvm::Value* raw;
    if (!ptx) {
        raw = b.CreateLoad(st, p);
    } else {
        auto* fty = llvm::FunctionType::get(reg, {b.getInt64Ty()}, false);
        auto* asm_ = llvm::InlineAsm::get(fty, fmt::format("ld.global.{}.b{} $0, [$1];", op, bits),
                                          fmt::format("={},l,~{{memory}}", constraint(bits)), /*hasSideEffects=*/true);
        raw = b.CreateCall(fty, asm_, {b.CreatePtrToInt(p, b.getInt64Ty())});
        if (bits == 8) raw = b.CreateTrunc(raw, b.getInt8Ty());
        raw = b.CreateBitCast(raw, st);
    }
    return from_storage(b, raw, elem);
}

}  // namespace ujit::codegen

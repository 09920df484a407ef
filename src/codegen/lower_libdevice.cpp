// cuda.libdevice.NAME(args). In a module for the GPU (NVPTX), a call to libdevice's __nv_NAME,
// which the PTX pipeline links (cuda/ptx.cpp): each out parameter gets a slot, read back after
// the call. Kernels compiled for the CPU (the host device) have no libdevice: there a function
// computes as the math builtin whose builtins.def row names the same libdevice function (sin,
// sinf → math.sin in float64/float32), and sincos, frexp, sad and usad as libdevice defines
// them, the integer bit functions (popc, clz, brev, ffs) and min/max/abs too; any other is an
// error at the call.
#include "codegen/lower_libdevice.hpp"

#include "codegen/llvm_types.hpp"

#include <fmt/format.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>
#include <llvm/TargetParser/Triple.h>

#include <optional>

namespace ujit::codegen {

using types::BuiltinId;
using types::LibdeviceFunction;
using types::Type;

namespace {

// The math builtin computing libdevice's `f` on operands of float type `ty`: its row's
// Libdevice column is f's name without the float32 `f`.
std::optional<BuiltinId> math_builtin(const LibdeviceFunction& f, const Type* ty) {
    for (const auto& p : f.params)
        if (p.out || p.type != ty) return std::nullopt;
    if (f.result != ty || !ty->is_float()) return std::nullopt;
    std::string base = f.name;
    if (ty->bits() == 32) {
        if (!base.ends_with("f")) return std::nullopt;
        base.pop_back();
    }
    for (size_t i = 0; i < static_cast<size_t>(BuiltinId::Count_); ++i) {
        const auto id = static_cast<BuiltinId>(i);
        const types::BuiltinInfo& info = types::builtin_info(id);
        if (info.libdevice && base == info.libdevice && info.lowering == types::MathLowering::Lib &&
            info.group == types::BuiltinGroup::Math && info.min_args == f.params.size())
            return id;
    }
    return std::nullopt;
}

// libdevice's integer bit functions and min/max, as its guide defines them (the count functions
// give an int32 whatever the operand's width); nullopt for any other name.
std::optional<llvm::Value*> integer_function(llvm::IRBuilder<>& b, const std::string& name,
                                             const std::vector<llvm::Value*>& args) {
    auto as_int32 = [&](llvm::Value* v) { return b.CreateSExtOrTrunc(v, b.getInt32Ty()); };
    llvm::Value* x = args[0];
    if (name == "popc" || name == "popcll") return as_int32(b.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, x));
    if (name == "clz" || name == "clzll")
        return as_int32(b.CreateBinaryIntrinsic(llvm::Intrinsic::ctlz, x, b.getFalse()));
    if (name == "brev" || name == "brevll") return b.CreateUnaryIntrinsic(llvm::Intrinsic::bitreverse, x);
    if (name == "ffs" || name == "ffsll") {  // 1 + the lowest set bit's position; 0 for 0
        llvm::Value* tz = as_int32(b.CreateBinaryIntrinsic(llvm::Intrinsic::cttz, x, b.getFalse()));
        return b.CreateSelect(b.CreateIsNull(x), b.getInt32(0), b.CreateAdd(tz, b.getInt32(1)));
    }
    if (name == "abs" || name == "llabs") return b.CreateBinaryIntrinsic(llvm::Intrinsic::abs, x, b.getFalse());
    const std::pair<const char*, llvm::Intrinsic::ID> two[] = {
        {"max", llvm::Intrinsic::smax},   {"llmax", llvm::Intrinsic::smax}, {"min", llvm::Intrinsic::smin},
        {"llmin", llvm::Intrinsic::smin}, {"umax", llvm::Intrinsic::umax},  {"ullmax", llvm::Intrinsic::umax},
        {"umin", llvm::Intrinsic::umin},  {"ullmin", llvm::Intrinsic::umin}};
    for (const auto& [n, id] : two)
        if (name == n) return b.CreateBinaryIntrinsic(id, x, args[1]);
    return std::nullopt;
}

std::vector<llvm::Value*> on_the_gpu(const LibdeviceLowering& L, const LibdeviceFunction& f,
                                     const std::vector<llvm::Value*>& args) {
    llvm::IRBuilder<>& b = L.b;
    std::vector<llvm::Type*> params;
    std::vector<llvm::Value*> call_args;
    std::vector<std::pair<llvm::AllocaInst*, llvm::Type*>> outs;
    size_t next = 0;
    for (const auto& p : f.params) {
        llvm::Type* ty = value_type(b.getContext(), p.type);
        if (p.out) {
            llvm::AllocaInst* slot = L.slot(ty, "libdevice." + p.name);
            outs.push_back({slot, ty});
            params.push_back(slot->getType());
            call_args.push_back(slot);
        } else {
            params.push_back(ty);
            call_args.push_back(args[next++]);
        }
    }
    llvm::Type* rt = f.result->is_none() ? b.getVoidTy() : value_type(b.getContext(), f.result);
    llvm::Module* m = b.GetInsertBlock()->getModule();
    llvm::FunctionCallee callee = m->getOrInsertFunction("__nv_" + f.name, llvm::FunctionType::get(rt, params, false));
    std::vector<llvm::Value*> results;
    llvm::Value* v = b.CreateCall(callee, call_args);
    if (!f.result->is_none()) results.push_back(v);
    for (auto& [slot, ty] : outs) results.push_back(b.CreateLoad(ty, slot));
    return results;
}

std::vector<llvm::Value*> on_the_host(const LibdeviceLowering& L, const LibdeviceFunction& f,
                                      const std::vector<llvm::Value*>& args) {
    llvm::IRBuilder<>& b = L.b;
    if (f.name == "sincos" || f.name == "sincosf") {
        const Type* t = f.params[0].type;
        return {L.math(BuiltinId::MathSin, {args[0]}, t), L.math(BuiltinId::MathCos, {args[0]}, t)};
    }
    if (f.name == "frexp" || f.name == "frexpf") {
        llvm::Value* pair = b.CreateIntrinsic(llvm::Intrinsic::frexp, {args[0]->getType(), b.getInt32Ty()}, {args[0]});
        return {b.CreateExtractValue(pair, 0), b.CreateExtractValue(pair, 1)};
    }
    if (std::optional<llvm::Value*> v = integer_function(b, f.name, args)) return {*v};
    if (f.name == "sad" || f.name == "usad") {  // |x - y| + z, the difference signed or not
        llvm::Value* less = f.name == "sad" ? b.CreateICmpSLT(args[0], args[1]) : b.CreateICmpULT(args[0], args[1]);
        llvm::Value* diff = b.CreateSelect(less, b.CreateSub(args[1], args[0]), b.CreateSub(args[0], args[1]));
        return {b.CreateAdd(diff, args[2])};
    }
    std::optional<BuiltinId> id = math_builtin(f, f.result);
    if (!id)
        L.unsupported(fmt::format("libdevice.{}() runs on the GPU only: kernels run on the host device (compiled for "
                                  "the CPU) have no libdevice",
                                  f.name));
    return {L.math(*id, args, f.result)};
}

}  // namespace

llvm::Value* lower_libdevice_call(const LibdeviceLowering& L, const LibdeviceFunction& f,
                                  const std::vector<llvm::Value*>& args, const Type* result) {
    llvm::Module* m = L.b.GetInsertBlock()->getModule();
    std::vector<llvm::Value*> results =
        llvm::Triple(m->getTargetTriple()).isNVPTX() ? on_the_gpu(L, f, args) : on_the_host(L, f, args);
    if (results.size() == 1) return results[0];
    llvm::Value* out = llvm::UndefValue::get(value_type(L.b.getContext(), result));
    for (size_t i = 0; i < results.size(); ++i) out = L.b.CreateInsertValue(out, results[i], i);
    return out;
}

}  // namespace ujit::codegen

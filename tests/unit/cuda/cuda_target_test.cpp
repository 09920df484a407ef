// The CUDA codegen::Target hooks, checked on the LLVM IR they emit.
#include "unit/cuda/kernel_builder.hpp"

#include "types/builtins.hpp"
#include "ujit/ujit.hpp"

#include <catch2/catch.hpp>

#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/IntrinsicsNVPTX.h>

using ujit::test::KernelBuilder;
using ujit::types::BuiltinId;

namespace {

std::string callee_name(llvm::Value* v) {
    auto* call = llvm::dyn_cast_or_null<llvm::CallInst>(v);
    return call && call->getCalledFunction() ? call->getCalledFunction()->getName().str() : "";
}

}  // namespace

TEST_CASE("cuda target: module setup and unknown arch", "[cuda]") {
    KernelBuilder k("k", 0);
    CHECK(k.module->getTargetTriple() == "nvptx64-nvidia-cuda");
    CHECK(k.module->getDataLayout().getPointerSizeInBits(0) == 64);
    CHECK(k.target->kind() == ujit::types::TargetKind::CUDA);
    CHECK_THROWS_WITH(ujit::codegen::make_cuda_target("sm_99"),
                      Catch::Contains("unsupported CUDA architecture 'sm_99'"));
    CHECK_THROWS_AS(ujit::codegen::make_cuda_target("gfx90a"), ujit::Error);
}

// Every library row of builtins.def usable on CUDA calls __nv_<Libdevice>[f] (np.minimum and
// np.maximum call fmin/fmax and then fix NaN, ldexp's exponent is converted first).
TEST_CASE("cuda target: math calls what builtins.def names", "[cuda][builtins]") {
    KernelBuilder k("k", 0);
    int checked = 0;
    for (size_t i = 0; i < static_cast<size_t>(BuiltinId::Count_); ++i) {
        auto id = static_cast<BuiltinId>(i);
        const ujit::types::BuiltinInfo& info = ujit::types::builtin_info(id);
        if (info.lowering != ujit::types::MathLowering::Lib || !info.on_cuda()) continue;
        for (llvm::Type* t : {k.f32(), k.f64()}) {
            INFO(info.spelling);
            std::vector<llvm::Value*> args(info.min_args, llvm::ConstantFP::get(t, 0.5));
            if (id == BuiltinId::MathLdexp) args[1] = k.b.getInt32(3);
            std::string want = std::string("__nv_") + info.libdevice + (t->isFloatTy() ? "f" : "");
            llvm::Value* v = k.math(id, args);
            REQUIRE(v);
            if (auto* sel = llvm::dyn_cast<llvm::SelectInst>(v)) v = sel->getFalseValue();  // NaN fix-up
            CHECK(callee_name(v) == want);
            ++checked;
        }
    }
    CHECK(checked > 60);
}

TEST_CASE("cuda target: math goes to libdevice, float32 to the f variants", "[cuda]") {
    KernelBuilder k("k", 0);
    llvm::Value* x32 = llvm::ConstantFP::get(k.f32(), 2.0);
    llvm::Value* x64 = llvm::ConstantFP::get(k.f64(), 2.0);

    llvm::Value* s32 = k.math(BuiltinId::MathSqrt, {x32});
    CHECK(callee_name(s32) == "__nv_sqrtf");
    CHECK(s32->getType()->isFloatTy());
    CHECK(callee_name(k.math(BuiltinId::MathSqrt, {x64})) == "__nv_sqrt");
    CHECK(callee_name(k.math(BuiltinId::MathErf, {x32})) == "__nv_erff");
    CHECK(callee_name(k.math(BuiltinId::MathLgamma, {x32})) == "__nv_lgammaf");
    CHECK(callee_name(k.math(BuiltinId::MathGamma, {x64})) == "__nv_tgamma");
    CHECK(callee_name(k.math(BuiltinId::MathHypot, {x32, x32})) == "__nv_hypotf");
    CHECK(callee_name(k.math(BuiltinId::MathAtan2, {x64, x64})) == "__nv_atan2");
    CHECK(callee_name(k.math(BuiltinId::MathFloor, {x32})) == "__nv_floorf");

    // float ** int and ldexp take an i32 exponent.
    llvm::Value* p = k.math(BuiltinId::MathPow, {x32, k.b.getInt64(3)});
    REQUIRE(callee_name(p) == "__nv_powif");
    CHECK(llvm::cast<llvm::CallInst>(p)->getArgOperand(1)->getType()->isIntegerTy(32));
    CHECK(callee_name(k.math(BuiltinId::MathLdexp, {x64, k.b.getInt64(3)})) == "__nv_ldexp");

    // Predicates are i1; on integers they are constants.
    CHECK(k.math(BuiltinId::MathIsnan, {x32})->getType()->isIntegerTy(1));
    CHECK(k.math(BuiltinId::MathIsfinite, {k.b.getInt64(1)}) == k.b.getTrue());
    CHECK(k.math(BuiltinId::MathIsinf, {k.b.getInt64(1)}) == k.b.getFalse());

    // Not float math: gcd, integer operands, the wrong number of operands.
    CHECK(k.math(BuiltinId::MathGcd, {k.b.getInt64(4), k.b.getInt64(6)}) == nullptr);
    CHECK(k.math(BuiltinId::MathSqrt, {k.b.getInt64(4)}) == nullptr);
    CHECK(k.math(BuiltinId::MathHypot, {x32}) == nullptr);
    CHECK(k.math(BuiltinId::MathHypot, {x32, x64}) == nullptr);
    k.b.CreateRetVoid();
    CHECK(k.verify().empty());
}

TEST_CASE("cuda target: thread indices are i32 special registers, grid is int64", "[cuda]") {
    KernelBuilder k("k", 0);
    llvm::Value* tid = k.builtin(BuiltinId::CudaThreadIdxX);
    CHECK(callee_name(tid) == "llvm.nvvm.read.ptx.sreg.tid.x");
    CHECK(tid->getType()->isIntegerTy(32));
    CHECK(callee_name(k.builtin(BuiltinId::CudaBlockIdxZ)) == "llvm.nvvm.read.ptx.sreg.ctaid.z");
    CHECK(callee_name(k.builtin(BuiltinId::CudaBlockDimY)) == "llvm.nvvm.read.ptx.sreg.ntid.y");
    CHECK(callee_name(k.builtin(BuiltinId::CudaGridDimX)) == "llvm.nvvm.read.ptx.sreg.nctaid.x");
    CHECK(callee_name(k.builtin(BuiltinId::CudaWarpSize)) == "llvm.nvvm.read.ptx.sreg.warpsize");

    CHECK(k.builtin(BuiltinId::CudaGrid, {k.b.getInt64(1)})->getType()->isIntegerTy(64));
    llvm::Type* g2 = k.builtin(BuiltinId::CudaGrid, {k.b.getInt64(2)})->getType();
    REQUIRE(g2->isArrayTy());  // UniTuple(int64 x 2), an LLVM array like every uniform tuple
    CHECK(g2->getArrayNumElements() == 2);
    CHECK(k.builtin(BuiltinId::CudaGridsize, {k.b.getInt64(3)})->getType()->getArrayNumElements() == 3);
    CHECK(k.builtin(BuiltinId::CudaGrid, {k.b.getInt64(4)}) == nullptr);

    CHECK(callee_name(k.builtin(BuiltinId::CudaSyncthreads)) == "llvm.nvvm.barrier0");
    CHECK(callee_name(k.builtin(BuiltinId::CudaThreadfence)) == "llvm.nvvm.membar.gl");
    CHECK(callee_name(k.builtin(BuiltinId::CudaThreadfenceBlock)) == "llvm.nvvm.membar.cta");
    llvm::Value* count = k.builtin(BuiltinId::CudaSyncthreadsCount, {k.b.getInt32(1)});
    CHECK(callee_name(count) == "llvm.nvvm.barrier0.popc");
    CHECK(count->getType()->isIntegerTy(32));
    CHECK(k.builtin(BuiltinId::RandomRandom) == nullptr);
    CHECK(k.target->emit_random(k.b, BuiltinId::RandomRandom, {}) == nullptr);
    k.b.CreateRetVoid();
    CHECK(k.verify().empty());
}

TEST_CASE("cuda target: atomics return the old value", "[cuda]") {
    KernelBuilder k("k", 1);
    llvm::Value* p = k.fn->getArg(0);
    auto rmw_op = [](llvm::Value* v) {
        auto* r = llvm::dyn_cast_or_null<llvm::AtomicRMWInst>(v);
        return r ? r->getOperation() : llvm::AtomicRMWInst::BAD_BINOP;
    };
    llvm::Value* f = llvm::ConstantFP::get(k.f32(), 1.5);
    llvm::Value* i = k.b.getInt32(3);

    llvm::Value* fadd = k.builtin(BuiltinId::CudaAtomicAdd, {p, f});
    CHECK(rmw_op(fadd) == llvm::AtomicRMWInst::FAdd);
    CHECK(fadd->getType()->isFloatTy());
    CHECK(rmw_op(k.builtin(BuiltinId::CudaAtomicSub, {p, f})) == llvm::AtomicRMWInst::FAdd);  // adds -val
    CHECK(rmw_op(k.builtin(BuiltinId::CudaAtomicSub, {p, i})) == llvm::AtomicRMWInst::Sub);
    CHECK(rmw_op(k.builtin(BuiltinId::CudaAtomicMax, {p, i})) == llvm::AtomicRMWInst::Max);
    CHECK(rmw_op(k.builtin(BuiltinId::CudaAtomicMin, {p, k.b.getInt64(3)})) == llvm::AtomicRMWInst::Min);
    CHECK(rmw_op(k.builtin(BuiltinId::CudaAtomicExch, {p, f})) == llvm::AtomicRMWInst::Xchg);
    CHECK(rmw_op(k.builtin(BuiltinId::CudaAtomicXor, {p, i})) == llvm::AtomicRMWInst::Xor);
    CHECK(k.builtin(BuiltinId::CudaAtomicAnd, {p, f}) == nullptr);  // no bitwise ops on floats
    CHECK(k.builtin(BuiltinId::CudaAtomicAdd, {p}) == nullptr);

    auto* cas = llvm::dyn_cast<llvm::BitCastInst>(k.builtin(BuiltinId::CudaAtomicCas, {p, f, f}));
    REQUIRE(cas);  // floats compare and swap as their bits
    CHECK(cas->getType()->isFloatTy());
    CHECK(llvm::isa<llvm::AtomicCmpXchgInst>(
        llvm::cast<llvm::ExtractValueInst>(cas->getOperand(0))->getAggregateOperand()));

    // Float max is a compare-and-swap loop; the builder continues after it.
    llvm::Value* fmax = k.builtin(BuiltinId::CudaAtomicMax, {p, f});
    CHECK(llvm::isa<llvm::PHINode>(fmax));
    CHECK(k.b.GetInsertBlock()->getName().starts_with("atomic.done"));
    llvm::Value* inc = k.builtin(BuiltinId::CudaAtomicInc, {p, i});  // signed: a cas loop too
    CHECK(llvm::isa<llvm::PHINode>(inc));
    k.b.CreateStore(k.b.CreateFAdd(fmax, fadd), p);
    CHECK(k.finish_kernel().empty());
}

TEST_CASE("cuda target: the array's dtype picks unsigned max/min/inc/dec", "[cuda]") {
    namespace t = ujit::types;
    KernelBuilder k("k", 1);
    llvm::Value* p = k.fn->getArg(0);
    auto op = [&](BuiltinId id, const t::Type* dtype, llvm::Value* v) {
        std::vector<const t::Type*> arg_types{t::array(dtype, 1, t::Layout::C), dtype};
        return k.target->emit_cuda_builtin(k.b, id, {p, v}, arg_types, dtype);
    };
    auto rmw_op = [](llvm::Value* v) {
        auto* r = llvm::dyn_cast_or_null<llvm::AtomicRMWInst>(v);
        return r ? r->getOperation() : llvm::AtomicRMWInst::BAD_BINOP;
    };
    const t::Type* u32 = t::integer(32, false);
    const t::Type* u64 = t::uint64();
    CHECK(rmw_op(op(BuiltinId::CudaAtomicMax, u32, k.b.getInt32(1))) == llvm::AtomicRMWInst::UMax);
    CHECK(rmw_op(op(BuiltinId::CudaAtomicMin, u64, k.b.getInt64(1))) == llvm::AtomicRMWInst::UMin);
    auto* inc32 = llvm::dyn_cast<llvm::IntrinsicInst>(op(BuiltinId::CudaAtomicInc, u32, k.b.getInt32(9)));
    REQUIRE(inc32);
    CHECK(inc32->getIntrinsicID() == llvm::Intrinsic::nvvm_atomic_load_inc_32);
    CHECK(rmw_op(op(BuiltinId::CudaAtomicInc, u64, k.b.getInt64(9))) == llvm::AtomicRMWInst::UIncWrap);
    CHECK(rmw_op(op(BuiltinId::CudaAtomicDec, u64, k.b.getInt64(9))) == llvm::AtomicRMWInst::UDecWrap);
    CHECK(rmw_op(op(BuiltinId::CudaAtomicMax, t::int32(), k.b.getInt32(1))) == llvm::AtomicRMWInst::Max);
    CHECK(llvm::isa<llvm::PHINode>(op(BuiltinId::CudaAtomicInc, t::int64(), k.b.getInt64(9))));  // signed: cas loop
    CHECK(k.finish_kernel().empty());
}

TEST_CASE("cuda target: shared and local arrays", "[cuda]") {
    KernelBuilder k("k", 0);
    llvm::Value* shared = k.target->emit_array_storage(k.b, true, k.f32(), 256);
    CHECK(shared->getType() == k.ptr());  // generic pointer, like every array's data
    auto* cast = llvm::cast<llvm::AddrSpaceCastOperator>(shared);
    auto* g = llvm::cast<llvm::GlobalVariable>(cast->getPointerOperand());
    CHECK(g->getAddressSpace() == 3);
    CHECK(g->hasInternalLinkage());
    CHECK(g->getAlign().valueOrOne().value() == 16);
    CHECK(g->getValueType()->getArrayNumElements() == 256);

    llvm::Value* dyn1 = k.target->emit_array_storage(k.b, true, k.f32(), 0);
    llvm::Value* dyn2 = k.target->emit_array_storage(k.b, true, k.b.getInt32Ty(), 0);
    auto* dg = llvm::cast<llvm::GlobalVariable>(llvm::cast<llvm::AddrSpaceCastOperator>(dyn1)->getPointerOperand());
    CHECK(dg->isDeclaration());  // extern __shared__, sized at launch
    CHECK(dg->getAddressSpace() == 3);
    CHECK(llvm::cast<llvm::AddrSpaceCastOperator>(dyn2)->getPointerOperand() == dg);  // one block per kernel

    llvm::Value* local = k.target->emit_array_storage(k.b, false, k.f64(), 8);
    auto* a = llvm::dyn_cast<llvm::AllocaInst>(local);
    REQUIRE(a);
    CHECK(a->getParent() == &k.fn->getEntryBlock());
    CHECK(a->getAllocatedType()->getArrayNumElements() == 8);
    CHECK(k.finish_kernel().empty());
}

TEST_CASE("cuda target: entry marking, print, no error checks", "[cuda]") {
    KernelBuilder k("kern", 0);
    size_t before = k.b.GetInsertBlock()->size();
    k.target->emit_error_check(k.b, k.b.getTrue(), 1, "x.py:1:1");
    CHECK(k.b.GetInsertBlock()->size() == before);

    k.target->emit_print(k.b, "%lld %f\n", {k.b.getInt64(7), llvm::ConstantFP::get(k.f64(), 0.5)});
    llvm::Function* vprintf = k.module->getFunction("vprintf");
    REQUIRE(vprintf);
    CHECK(vprintf->getReturnType()->isIntegerTy(32));
    CHECK(vprintf->arg_size() == 2);
    // C's variadic promotions: a float travels as a double, a bool as an int.
    k.target->emit_print(k.b, "%f %d\n", {llvm::ConstantFP::get(k.f32(), 0.5), k.b.getTrue()});
    auto* packed = llvm::cast<llvm::AllocaInst>(k.fn->getEntryBlock().getFirstNonPHI());
    auto* fields = llvm::cast<llvm::StructType>(packed->getAllocatedType());
    CHECK(fields->getElementType(0)->isDoubleTy());
    CHECK(fields->getElementType(1)->isIntegerTy(32));
    CHECK(k.finish_kernel().empty());
    CHECK(k.fn->getCallingConv() == llvm::CallingConv::PTX_Kernel);
    llvm::NamedMDNode* ann = k.module->getNamedMetadata("nvvm.annotations");
    REQUIRE(ann);
    CHECK(ann->getNumOperands() == 1);

    KernelBuilder d("dev", 0);
    d.b.CreateRetVoid();
    d.target->mark_entry(*d.fn, ujit::types::FunctionRole::Device);
    CHECK(d.fn->getCallingConv() != llvm::CallingConv::PTX_Kernel);
    CHECK(d.module->getNamedMetadata("nvvm.annotations") == nullptr);
}

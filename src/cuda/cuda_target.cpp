// codegen::Target for CUDA: what the shared lowering asks of the GPU (Halide's
// CodeGen_PTX_Dev). Math goes to libdevice (cuda_math), atomics to cuda_atomics, thread
// indices and barriers to cuda_target_builtins; this file holds the module setup,
// print, shared/local arrays and kernel marking.
#include "codegen/target.hpp"

#include "codegen/abi.hpp"
#include "codegen/runtime_error_text.hpp"
#include "cuda/cuda_atomics.hpp"
#include "cuda/cuda_grid_group.hpp"
#include "cuda/cuda_math.hpp"
#include "cuda/cuda_raise.hpp"
#include "cuda/cuda_target_builtins.hpp"
#include "cuda/cuda_warp.hpp"
#include "cuda/nvptx_machine.hpp"
#include "types/builtins.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Metadata.h>

namespace ujit::codegen {

namespace {

using types::BuiltinId;

// NVPTX address spaces (NVPTX usage guide).
constexpr unsigned kGlobalSpace = 1;
constexpr unsigned kSharedSpace = 3;
// Every `cuda.shared.array(0, ...)` of a kernel is this one `extern __shared__` block,
// sized at launch (Numba: all dynamic shared arrays start at the same address).
constexpr const char* kDynamicShared = "ujit_dynamic_shared";

llvm::AllocaInst* entry_alloca(llvm::IRBuilder<>& b, llvm::Type* t, const char* name) {
    llvm::Function* f = b.GetInsertBlock()->getParent();
    llvm::IRBuilder<> eb(&f->getEntryBlock(), f->getEntryBlock().getFirstInsertionPt());
    return eb.CreateAlloca(t, nullptr, name);
}

// C's default argument promotions, which vprintf's buffer layout follows: float → double,
// integers narrower than int → int (bool as 0/1).
llvm::Value* promote_vararg(llvm::IRBuilder<>& b, llvm::Value* v) {
    llvm::Type* t = v->getType();
    if (t->isFloatTy() || t->isHalfTy() || t->isBFloatTy()) return b.CreateFPExt(v, b.getDoubleTy());  // bf16 too
    if (t->isIntegerTy(1)) return b.CreateZExt(v, b.getInt32Ty());
    if (t->isIntegerTy() && t->getIntegerBitWidth() < 32) return b.CreateSExt(v, b.getInt32Ty());
    return v;
}

class CudaTarget final : public Target {
public:
    // Nothing emitted here depends on the architecture (emit_ptx targets it); an unknown
    // one is still rejected before any lowering.
    CudaTarget(const std::string& arch, bool debug) : debug_(debug) { cuda::ptx_isa_version(arch); }

    types::TargetKind kind() const override { return types::TargetKind::CUDA; }
    bool prints_floats_as_cuda() const override { return true; }
    bool float_min_max_is_fmax() const override { return true; }
    bool vectorizes_grid_stride_loops() const override { return true; }

    void configure_module(llvm::Module& m) override {
        m.setTargetTriple(cuda::kNvptxTriple);
        m.setDataLayout(cuda::nvptx_data_layout());
    }

    llvm::Value* emit_math(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args,
                           const types::Type*) override {
        return cuda::emit_libdevice_math(b, id, args);
    }

    // Numba's CUDA error model: no checks (integer division by zero gives 0, floats inf/nan),
    // except a `raise`, which ends the thread; debug=True: Python's, every check recorded for
    // the host (codegen/kernel_raise.hpp).
    void emit_error_check(llvm::IRBuilder<>& b, llvm::Value* cond, int code, const std::string& where) override;

    void emit_print(llvm::IRBuilder<>& b, const std::string& format, const std::vector<llvm::Value*>& args) override;

    llvm::Value* emit_cuda_builtin(llvm::IRBuilder<>& b, BuiltinId id, const std::vector<llvm::Value*>& args,
                                   const std::vector<const types::Type*>& arg_types,
                                   const types::Type* result_type) override {
        if (types::is_atomic(id)) return cuda::emit_atomic(b, id, args, element_is_signed(arg_types, result_type));
        if (llvm::Value* v = cuda::emit_warp_builtin(b, id, args)) return v;
        if (llvm::Value* v = cuda::emit_grid_group_builtin(b, id, args)) return v;  // coop
        return cuda::emit_thread_builtin(b, id, args, result_type);
    }

    llvm::Value* emit_array_storage(llvm::IRBuilder<>& b, bool shared, llvm::Type* elem, uint64_t count,
                                    uint64_t align) override;
    llvm::Value* emit_dynamic_shared_bytes(llvm::IRBuilder<>& b) override {
        // PTX's %dynamic_smem_size special register (what Numba reads), by inline asm: LLVM
        // has no intrinsic for it.
        auto* asm_fn = llvm::InlineAsm::get(llvm::FunctionType::get(b.getInt32Ty(), false),
                                            "mov.u32 $0, %dynamic_smem_size;", "=r", false);
        return b.CreateZExt(b.CreateCall(asm_fn), b.getInt64Ty());
    }

    void mark_entry(llvm::Function& f, types::FunctionRole role) override;

    llvm::Value* emit_random(llvm::IRBuilder<>&, BuiltinId, const std::vector<llvm::Value*>&) override {
        return nullptr;
    }

private:
    bool debug_ = false;
    cuda::RaiseSites raise_sites_;
    // Unsigned max/min/inc/dec need the element's signedness, which LLVM types lack.
    static bool element_is_signed(const std::vector<const types::Type*>& arg_types, const types::Type* result) {
        const types::Type* t = result;
        if ((!t || !t->is_int()) && !arg_types.empty() && arg_types[0] && arg_types[0]->is_array())
            t = arg_types[0]->dtype();
        return !(t && t->is_int() && !t->is_signed());
    }
};

void CudaTarget::emit_error_check(llvm::IRBuilder<>& b, llvm::Value* cond, int code, const std::string& where) {
    const bool raised = code == int(RuntimeError::Raised);
    if (!raised && !debug_) return;
    llvm::LLVMContext& ctx = b.getContext();
    llvm::Function* fn = b.GetInsertBlock()->getParent();
    llvm::BasicBlock* raise = llvm::BasicBlock::Create(ctx, "raise", fn);
    llvm::BasicBlock* ok = llvm::BasicBlock::Create(ctx, "no_raise", fn);
    b.CreateCondBr(cond, raise, ok);
    b.SetInsertPoint(raise);
    if (debug_) {
        std::string payload = where;
        if (!raised) {  // "ZeroDivisionError: division by zero" as a raise's payload
            std::string text = runtime_error_text(code);
            size_t colon = text.find(": ");
            payload = colon == std::string::npos ? raised_payload(text, "", where)
                                                 : raised_payload(text.substr(0, colon), text.substr(colon + 2), where);
        }
        raise_sites_.emit_record(b, payload);
    }
    cuda::emit_thread_exit(b);
    b.SetInsertPoint(ok);
}

// CUDA's printf is vprintf(format, buffer): the arguments packed in a local struct at
// their natural alignment, exactly as nvcc lowers printf.
void CudaTarget::emit_print(llvm::IRBuilder<>& b, const std::string& format, const std::vector<llvm::Value*>& args) {
    llvm::Module* m = b.GetInsertBlock()->getModule();
    llvm::LLVMContext& ctx = m->getContext();
    llvm::Type* ptr = b.getPtrTy();
    llvm::FunctionCallee vprintf =
        m->getOrInsertFunction("vprintf", llvm::FunctionType::get(b.getInt32Ty(), {ptr, ptr}, false));

    llvm::Constant* text = llvm::ConstantDataArray::getString(ctx, format);
    auto* fmt =
        new llvm::GlobalVariable(*m, text->getType(), /*isConstant=*/true, llvm::GlobalValue::PrivateLinkage, text,
                                 "ujit_printf_format", nullptr, llvm::GlobalValue::NotThreadLocal, kGlobalSpace);
    fmt->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    llvm::Value* fmt_ptr = b.CreateAddrSpaceCast(fmt, ptr);

    llvm::Value* buffer = llvm::ConstantPointerNull::get(b.getPtrTy());
    if (!args.empty()) {
        std::vector<llvm::Value*> values;
        std::vector<llvm::Type*> fields;
        for (llvm::Value* a : args) {
            values.push_back(promote_vararg(b, a));
            fields.push_back(values.back()->getType());
        }
        auto* layout = llvm::StructType::get(ctx, fields);
        llvm::AllocaInst* slot = entry_alloca(b, layout, "printf_args");
        for (unsigned i = 0; i < values.size(); ++i) b.CreateStore(values[i], b.CreateStructGEP(layout, slot, i));
        buffer = slot;
    }
    b.CreateCall(vprintf, {fmt_ptr, buffer});
}

llvm::Value* CudaTarget::emit_array_storage(llvm::IRBuilder<>& b, bool shared, llvm::Type* elem, uint64_t count,
                                            uint64_t align) {
    if (!shared) {
        llvm::AllocaInst* a = entry_alloca(b, llvm::ArrayType::get(elem, count), "local_array");
        a->setAlignment(llvm::Align(align ? align : 16));  // the local depot takes the largest
        return a;
    }
    llvm::Module* m = b.GetInsertBlock()->getModule();
    llvm::GlobalVariable* g = nullptr;
    if (count == 0) {
        g = m->getGlobalVariable(kDynamicShared);
        if (!g) {
            g = new llvm::GlobalVariable(*m, llvm::ArrayType::get(b.getInt8Ty(), 0), false,
                                         llvm::GlobalValue::ExternalLinkage, nullptr, kDynamicShared, nullptr,
                                         llvm::GlobalValue::NotThreadLocal, kSharedSpace);
        }
    } else {
        auto* t = llvm::ArrayType::get(elem, count);
        // Shared memory cannot be initialized: undef is the only initializer NVPTX accepts.
        g = new llvm::GlobalVariable(*m, t, false, llvm::GlobalValue::InternalLinkage, llvm::UndefValue::get(t),
                                     "ujit_shared_array", nullptr, llvm::GlobalValue::NotThreadLocal, kSharedSpace);
    }
    // alignment= as given (numba-cuda); the dynamic block, one for every array, the largest asked.
    uint64_t want = align ? align : 16;
    if (count == 0 && g->getAlign()) want = std::max<uint64_t>(want, g->getAlign()->value());
    g->setAlignment(llvm::Align(want));
    return b.CreateAddrSpaceCast(g, b.getPtrTy());
}

// A kernel is both ptx_kernel and listed in nvvm.annotations (what NVVM and older LLVMs
// read). Other entries (a device function compiled on its own) stay external `.func`s:
// internalizing them here would leave empty PTX; cuda/ptx.cpp internalizes the rest.
void CudaTarget::mark_entry(llvm::Function& f, types::FunctionRole role) {
    f.setLinkage(llvm::GlobalValue::ExternalLinkage);
    if (role != types::FunctionRole::Kernel) return;
    f.setCallingConv(llvm::CallingConv::PTX_Kernel);
    llvm::LLVMContext& ctx = f.getContext();
    llvm::Metadata* md[] = {llvm::ValueAsMetadata::get(&f), llvm::MDString::get(ctx, "kernel"),
                            llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt32Ty(ctx), 1))};
    f.getParent()->getOrInsertNamedMetadata("nvvm.annotations")->addOperand(llvm::MDNode::get(ctx, md));
}

}  // namespace

std::unique_ptr<Target> make_cuda_target(const std::string& arch, bool debug) {
    return std::make_unique<CudaTarget>(arch, debug);
}

}  // namespace ujit::codegen

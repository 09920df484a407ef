// Frozen global arrays (types/const_array.hpp): the data is a private constant of the
// module (in CUDA's constant memory for CUDA code), and a use is an array struct over it
// with no owner (nothing counts references to it and nothing frees it: it lives as long as
// the compiled code). A captured device array is its address, compiled in.
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

#include <fmt/format.h>
#include <llvm/TargetParser/Triple.h>

#include <functional>
#include <string_view>

namespace ujit::codegen {

llvm::Value* FunctionLowering::frozen_array(const types::ConstValue& c) {
    const types::ConstArray& a = *c.array;
    if (a.by_reference) {  // a captured device array: its address is part of the code
        std::vector<llvm::Value*> shape, strides;
        for (size_t k = 0; k < a.shape.size(); ++k) {
            shape.push_back(b.getInt64(a.shape[k]));
            strides.push_back(b.getInt64(a.strides[k]));
        }
        llvm::Value* data = b.CreateIntToPtr(b.getInt64(a.address), b.getPtrTy());
        return make_array(b, c.type, data, shape, strides, nullptr);
    }
    const std::string bytes = a.bytes.empty() ? std::string(1, '\0') : a.bytes;  // never a null data pointer
    // One global per distinct content and module, however many uses; named by the content,
    // so that the IR and PTX of a program are the same from run to run.
    std::string name = fmt::format("ujit.frozen.{:016x}", std::hash<std::string_view>{}(bytes));
    llvm::GlobalVariable* g = mod.m.getNamedGlobal(name);
    auto* same = g ? llvm::dyn_cast<llvm::ConstantDataSequential>(g->getInitializer()) : nullptr;
    if (!same || same->getRawDataValues() != bytes) {  // none yet, or another content of that hash
        llvm::Constant* init = llvm::ConstantDataArray::getRaw(bytes, bytes.size(), b.getInt8Ty());
        // CUDA keeps it in constant memory (address space 4), as Numba does: loads of it are
        // ld.const, through the constant cache.
        const unsigned space = llvm::Triple(mod.m.getTargetTriple()).isNVPTX() ? 4 : 0;
        g = new llvm::GlobalVariable(mod.m, init->getType(), /*isConstant=*/true, llvm::GlobalValue::PrivateLinkage,
                                     init, name, nullptr, llvm::GlobalValue::NotThreadLocal, space);
        g->setAlignment(llvm::Align(64));
    }
    llvm::Constant* data = g->getAddressSpace() == 0 ? static_cast<llvm::Constant*>(g)
                                                     : llvm::ConstantExpr::getAddrSpaceCast(g, b.getPtrTy());
    const int64_t itemsize = c.type->dtype()->itemsize();
    const size_t n = a.shape.size();
    std::vector<llvm::Value*> shape(n), strides(n);
    int64_t step = itemsize;
    for (size_t j = 0; j < n; ++j) {  // C order: the last axis is one item apart
        size_t k = n - 1 - j;
        shape[k] = b.getInt64(a.shape[k]);
        strides[k] = b.getInt64(step);
        step *= a.shape[k];
    }
    return make_array(b, c.type, data, shape, strides, nullptr);
}

}  // namespace ujit::codegen

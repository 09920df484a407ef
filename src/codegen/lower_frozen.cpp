// Frozen global arrays (types/const_array.hpp): the data is a private constant of the
// module, and a use is an array struct over it with no owner (nothing counts references
// to it and nothing frees it: it lives as long as the compiled code).
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

#include <fmt/format.h>

#include <functional>
#include <string_view>

namespace ujit::codegen {

llvm::Value* FunctionLowering::frozen_array(const types::ConstValue& c) {
    const types::ConstArray& a = *c.array;
    const std::string bytes = a.bytes.empty() ? std::string(1, '\0') : a.bytes;  // never a null data pointer
    // One global per distinct content and module, however many uses; named by the content,
    // so that the IR and PTX of a program are the same from run to run.
    std::string name = fmt::format("ujit.frozen.{:016x}", std::hash<std::string_view>{}(bytes));
    llvm::GlobalVariable* g = mod.m.getNamedGlobal(name);
    auto* same = g ? llvm::dyn_cast<llvm::ConstantDataSequential>(g->getInitializer()) : nullptr;
    if (!same || same->getRawDataValues() != bytes) {  // none yet, or another content of that hash
        llvm::Constant* init = llvm::ConstantDataArray::getRaw(bytes, bytes.size(), b.getInt8Ty());
        g = new llvm::GlobalVariable(mod.m, init->getType(), /*isConstant=*/true, llvm::GlobalValue::PrivateLinkage,
                                     init, name);
        g->setAlignment(llvm::Align(64));
    }
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
    return make_array(b, c.type, g, shape, strides, nullptr);
}

}  // namespace ujit::codegen

#include "codegen/intrinsics.hpp"

#include "types/builtins.hpp"

#include <array>
#include <string>

namespace ujit::codegen {

llvm::Value* intrinsic(llvm::IRBuilder<>& b, llvm::Intrinsic::ID id, const std::vector<llvm::Value*>& args) {
    return b.CreateIntrinsic(id, {args[0]->getType()}, args);
}

llvm::Intrinsic::ID builtin_intrinsic(types::BuiltinId id) {
    constexpr size_t n = static_cast<size_t>(types::BuiltinId::Count_);
    // The names are looked up once; the consistency test checks each one exists.
    static const std::array<llvm::Intrinsic::ID, n> ids = [] {
        std::array<llvm::Intrinsic::ID, n> out{};
        for (size_t i = 0; i < n; ++i) {
            const char* name = types::builtin_info(static_cast<types::BuiltinId>(i)).intrinsic;
            out[i] =
                name ? llvm::Function::lookupIntrinsicID(std::string("llvm.") + name) : llvm::Intrinsic::not_intrinsic;
        }
        return out;
    }();
    return ids[static_cast<size_t>(id)];
}

}  // namespace ujit::codegen

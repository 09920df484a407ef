#include "codegen/cuda_grid.hpp"

namespace ujit::codegen {

int grid_dims(const std::vector<llvm::Value*>& args, const types::Type* result_type) {
    if (!args.empty()) {
        auto* n = llvm::dyn_cast<llvm::ConstantInt>(args[0]);
        return n ? static_cast<int>(n->getSExtValue()) : 0;
    }
    if (!result_type) return 0;
    if (result_type->is_int()) return 1;
    return result_type->is_tuple() ? static_cast<int>(result_type->elements().size()) : 0;
}

llvm::Value* emit_grid(llvm::IRBuilder<>& b, bool size, int dims,
                       const std::function<llvm::Value*(GridIndex, unsigned)>& index64) {
    using enum GridIndex;
    std::vector<llvm::Value*> values;
    for (unsigned d = 0; d < unsigned(dims); ++d)
        values.push_back(size ? b.CreateMul(index64(Ntid, d), index64(Nctaid, d))
                              : b.CreateAdd(b.CreateMul(index64(Ctaid, d), index64(Ntid, d)), index64(Tid, d)));
    if (dims == 1) return values[0];
    // UniTuple(int64 x dims): an LLVM array, as codegen/llvm_types.hpp lowers every uniform tuple.
    llvm::Value* tuple = llvm::UndefValue::get(llvm::ArrayType::get(b.getInt64Ty(), values.size()));
    for (unsigned d = 0; d < values.size(); ++d) tuple = b.CreateInsertValue(tuple, values[d], {d});
    return tuple;
}

}  // namespace ujit::codegen

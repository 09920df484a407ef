// numba-cuda's vector types as LLVM values: a constructor flattens its arguments into lanes
// (numba.cuda.vector_types' lowering does the same), a lane is an extractvalue.
#include "codegen/vector_values.hpp"

#include "codegen/llvm_types.hpp"
#include "syntax/internal_error.hpp"
#include "types/vector_types.hpp"

namespace ujit::codegen {

llvm::Value* make_vector(llvm::IRBuilder<>& b, const types::Type* vector, const std::vector<llvm::Value*>& args,
                         const std::vector<const types::Type*>& arg_types) {
    std::vector<llvm::Value*> lanes;
    for (size_t i = 0; i < args.size(); ++i) {
        if (!types::is_vector(arg_types[i])) {
            lanes.push_back(args[i]);
            continue;
        }
        for (int k = 0; k < types::vector_size(arg_types[i]); ++k) lanes.push_back(vector_lane_value(b, args[i], k));
    }
    if (lanes.size() != static_cast<size_t>(types::vector_size(vector)))
        syntax::internal_error({}, "vector constructor typed with the wrong number of lanes for " + vector->str());
    llvm::Value* out = llvm::UndefValue::get(value_type(b.getContext(), vector));
    for (unsigned k = 0; k < lanes.size(); ++k) out = b.CreateInsertValue(out, lanes[k], k);
    return out;
}

llvm::Value* vector_lane_value(llvm::IRBuilder<>& b, llvm::Value* vector, int lane) {
    return b.CreateExtractValue(vector, static_cast<unsigned>(lane));
}

}  // namespace ujit::codegen

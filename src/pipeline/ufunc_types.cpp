#include "pipeline/ufunc_types.hpp"

#include "pipeline/marshal.hpp"

namespace ujit::pipeline {

LoopTypes choose_loop_types(const detail::ModuleState& m, const syntax::FunctionDef* def,
                            const std::vector<runtime::UfuncOperand>& operands) {
    const auto& declared = m.typer->decorator_of(def).signatures;
    LoopTypes out;
    if (declared.empty()) {
        for (const auto& o : operands) out.args.push_back(type_of_dtype(o.dtype));
        return out;
    }
    std::vector<runtime::UfuncSignature> sigs;
    for (const auto& s : declared) {
        runtime::UfuncSignature u;
        for (const auto* t : s.args) u.inputs.push_back(dtype_of_type(t));
        u.output = s.ret ? dtype_of_type(s.ret) : DType::Float64;
        sigs.push_back(u);
    }
    size_t k = runtime::select_ufunc_signature(def->name, sigs, operands);
    out.args = declared[k].args;
    out.ret = declared[k].ret;
    return out;
}

}  // namespace ujit::pipeline

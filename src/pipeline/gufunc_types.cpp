#include "pipeline/gufunc_types.hpp"
#include "pipeline/record_values.hpp"

#include "codegen/gufunc_facts.hpp"
#include "pipeline/marshal.hpp"
#include "runtime/cast.hpp"
#include "runtime/scalar.hpp"
#include "runtime/ufunc_dispatch.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::pipeline {

namespace {

DType element_dtype(const types::Type* t) { return dtype_of_type(t->is_array() ? t->dtype() : t); }

runtime::UfuncOperand operand_of(const Value& v, const std::string& name) {
    if (v.is_array()) refuse_records(v.array(), "a gufunc operand");
    if (v.is_array()) return {v.array().dtype, false};
    if (v.is_scalar()) return {v.scalar().type, true};
    throw Error(Error::Kind::Argument, fmt::format("error: the inputs of gufunc '{}' must be arrays or scalars", name));
}

runtime::GufuncShape shape_of(const syntax::FunctionDef* def, const types::GufuncLayout& l,
                              const types::Signature& sig) {
    runtime::GufuncShape g;
    g.name = def->name;
    g.dims = l.dims;
    g.fixed = l.fixed;
    g.nin = l.nin();
    for (size_t k = 0; k < l.nin() + l.nout(); ++k) {
        g.core.push_back(l.operand(k));
        g.array_ndim.push_back(sig.args[k]->is_array() ? sig.args[k]->ndim() : 0);
    }
    return g;
}

// Whether the core dimensions (the last `ncore`) of `a` are C-contiguous.
bool core_c_contiguous(const ArrayRef& a, size_t ncore) {
    if (a.strides.empty()) return true;
    int64_t expect = itemsize(a.dtype);
    for (size_t j = 0; j < ncore; ++j) {
        size_t d = a.shape.size() - 1 - j;
        if (a.shape[d] != 1 && a.strides[d] != expect) return false;
        expect *= a.shape[d];
    }
    return true;
}

}  // namespace

GufuncLoopChoice choose_gufunc_loop(const detail::ModuleState& m, const syntax::FunctionDef* def,
                                    const std::vector<Value>& inputs) {
    const types::Decorator& d = m.typer->decorator_of(def);
    const types::GufuncLayout& l = d.gufunc;
    if (inputs.size() != l.nin())
        throw Error(Error::Kind::Argument,
                    fmt::format("error: gufunc '{}' with layout {} takes {} input{}, got {}", def->name, l.str(),
                                l.nin(), l.nin() == 1 ? "" : "s", inputs.size()));
    std::vector<runtime::UfuncOperand> operands;
    for (const Value& v : inputs) operands.push_back(operand_of(v, def->name));
    std::vector<runtime::UfuncSignature> sigs;
    for (const types::Signature& s : d.signatures) {
        runtime::UfuncSignature u;
        for (size_t k = 0; k < l.nin(); ++k) u.inputs.push_back(element_dtype(s.args[k]));
        u.output = element_dtype(s.args[l.nin()]);
        sigs.push_back(u);
    }
    size_t chosen = runtime::select_ufunc_signature(def->name, sigs, operands);
    GufuncLoopChoice c;
    c.signature = &d.signatures[chosen];
    for (const types::Type* t : c.signature->args) c.dtypes.push_back(element_dtype(t));
    c.shape = shape_of(def, l, *c.signature);
    return c;
}

std::vector<ArrayRef> gufunc_inputs(const GufuncLoopChoice& c, const std::vector<Value>& inputs,
                                    std::vector<Array>& keep) {
    std::vector<ArrayRef> refs;
    for (size_t k = 0; k < inputs.size(); ++k) {
        const Value& v = inputs[k];
        const types::Type* t = c.signature->args[k];
        bool want_c = t->is_array() && t->layout() == types::Layout::C;
        if (v.is_scalar()) {
            keep.push_back(runtime::scalar_array(v.scalar(), c.dtypes[k]));
        } else if (v.array().dtype != c.dtypes[k] ||
                   (want_c && !core_c_contiguous(v.array(), c.shape.core[k].size()))) {
            keep.push_back(runtime::astype(v.array(), c.dtypes[k]));  // C order
        } else {
            refs.push_back(v.array());
            continue;
        }
        refs.push_back(keep.back().ref());
    }
    return refs;
}

std::vector<int64_t> contiguous_core_table(const syntax::FunctionDef* def, const types::GufuncLayout& l,
                                           const types::Signature& sig,
                                           const std::vector<std::pair<std::string, int64_t>>& sizes, bool cuda) {
    runtime::GufuncShape g = shape_of(def, l, sig);
    runtime::GufuncBinding b;
    b.sizes = l.fixed;
    for (const auto& [name, size] : sizes) {
        auto it = std::find(l.dims.begin(), l.dims.end(), name);
        if (it == l.dims.end() || size < 0)
            throw Error(Error::Kind::Argument, fmt::format("error: gufunc '{}' with layout {} has no core dimension "
                                                           "'{}' of size {}",
                                                           def->name, l.str(), name, size));
        b.sizes[size_t(it - l.dims.begin())] = size;
    }
    for (size_t d = 0; d < l.dims.size(); ++d)
        if (b.sizes[d] < 0)
            throw Error(Error::Kind::Argument,
                        fmt::format("error: gufunc '{}': give the size of core dimension '{}'", def->name, l.dims[d]));
    std::vector<ArrayRef> operands;
    codegen::GufuncKernelFacts facts;
    for (size_t k = 0; k < g.nops(); ++k) {
        ArrayRef a;
        a.dtype = element_dtype(sig.args[k]);
        for (int d : g.core[k]) a.shape.push_back(b.sizes[size_t(d)]);
        operands.push_back(a);
        facts.steps.push_back(a.size() * itemsize(a.dtype));
        facts.align.push_back(codegen::GufuncKernelFacts::kMaxAlign);
    }
    facts.disjoint = true;
    std::vector<int64_t> table = runtime::gufunc_core_table(g, b, operands);
    return cuda ? codegen::with_kernel_facts(std::move(table), facts) : table;
}

}  // namespace ujit::pipeline

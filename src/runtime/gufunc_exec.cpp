#include "runtime/gufunc_exec.hpp"

#include <algorithm>

#include "runtime/broadcast.hpp"
#include "runtime/thread_pool.hpp"

namespace ujit::runtime {
namespace {

[[noreturn]] void argument_error(const std::string& message) {
    throw Error(Error::Kind::Argument, "error: " + message);
}

std::string operand_name(const GufuncShape& g, size_t k) {
    return k < g.nin ? "input " + std::to_string(k) : "output " + std::to_string(k - g.nin);
}

std::string core_text(const GufuncShape& g, size_t k) {
    std::string s = "(";
    for (size_t j = 0; j < g.core[k].size(); ++j) s += (j ? "," : "") + g.dims[size_t(g.core[k][j])];
    return s + ")";
}

// The loop part of an operand's shape, after checking it has its core dimensions.
Shape loop_part(const GufuncShape& g, size_t k, const ArrayRef& a) {
    size_t ncore = g.core[k].size();
    if (a.shape.size() < ncore)
        argument_error("gufunc '" + g.name + "': " + operand_name(g, k) + " has " + std::to_string(a.shape.size()) +
                       " dimension" + (a.shape.size() == 1 ? "" : "s") + " but its core " + core_text(g, k) +
                       " needs at least " + std::to_string(ncore));
    return Shape(a.shape.begin(), a.shape.end() - std::ptrdiff_t(ncore));
}

// bound_by[d]: the operand that bound dimension d, kUnbound, or kFixedByLayout.
constexpr int kUnbound = -1, kFixedByLayout = -2;

// Binds (or checks) operand k's core sizes.
void bind_core(const GufuncShape& g, size_t k, const ArrayRef& a, std::vector<int64_t>& sizes,
               std::vector<int>& bound_by) {
    size_t ncore = g.core[k].size(), first = a.shape.size() - ncore;
    for (size_t j = 0; j < ncore; ++j) {
        size_t d = size_t(g.core[k][j]);
        int64_t size = a.shape[first + j];
        if (bound_by[d] == kFixedByLayout && sizes[d] != size) {
            argument_error("gufunc '" + g.name + "': core dimension " + std::to_string(j + 1) + " of " +
                           core_text(g, k) + " in " + operand_name(g, k) + " is " + std::to_string(size) +
                           " but the layout fixes it at " + std::to_string(sizes[d]));
        } else if (bound_by[d] == kUnbound) {
            sizes[d] = size;
            bound_by[d] = int(k);
        } else if (sizes[d] != size) {
            argument_error("gufunc '" + g.name + "': core dimension '" + g.dims[d] + "' is " +
                           std::to_string(sizes[d]) + " in " + operand_name(g, size_t(bound_by[d])) + " but " +
                           std::to_string(size) + " in " + operand_name(g, k));
        }
    }
}

// Operand k viewed over the loop dimensions only (its core dimensions dropped).
ArrayRef loop_view(const GufuncShape& g, size_t k, const ArrayRef& a) {
    ArrayRef v = a;
    size_t ncore = g.core[k].size();
    if (v.strides.empty()) v.strides = c_strides(v.shape, itemsize(v.dtype));
    v.shape.resize(v.shape.size() - ncore);
    v.strides.resize(v.strides.size() - ncore);
    return v;
}

// The core table of codegen's gufunc loop: sizes, then each array operand's strides.
std::vector<int64_t> core_table(const GufuncShape& g, const GufuncBinding& b, const std::vector<ArrayRef>& ops);

}  // namespace

std::vector<int64_t> gufunc_core_table(const GufuncShape& g, const GufuncBinding& b,
                                       const std::vector<ArrayRef>& operands) {
    return core_table(g, b, operands);
}

bool gufunc_core_is_constant_worthy(const GufuncShape& g, const GufuncBinding& b,
                                    const std::vector<ArrayRef>& operands) {
    for (int64_t size : b.sizes)
        if (size < 1 || size > kMaxConstantCore) return false;
    for (size_t k = 0; k < g.nops(); ++k) {
        if (g.array_ndim[k] == 0 || g.core[k].empty()) continue;
        const ArrayRef& a = operands[k];
        if (a.strides.empty()) continue;  // C-contiguous
        int64_t expect = itemsize(a.dtype);
        for (size_t j = a.shape.size(); j-- > a.shape.size() - g.core[k].size();) {
            if (a.strides[j] != expect) return false;
            expect *= a.shape[j];
        }
    }
    return true;
}

namespace {

std::vector<int64_t> core_table(const GufuncShape& g, const GufuncBinding& b, const std::vector<ArrayRef>& ops) {
    std::vector<int64_t> table = b.sizes;
    for (size_t k = 0; k < g.nops(); ++k) {
        int n = g.array_ndim[k];
        if (n == 0) continue;
        if (g.core[k].empty()) {  // an output '()': a 1-element array
            table.push_back(itemsize(ops[k].dtype));
            continue;
        }
        Shape strides = ops[k].strides.empty() ? c_strides(ops[k].shape, itemsize(ops[k].dtype)) : ops[k].strides;
        table.insert(table.end(), strides.end() - n, strides.end());
    }
    return table;
}

// Elements of core work per iteration, at least 1: sizes the parallel chunks.
int64_t work_per_iteration(const GufuncShape& g, const GufuncBinding& b) {
    int64_t work = 1;
    for (size_t k = 0; k < g.nops(); ++k) {
        int64_t elems = 1;
        for (int d : g.core[k]) elems *= std::max<int64_t>(b.sizes[size_t(d)], 1);
        work = std::max(work, elems);
    }
    return work;
}

}  // namespace

GufuncBinding bind_gufunc(const GufuncShape& g, const std::vector<ArrayRef>& inputs,
                          const std::vector<const ArrayRef*>& outputs) {
    GufuncBinding b;
    b.sizes.assign(g.dims.size(), 0);
    std::vector<int> bound_by(g.dims.size(), kUnbound);
    for (size_t d = 0; d < g.fixed.size(); ++d)
        if (g.fixed[d] >= 0) {
            b.sizes[d] = g.fixed[d];
            bound_by[d] = kFixedByLayout;
        }
    std::vector<Shape> loops;
    for (size_t k = 0; k < inputs.size(); ++k) {
        loops.push_back(loop_part(g, k, inputs[k]));
        bind_core(g, k, inputs[k], b.sizes, bound_by);
    }
    b.loop = broadcast_shapes(loops);
    for (size_t o = 0; o < outputs.size(); ++o) {
        size_t k = g.nin + o;
        if (!outputs[o]) {
            for (int d : g.core[k])
                if (bound_by[size_t(d)] == kUnbound)
                    argument_error("gufunc '" + g.name + "': core dimension '" + g.dims[size_t(d)] + "' of " +
                                   operand_name(g, k) + " is not bound by any input; pass the output array");
            continue;
        }
        Shape loop = loop_part(g, k, *outputs[o]);
        bind_core(g, k, *outputs[o], b.sizes, bound_by);
        // Outputs take part in broadcasting but are never stretched (NumPy).
        Shape full;
        try {
            full = broadcast_shapes({b.loop, loop});
        } catch (const Error&) {
            full.clear();
        }
        if (full != loop)
            argument_error("gufunc '" + g.name + "': " + operand_name(g, k) + " has loop dimensions " +
                           format_shape(loop) + " but the inputs broadcast to " + format_shape(b.loop));
        b.loop = loop;
    }
    return b;
}

Shape gufunc_output_shape(const GufuncShape& g, const GufuncBinding& b, size_t k) {
    Shape s = b.loop;
    for (int d : g.core[g.nin + k]) s.push_back(b.sizes[size_t(d)]);
    return s;
}

void execute_gufunc(GufuncLoopFn loop, const GufuncShape& g, const GufuncBinding& b,
                    const std::vector<ArrayRef>& operands, const GufuncInvoker& invoke, bool parallel,
                    ThreadPool* pool) {
    std::vector<int64_t> core = core_table(g, b, operands);
    std::vector<ArrayRef> views;
    for (size_t k = 0; k < operands.size(); ++k) views.push_back(loop_view(g, k, operands[k]));
    ArrayRef last = views.back();
    views.pop_back();
    LoopPlan plan = plan_ufunc(views, last);
    // The ufunc executor walks the loop dimensions; each of its inner-loop calls becomes a
    // call of the gufunc loop with the core table added.
    auto run = [&](int64_t begin, int64_t end) {
        run_plan_range(plan, begin, end, nullptr, [&](LoopFn, char** ptrs, int64_t n, const int64_t* steps) {
            if (invoke)
                invoke(loop, ptrs, n, steps, core.data());
            else
                loop(ptrs, n, steps, core.data());
        });
    };
    int64_t min_chunk = std::max<int64_t>(1, kMinParallelChunk / work_per_iteration(g, b));
    if (!pool) pool = parallel ? &ThreadPool::global() : nullptr;
    int64_t n_chunks = pool ? std::min<int64_t>(plan.total / min_chunk, int64_t(pool->size()) * 4) : 1;
    if (n_chunks <= 1) {
        run(0, plan.total);
        return;
    }
    int64_t chunk = (plan.total + n_chunks - 1) / n_chunks;
    chunk = (chunk + 63) / 64 * 64;  // chunks' output writes stay off each other's cache lines
    n_chunks = (plan.total + chunk - 1) / chunk;
    pool->parallel_for(
        n_chunks, [&](int64_t c) { run(c * chunk, std::min(plan.total, (c + 1) * chunk)); },
        pool == &ThreadPool::global() ? thread_limit() : 0);  // set_num_threads, as Numba's
}

}  // namespace ujit::runtime

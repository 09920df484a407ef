#include "runtime/ufunc_exec.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "runtime/broadcast.hpp"
#include "runtime/thread_pool.hpp"

namespace ujit::runtime {
namespace {

// Per-axis view used while planning: extent and one stride per operand.
struct Axis {
    int64_t extent;
    std::vector<int64_t> strides;
};

void check_shapes(const std::vector<ArrayRef>& inputs, const ArrayRef& output) {
    std::vector<Shape> shapes;
    for (const ArrayRef& a : inputs) shapes.push_back(a.shape);
    Shape common = broadcast_shapes(shapes);
    shapes = {common, output.shape};
    Shape full;
    try {
        full = broadcast_shapes(shapes);
    } catch (const Error&) {
        full.clear();
    }
    if (full != output.shape)
        throw Error(Error::Kind::Argument, "non-broadcastable output operand with shape " + format_shape(output.shape) +
                                               " doesn't match the broadcast shape " + format_shape(common));
}

// NumPy's npyiter_find_best_axis_ordering, outer→inner: an axis moves inwards past
// another when every operand that strides along both has a smaller |stride| on it.
void order_axes(std::vector<Axis>& axes) {
    auto abs64 = [](int64_t x) { return x < 0 ? -x : x; };
    for (int k = static_cast<int>(axes.size()) - 2; k >= 0; --k) {
        int pos = k;
        for (int m = k + 1; m < static_cast<int>(axes.size()); ++m) {
            bool ambiguous = true, swap = false;
            for (size_t op = 0; op < axes[k].strides.size(); ++op) {
                int64_t s0 = axes[k].strides[op], s1 = axes[m].strides[op];
                if (s0 == 0 || s1 == 0) continue;
                if (abs64(s1) <= abs64(s0))
                    swap = false;
                else if (ambiguous)
                    swap = true;
                ambiguous = false;
            }
            if (ambiguous) continue;
            if (!swap) break;
            pos = m;
        }
        std::rotate(axes.begin() + k, axes.begin() + k + 1, axes.begin() + pos + 1);
    }
}

// Reverses axes along which every operand steps backwards (or not at all).
void flip_negative(std::vector<Axis>& axes, std::vector<char*>& base) {
    for (Axis& ax : axes) {
        bool any_negative = false, all_nonpositive = true;
        for (int64_t s : ax.strides) {
            any_negative |= s < 0;
            all_nonpositive &= s <= 0;
        }
        if (!any_negative || !all_nonpositive) continue;
        for (size_t op = 0; op < base.size(); ++op) {
            base[op] += ax.strides[op] * (ax.extent - 1);
            ax.strides[op] = -ax.strides[op];
        }
    }
}

std::vector<Axis> coalesce(const std::vector<Axis>& axes) {
    std::vector<Axis> out;
    for (const Axis& ax : axes) {
        if (!out.empty()) {
            Axis& o = out.back();
            bool merge = true;
            for (size_t op = 0; op < ax.strides.size() && merge; ++op)
                merge = o.strides[op] == ax.strides[op] * ax.extent;
            if (merge) {
                o.extent *= ax.extent;
                o.strides = ax.strides;
                continue;
            }
        }
        out.push_back(ax);
    }
    return out;
}

// The bytes [lo, hi) that an operand with these strides over `shape` touches.
std::pair<const char*, const char*> byte_range(const char* data, const Shape& shape, const Shape& strides,
                                               int64_t itemsize) {
    const char *lo = data, *hi = data + itemsize;
    for (size_t d = 0; d < shape.size(); ++d) {
        int64_t span = strides[d] * (shape[d] - 1);
        (span < 0 ? lo : hi) += span;
    }
    return {lo, hi};
}

// Whether two output elements may share bytes (a reduction's output has stride 0 along the
// reduced axis). Conservative: the axes sorted by |stride| must each step past everything
// the smaller ones span.
bool may_self_overlap(const Shape& shape, const Shape& strides, int64_t itemsize) {
    std::vector<std::pair<int64_t, int64_t>> axes;  // |stride|, extent
    for (size_t d = 0; d < shape.size(); ++d)
        if (shape[d] > 1) axes.push_back({strides[d] < 0 ? -strides[d] : strides[d], shape[d]});
    std::sort(axes.begin(), axes.end());
    int64_t span = itemsize;
    for (const auto& [stride, extent] : axes) {
        if (stride < span) return true;
        span = stride * (extent - 1) + span;
    }
    return false;
}

// Whether an element's result depends on the results of others: the output overlaps itself,
// or an input other than element-wise in place. NumPy's accumulate and reduceat pass
// out[i-1] as the first input of out[i], its reduce an output of stride 0; such a loop is
// a recurrence and must run serially, in the order given (numba#1721 splits it).
bool order_dependent(const std::vector<ArrayRef>& ops, const std::vector<Shape>& strides, const Shape& shape) {
    const size_t out = ops.size() - 1;
    const int64_t out_item = itemsize(ops[out].dtype);
    if (may_self_overlap(shape, strides[out], out_item)) return true;
    auto [out_lo, out_hi] = byte_range(static_cast<const char*>(ops[out].data), shape, strides[out], out_item);
    for (size_t i = 0; i < out; ++i) {
        auto [lo, hi] = byte_range(static_cast<const char*>(ops[i].data), shape, strides[i], itemsize(ops[i].dtype));
        if (hi <= out_lo || out_hi <= lo) continue;
        bool in_place = ops[i].data == ops[out].data && strides[i] == strides[out] && ops[i].dtype == ops[out].dtype;
        if (!in_place) return true;
    }
    return false;
}

}  // namespace

LoopPlan plan_ufunc(const std::vector<ArrayRef>& inputs, const ArrayRef& output) {
    check_shapes(inputs, output);
    std::vector<ArrayRef> ops = inputs;
    ops.push_back(output);
    LoopPlan plan;
    plan.nops = static_cast<int>(ops.size());
    plan.total = checked_size(output.shape);
    std::vector<Shape> strides;
    for (const ArrayRef& a : ops) {
        plan.base.push_back(static_cast<char*>(a.data));
        strides.push_back(broadcast_strides(a, output.shape));
    }
    std::vector<Axis> axes;
    for (size_t d = 0; d < output.shape.size(); ++d) {
        if (output.shape[d] == 1) continue;
        Axis ax{output.shape[d], {}};
        for (const Shape& s : strides) ax.strides.push_back(s[d]);
        axes.push_back(std::move(ax));
    }
    plan.ordered = plan.total > 1 && order_dependent(ops, strides, output.shape);
    if (plan.total > 0 && !plan.ordered) {
        flip_negative(axes, plan.base);
        order_axes(axes);
        axes = coalesce(axes);
    }
    if (axes.empty()) axes.push_back(Axis{1, std::vector<int64_t>(ops.size(), 0)});
    for (const Axis& ax : axes) {
        plan.shape.push_back(ax.extent);
        plan.strides.insert(plan.strides.end(), ax.strides.begin(), ax.strides.end());
    }
    return plan;
}

void run_plan_range(const LoopPlan& plan, int64_t begin, int64_t end, LoopFn loop, const LoopInvoker& invoke) {
    if (begin >= end) return;
    const int nops = plan.nops;
    const int outer = static_cast<int>(plan.shape.size()) - 1;
    const int64_t inner = plan.shape.back();
    const int64_t* inner_strides = plan.inner_strides();
    // Position of `begin`: a row (outer multi-index) and an offset inside the row.
    std::vector<int64_t> idx(outer);
    std::vector<char*> row(plan.base), ptrs(nops);
    int64_t rest = begin / inner, offset = begin % inner;
    for (int d = outer - 1; d >= 0; --d) {
        idx[d] = rest % plan.shape[d];
        rest /= plan.shape[d];
        for (int op = 0; op < nops; ++op) row[op] += idx[d] * plan.strides[d * nops + op];
    }
    for (int64_t pos = begin; pos < end;) {
        int64_t n = std::min(inner - offset, end - pos);
        for (int op = 0; op < nops; ++op) ptrs[op] = row[op] + offset * inner_strides[op];
        if (invoke)
            invoke(loop, ptrs.data(), n, inner_strides);
        else
            loop(ptrs.data(), n, inner_strides);
        pos += n;
        offset = 0;
        for (int d = outer - 1; d >= 0; --d) {  // next row, with carry
            const int64_t* s = plan.strides.data() + d * nops;
            if (++idx[d] < plan.shape[d]) {
                for (int op = 0; op < nops; ++op) row[op] += s[op];
                break;
            }
            idx[d] = 0;
            for (int op = 0; op < nops; ++op) row[op] -= s[op] * (plan.shape[d] - 1);
        }
    }
}

void execute_ufunc(LoopFn loop, const std::vector<ArrayRef>& inputs, const ArrayRef& output,
                   const LoopInvoker& invoke) {
    LoopPlan plan = plan_ufunc(inputs, output);
    run_plan_range(plan, 0, plan.total, loop, invoke);
}

void execute_ufunc_parallel(LoopFn loop, const std::vector<ArrayRef>& inputs, const ArrayRef& output,
                            const LoopInvoker& invoke, ThreadPool* pool, int64_t min_chunk) {
    LoopPlan plan = plan_ufunc(inputs, output);
    if (!pool) pool = &ThreadPool::global();
    min_chunk = std::max<int64_t>(min_chunk, 1);
    int64_t n_chunks = std::min<int64_t>(plan.total / min_chunk, int64_t(pool->size()) * 4);
    if (n_chunks <= 1 || plan.ordered) {
        run_plan_range(plan, 0, plan.total, loop, invoke);
        return;
    }
    // Chunk boundaries on multiples of 64 elements keep the chunks' output writes off
    // each other's cache lines.
    int64_t chunk = (plan.total + n_chunks - 1) / n_chunks;
    chunk = (chunk + 63) / 64 * 64;
    n_chunks = (plan.total + chunk - 1) / chunk;
    // The process's pool runs with the caller's set_num_threads count, as Numba's parallel ufuncs.
    pool->parallel_for(
        n_chunks,
        [&](int64_t c) { run_plan_range(plan, c * chunk, std::min(plan.total, (c + 1) * chunk), loop, invoke); },
        pool == &ThreadPool::global() ? thread_limit() : 0);
}

}  // namespace ujit::runtime

// range values: `r = range(a, b, s)` kept in a variable, passed to and returned from
// compiled functions, and used as Python uses one: r.start / r.stop / r.step, len(r), r[i],
// `x in r`, iteration (infer_iter.cpp). Numba's RangeType (numba/cpython/rangeobj.py);
// codegen/lower_range.cpp lowers them.
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

const Type* Inferrer::range_attribute(const Attribute* a, const Type* range) {
    if (a->attr == "start" || a->attr == "stop" || a->attr == "step") return range->range_item();
    error(a->attr_loc,
          fmt::format("{} has no attribute '{}' (a range has start, stop and step)", range->str(), a->attr));
}

// r[i]: the item at i (negative i counts from the end), as CPython's range; a slice of a
// range (another range in CPython) is not supported.
const Type* Inferrer::range_subscript(const Subscript* s, const Type* range) {
    if (isa<Slice>(s->index))
        error(s->index->loc, fmt::format("slicing a range ({}) is not supported by ujit: index it, or build "
                                         "range(start + a * step, ...) from r.start, r.stop and r.step",
                                         range->str()));
    const Type* index = expr(s->index);
    if (!index) return nullptr;
    if (!index->is_int() && !index->is_bool())
        error(s->index->loc, fmt::format("range indices must be integers, not {}", index->str()));
    return range->range_item();
}

// `x in r` with an integer x: CPython's arithmetic test. CPython also compares other
// numbers item by item (2.0 in range(3)); Numba answers those False without looking, so
// ujit refuses them rather than give either answer silently.
bool Inferrer::range_compare(CmpOp op, const Type* l, const Type* r, SourceLoc at) {
    if (!r->is_range()) return false;
    if (op != CmpOp::In && op != CmpOp::NotIn)
        error(at, fmt::format("unsupported comparison: {} {} {}", l->str(), spelling(op), r->str()));
    if (!l->is_int() && !l->is_bool())
        error(at, fmt::format("'{}' of {} in a range is not supported by ujit (an integer is: Numba answers "
                              "False for other numbers, CPython compares them)",
                              spelling(op), l->str()));
    return true;
}

}  // namespace ujit::types

// Typing of ordinary NumPy calls that Numba compiles and that fit no larger family, with
// Numba's signatures and messages: np.iscomplexobj / isrealobj (numba/np/arraymath.py: a
// constant of the dtype), np.iscomplex / isreal (x.imag != 0, == 0), np.logspace / geomspace
// (numba/np/arrayobj.py), np.take without an axis (numpy_take), np.broadcast_to (a read-only
// view), np.swapaxes / moveaxis (views) and np.fill_diagonal (in place, as np_fill_diagonal);
// gaps2: np.ediff1d, vander, tri, triu_indices / tril_indices, rot90, delete (numba/np/
// arraymath.py), union1d / intersect1d / setdiff1d. Lowered by nplib/lower_gaps.cpp and
// lower_set_ops.cpp.
#include "nplib/int_tuples.hpp"
#include "nplib/library_typing.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

#include <optional>

namespace ujit::nplib {

using types::BuiltinId;
using types::Layout;
using types::Type;

const LibraryParams* gaps_params_of(BuiltinId id) {
    static const LibraryParams x{{"x"}, 1};
    static const LibraryParams space{{"start", "stop", "num"}, 2};
    static const LibraryParams take{{"a", "indices"}, 2};
    static const LibraryParams array_take{{"self", "indices"}, 2};
    static const LibraryParams broadcast_to{{"array", "shape"}, 2};
    static const LibraryParams swapaxes{{"a", "axis1", "axis2"}, 3};
    static const LibraryParams moveaxis{{"a", "source", "destination"}, 3};
    static const LibraryParams fill_diagonal{{"a", "val", "wrap"}, 2};
    static const LibraryParams ary{{"ary"}, 1};
    static const LibraryParams vander{{"x", "N", "increasing"}, 1};
    static const LibraryParams tri{{"N", "M", "k"}, 1};
    static const LibraryParams tri_indices{{"n", "k", "m"}, 1};
    static const LibraryParams rot90{{"m", "k"}, 1};
    static const LibraryParams del{{"arr", "obj"}, 2};
    static const LibraryParams set_op{{"ar1", "ar2"}, 2};
    switch (id) {
    case BuiltinId::NpIscomplexobj:
    case BuiltinId::NpIsrealobj:
    case BuiltinId::NpIscomplex:
    case BuiltinId::NpIsreal: return &x;
    case BuiltinId::NpLogspace:
    case BuiltinId::NpGeomspace: return &space;
    case BuiltinId::NpTake: return &take;
    case BuiltinId::ArrayTake: return &array_take;
    case BuiltinId::NpBroadcastTo: return &broadcast_to;
    case BuiltinId::NpSwapaxes: return &swapaxes;
    case BuiltinId::NpMoveaxis: return &moveaxis;
    case BuiltinId::NpFillDiagonal: return &fill_diagonal;
    case BuiltinId::NpEdiff1d: return &ary;
    case BuiltinId::NpVander: return &vander;
    case BuiltinId::NpTri: return &tri;
    case BuiltinId::NpTriuIndices:
    case BuiltinId::NpTrilIndices: return &tri_indices;
    case BuiltinId::NpRot90: return &rot90;
    case BuiltinId::NpDelete: return &del;
    case BuiltinId::NpUnion1d:
    case BuiltinId::NpIntersect1d:
    case BuiltinId::NpSetdiff1d:
    case BuiltinId::NpSetxor1d: return &set_op;
    default: return nullptr;
    }
}

namespace {

const Type* dtype_of(const Type* t) { return t->is_array() ? t->dtype() : t; }

// np.logspace / np.geomspace(start, stop, num=50): real numbers, float64 (Numba's linspace).
CallTyping space_type(BuiltinId id, const std::vector<const Type*>& args) {
    const bool geom = id == BuiltinId::NpGeomspace;
    if (!args[0]->is_number())
        return fail(geom ? "The argument \"start\" must be a number" : "The first argument \"start\" must be a number",
                    0);
    if (!args[1]->is_number())
        return fail(geom ? "The argument \"stop\" must be a number" : "The second argument \"stop\" must be a number",
                    1);
    if (!absent(args[2]) && !args[2]->is_int())
        return fail(geom ? "The argument \"num\" must be an integer" : "The third argument \"num\" must be an integer",
                    2);
    for (int i = 0; i < 2; ++i)
        if (args[i]->is_complex())
            return fail(fmt::format("{}() of complex numbers is not supported by ujit", types::builtin_name(id)), i);
    return typed(types::array(types::float64(), 1, Layout::C),
                 {types::float64(), types::float64(), absent(args[2]) ? nullptr : types::int64()});
}

// np.take(a, indices): the items of a's C-order flattening at the indices (an integer, an array,
// a list or a tuple of integers), in the indices' shape.
CallTyping take_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    const Type* idx = args[1];
    if (!a->is_array()) return fail(fmt::format("np.take() of {} is not supported (it takes arrays)", a->str()), 0);
    if (idx->is_int()) return typed(a->dtype(), {a, types::int64()});
    if (idx->is_array() && idx->dtype()->is_int())
        return typed(types::array(a->dtype(), idx->ndim(), Layout::C), {a, idx});
    if (idx->is_list() && idx->item() && idx->item()->is_int())  // np.array(indices) first, as Numba's
        return typed(types::array(a->dtype(), 1, Layout::C), {a, idx});
    if (int_tuple(idx) && !idx->elements().empty())
        return typed(types::array(a->dtype(), 1, Layout::C), {a, int64_tuple(idx)});
    return fail(fmt::format("np.take() with indices of {} is not supported by ujit (an integer, an integer array "
                            "or a list or tuple of integers is)",
                            idx->str()),
                1);
}

// np.broadcast_to(array, shape): a read-only view (Numba's), strides 0 along repeated axes.
CallTyping broadcast_to_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    const Type* shape = args[1];
    if (!a->is_array() && !a->is_number())
        return fail(fmt::format("The argument \"array\" must be array-like, not {}", a->str()), 0);
    int nd = 0;
    const Type* shape_op = nullptr;
    if (shape->is_int()) {
        nd = 1;
        shape_op = types::int64();
    } else if (int_tuple(shape)) {
        nd = static_cast<int>(shape->elements().size());
        shape_op = int64_tuple(shape);
    } else {
        return fail("The argument \"shape\" must be a tuple or an integer.", 1);
    }
    const int from = a->is_array() ? a->ndim() : 0;
    if (from > nd) return fail("input operand has more dimensions than allowed by the axis remapping", 0);
    const Type* dt = dtype_of(a);
    return typed(types::array(dt, nd, Layout::A, /*readonly=*/true), {a->is_array() ? a : dt, shape_op});
}

// np.swapaxes(a, axis1, axis2) / np.moveaxis(a, source, destination): views, the axes
// integers known at run time (moveaxis's tuples of axes are not supported by ujit).
CallTyping axes_view_type(BuiltinId id, const std::vector<const Type*>& args) {
    const Type* a = args[0];
    const std::string what = types::builtin_name(id);
    if (!a->is_array()) return fail(fmt::format("{}() of {} is not supported (it takes arrays)", what, a->str()), 0);
    for (int i = 1; i < 3; ++i)
        if (!args[i]->is_int())
            return fail(fmt::format("{}() needs integer axes, not {}{}", what, args[i]->str(),
                                    args[i]->is_tuple() ? " (tuples of axes are not supported by ujit)" : ""),
                        i);
    const Layout layout = a->ndim() <= 1 ? a->layout() : Layout::A;
    return typed(types::array(a->dtype(), a->ndim(), layout, a->is_readonly()), {a, types::int64(), types::int64()});
}

// np.fill_diagonal(a, val, wrap=False): a's main diagonal set in place (val a number or an
// array whose items repeat), as NumPy's flat-step walk; None.
CallTyping fill_diagonal_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    if (!a->is_array() || a->ndim() < 2)
        return fail(fmt::format("The first argument must be at least 2-D (found {}-D)", a->is_array() ? a->ndim() : 0),
                    0);
    if (a->is_readonly()) return fail("np.fill_diagonal() of a read-only array", 0);
    const Type* val = args[1];
    if (!val->is_number() && !(val->is_array() && val->dtype()->is_number()))
        return fail(fmt::format("np.fill_diagonal() val of {} is not supported (a number or an array is)", val->str()),
                    1);
    if (!absent(args[2]) && !args[2]->is_bool() && !args[2]->is_int())
        return fail("The third argument \"wrap\" must be a boolean", 2);
    return typed(types::none(), {a, val, absent(args[2]) ? nullptr : types::boolean()});
}

// gaps2 ------------------------------------------------------------------------------------

bool real_array(const Type* t) { return t->is_array() && (t->dtype()->is_int() || t->dtype()->is_float()); }

// An optional integer argument: its operand (null when left out or None), or a failure.
std::optional<CallTyping> optional_int(const std::vector<const Type*>& args, size_t i, const char* name,
                                       std::vector<const Type*>& ops) {
    if (absent(args[i])) {
        ops.push_back(nullptr);
        return std::nullopt;
    }
    if (!args[i]->is_int() && !args[i]->is_bool())
        return fail(fmt::format("{} must be an integer, not {}", name, args[i]->str()), static_cast<int>(i));
    ops.push_back(types::int64());
    return std::nullopt;
}

CallTyping gaps2_type(BuiltinId id, const std::vector<const Type*>& args) {
    const std::string what = types::builtin_name(id);
    const Type* a = args[0];
    switch (id) {
    case BuiltinId::NpEdiff1d:  // Numba's: no to_end / to_begin in ujit
        if (!a->is_array() || !a->dtype()->is_number())
            return fail(fmt::format("np.ediff1d() of {} is not supported (it takes arrays)", a->str()), 0);
        if (a->dtype()->is_bool()) return fail("Boolean dtype is unsupported (as per NumPy)", 0);
        return typed(types::array(a->dtype(), 1, Layout::C), {a});
    case BuiltinId::NpVander: {
        if (!a->is_array() || a->ndim() != 1 || !a->dtype()->is_number() || a->dtype()->is_complex())
            return fail(
                fmt::format("np.vander() of {} is not supported by ujit (a 1-D array of real numbers is)", a->str()),
                0);
        std::vector<const Type*> ops{a};
        if (!absent(args[1]) && !args[1]->is_int()) return fail("Second argument N must be None or an integer", 1);
        ops.push_back(absent(args[1]) ? nullptr : types::int64());
        if (!absent(args[2]) && !args[2]->is_bool() && !args[2]->is_int())
            return fail("increasing must be a boolean", 2);
        ops.push_back(absent(args[2]) ? nullptr : types::boolean());
        return typed(types::array(types::promote(a->dtype(), types::int64()), 2, Layout::C), ops);
    }
    case BuiltinId::NpTri:
    case BuiltinId::NpTriuIndices:
    case BuiltinId::NpTrilIndices: {
        const bool tri = id == BuiltinId::NpTri;
        std::vector<const Type*> ops;
        if (!a->is_int()) return fail(fmt::format("{} must be an integer, not {}", tri ? "N" : "n", a->str()), 0);
        ops.push_back(types::int64());
        // np.tri(N, M, k); the index functions take (n, k, m).
        if (auto f = optional_int(args, 1, tri ? "M" : "k", ops)) return *f;
        if (auto f = optional_int(args, 2, tri ? "k" : "m", ops)) return *f;
        const Type* index_array = types::array(types::int64(), 1, Layout::C);
        return typed(tri ? types::array(types::float64(), 2, Layout::C) : types::tuple({index_array, index_array}),
                     ops);
    }
    case BuiltinId::NpRot90: {
        if (!a->is_array()) return fail("The first argument \"m\" must be an array", 0);
        if (a->ndim() < 2) return fail("Input must be >= 2-d.", 0);
        if (!absent(args[1]) && !args[1]->is_int()) return fail("The second argument \"k\" must be an integer", 1);
        return typed(types::array(a->dtype(), a->ndim(), Layout::A, a->is_readonly()),
                     {a, absent(args[1]) ? nullptr : types::int64()});
    }
    case BuiltinId::NpDelete: {
        if (!a->is_array())
            return fail(fmt::format("np.delete() of {} is not supported (it takes arrays)", a->str()), 0);
        const Type* obj = args[1];
        const Type* rt = types::array(a->dtype(), 1, Layout::C);
        if (obj->is_int()) return typed(rt, {a, types::int64()});
        if (obj->is_array() && obj->dtype()->is_int()) return typed(rt, {a, obj});
        return fail(fmt::format("np.delete() with obj of {} is not supported by ujit (an integer or an integer array "
                                "is)",
                                obj->str()),
                    1);
    }
    default: {  // union1d, intersect1d, setdiff1d, setxor1d
        for (int i = 0; i < 2; ++i)
            if (!real_array(args[i]))
                return fail(fmt::format("{}() of {} is not supported by ujit (arrays of real numbers are)", what,
                                        args[i]->str()),
                            i);
        const Type* dt = id == BuiltinId::NpSetdiff1d ? a->dtype() : types::promote(a->dtype(), args[1]->dtype());
        return typed(types::array(dt, 1, Layout::C), {args[0], args[1]});
    }
    }
}

}  // namespace

CallTyping gaps_call_type(BuiltinId id, const std::vector<const Type*>& args) {
    switch (id) {
    case BuiltinId::NpIscomplexobj:
    case BuiltinId::NpIsrealobj:
        if (!args[0]->is_number() && !args[0]->is_array() && !args[0]->is_none())
            return fail(fmt::format("{}() of {} is not supported by ujit", types::builtin_name(id), args[0]->str()), 0);
        return typed(types::boolean(), {args[0]});
    case BuiltinId::NpIscomplex:
    case BuiltinId::NpIsreal:
        if (args[0]->is_number()) return typed(types::boolean(), {args[0]});
        if (args[0]->is_array() && args[0]->dtype()->is_number())
            return typed(types::array(types::boolean(), args[0]->ndim(), Layout::C), {args[0]});
        return fail(fmt::format("{}() of {} is not supported by ujit", types::builtin_name(id), args[0]->str()), 0);
    case BuiltinId::NpLogspace:
    case BuiltinId::NpGeomspace: return space_type(id, args);
    case BuiltinId::NpTake:
    case BuiltinId::ArrayTake: return take_type(args);
    case BuiltinId::NpBroadcastTo: return broadcast_to_type(args);
    case BuiltinId::NpSwapaxes:
    case BuiltinId::NpMoveaxis: return axes_view_type(id, args);
    case BuiltinId::NpFillDiagonal: return fill_diagonal_type(args);
    default: return gaps2_type(id, args);
    }
}

}  // namespace ujit::nplib

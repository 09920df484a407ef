// Typing of ordinary NumPy calls that Numba compiles and that fit no larger family, with
// Numba's signatures and messages: np.iscomplexobj / isrealobj (numba/np/arraymath.py: a
// constant of the dtype), np.iscomplex / isreal (x.imag != 0, == 0), np.logspace / geomspace
// (numba/np/arrayobj.py), np.take without an axis (numpy_take), np.broadcast_to (a read-only
// view), np.swapaxes / moveaxis (views) and np.fill_diagonal (in place, as np_fill_diagonal).
// Lowered by nplib/lower_gaps.cpp.
#include "nplib/library_typing.hpp"

#include <fmt/format.h>

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
    default: return nullptr;
    }
}

namespace {

const Type* dtype_of(const Type* t) { return t->is_array() ? t->dtype() : t; }

bool int_items(const Type* t) {
    if (!t->is_tuple()) return false;
    for (const Type* e : t->elements())
        if (!e->is_int()) return false;
    return true;
}

const Type* int64_tuple(const Type* t) {
    return types::tuple(std::vector<const Type*>(t->elements().size(), types::int64()));
}

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
    if (int_items(idx) && !idx->elements().empty())
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
    } else if (int_items(shape)) {
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
    default: return fill_diagonal_type(args);
    }
}

}  // namespace ujit::nplib

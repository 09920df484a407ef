// Typing of the NumPy functions that rearrange an array or pick among its items, with Numba's
// signatures and messages (numba/np/arrayobj.py: _as_layout_array, np_ravel, numpy_transpose,
// np_split, np_array_split, nan_to_num_impl; numba/np/arraymath.py: np_partition,
// np_argpartition, jit_np_isin). Lowered by nplib/lower_layout.cpp (which dispatches),
// lower_split.cpp, lower_partition.cpp, lower_isin.cpp and lower_nan_to_num.cpp. ujit takes
// arrays (and numbers where Numba makes a 0-d array of them) where Numba takes any array-like;
// tuples and lists are refused, located.
#include "nplib/array_typing.hpp"
#include "nplib/int_tuples.hpp"
#include "nplib/library_typing.hpp"

#include <fmt/format.h>

namespace ujit::nplib {

using types::BuiltinId;
using types::Layout;
using types::Type;

const LibraryParams* arrangement_params_of(BuiltinId id) {
    static const LibraryParams one{{"a"}, 1};
    static const LibraryParams transpose{{"a", "axes"}, 1};
    static const LibraryParams reshape{{"a", "newshape"}, 2};
    static const LibraryParams partition{{"a", "kth"}, 2};
    static const LibraryParams isin{{"element", "test_elements", "assume_unique", "invert"}, 2};
    static const LibraryParams nan_to_num{{"x", "copy", "nan", "posinf", "neginf"}, 1};
    static const LibraryParams split{{"ary", "indices_or_sections", "axis"}, 2};
    switch (id) {
    case BuiltinId::NpAscontiguousarray:
    case BuiltinId::NpAsfortranarray:
    case BuiltinId::NpRavel: return &one;
    case BuiltinId::NpTranspose: return &transpose;
    case BuiltinId::NpReshape: return &reshape;
    case BuiltinId::NpPartition:
    case BuiltinId::NpArgpartition: return &partition;
    case BuiltinId::NpIsin: return &isin;
    case BuiltinId::NpNanToNum: return &nan_to_num;
    case BuiltinId::NpSplit:
    case BuiltinId::NpArraySplit: return &split;
    default: return nullptr;
    }
}

namespace {

// np.ascontiguousarray(a) / np.asfortranarray(a): a new array only where a's layout is not
// the one asked for; a number becomes a 1-element array (Numba's np.array(a) first), a 0-d
// array a 1-D view. Numba types the result writable even where it is `a` itself; ujit keeps
// a read-only array (a frozen global) read-only, as writing through it cannot work.
CallTyping as_layout_type(BuiltinId id, const std::vector<const Type*>& args) {
    const Type* a = args[0];
    const Layout want = id == BuiltinId::NpAscontiguousarray ? Layout::C : Layout::F;
    if (a->is_number()) return typed(types::array(a, 1, want), {a});
    if (!a->is_array())
        return fail(
            fmt::format("{}() of {} is not supported (it takes arrays and numbers)", types::builtin_name(id), a->str()),
            0);
    return typed(types::array(a->dtype(), std::max(a->ndim(), 1), want, a->is_readonly()), {a});
}

// np.ravel(a): a.ravel(), a view of a C array, else a new C array of the items in C order.
CallTyping ravel_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    if (!a->is_array()) return fail(fmt::format("np.ravel() of {} is not supported (it takes arrays)", a->str()), 0);
    bool view = a->layout() == Layout::C;
    return typed(types::array(a->dtype(), 1, Layout::C, view && a->is_readonly()), {a});
}

// np.transpose(a, axes=None): a.transpose(axes). The axes are a tuple of ndim integers (known
// at run time, as Numba's permute_arrays); a 1-D array takes one integer too.
CallTyping transpose_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    if (a->is_tuple()) return fail("np.transpose does not accept tuples", 0);
    if (!a->is_array())
        return fail(fmt::format("np.transpose() of {} is not supported (it takes arrays)", a->str()), 0);
    if (absent(args[1])) return typed(nplib::transpose_type(a), {a, nullptr});
    const Type* axes = args[1];
    if (axes->is_int() && a->ndim() == 1) return typed(a, {a, types::int64()});
    if (!int_tuple(axes)) return fail(fmt::format("transpose({}) is not supported", axes->str()), 1);
    if (static_cast<int>(axes->elements().size()) != a->ndim()) return fail("axes don't match array", 1);
    return typed(types::array(a->dtype(), a->ndim(), a->ndim() == 1 ? a->layout() : Layout::A, a->is_readonly()),
                 {a, int64_tuple(axes)});
}

// np.reshape(a, newshape): a.reshape(newshape), a view of a contiguous array.
CallTyping reshape_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    const Type* shape = args[1];
    if (!a->is_array()) return fail(fmt::format("np.reshape() of {} is not supported (it takes arrays)", a->str()), 0);
    if (!shape->is_int() && !int_tuple(shape))
        return fail(
            fmt::format("np.reshape()'s newshape must be an integer or a tuple of integers, not {}", shape->str()), 1);
    if (a->layout() == Layout::A) return fail("reshape() supports contiguous array only", 0);
    if (a->layout() == Layout::F && a->ndim() > 1)
        return fail("reshape() of a Fortran-ordered array is not supported by ujit", 0);
    int nd = shape->is_int() ? 1 : static_cast<int>(shape->elements().size());
    return typed(types::array(a->dtype(), nd, a->layout(), a->is_readonly()),
                 {a, shape->is_int() ? types::int64() : int64_tuple(shape)});
}

// np.partition(a, kth) / np.argpartition(a, kth): along the last axis; kth an integer, a
// tuple of them or a 1-D integer array (Numba's getattr(kth, 'dtype', kth)).
CallTyping partition_type(BuiltinId id, const std::vector<const Type*>& args) {
    const Type* a = args[0];
    if (!a->is_array())  // Numba takes tuples and lists too (np.asarray first)
        return fail(
            fmt::format("{}() of {} is not supported by ujit (it takes arrays)", types::builtin_name(id), a->str()), 0);
    if (a->ndim() == 0) return fail("The first argument must be at least 1-D (found 0-D)", 0);
    const Type* kth = args[1];
    bool ok = kth->is_int() || (int_tuple(kth) && kth->is_uniform_tuple()) ||
              (kth->is_array() && kth->ndim() == 1 && kth->dtype()->is_int());
    if (!ok) return fail("Partition index must be integer", 1);
    const Type* dt = id == BuiltinId::NpPartition ? a->dtype() : types::int64();
    return typed(types::array(dt, a->ndim(), Layout::C), {a, kth->is_int()     ? types::int64()
                                                             : kth->is_tuple() ? int64_tuple(kth)
                                                                               : kth});
}

// np.isin(element, test_elements, assume_unique=False, invert=False): a bool array of
// element's shape (0-d for a number).
CallTyping isin_type(const std::vector<const Type*>& args) {
    for (int i = 0; i < 2; ++i)
        if (!args[i]->is_array() && !args[i]->is_number())
            return fail(
                fmt::format("np.isin() of {} is not supported by ujit (it takes arrays and numbers)", args[i]->str()),
                i);
    const char* flags[] = {"assume_unique", "invert"};
    std::vector<const Type*> ops{args[0], args[1], nullptr, nullptr};
    for (size_t i = 2; i < 4; ++i) {
        if (!args[i]) continue;
        if (!args[i]->is_bool()) return fail(fmt::format("isin: Argument \"{}\" must be boolean", flags[i - 2]), i);
        ops[i] = types::boolean();
    }
    const Type* e = args[0];
    const Type* t = args[1];
    const Type* edt = e->is_array() ? e->dtype() : e;
    const Type* tdt = t->is_array() ? t->dtype() : t;
    if (edt->is_datetime_like() || tdt->is_datetime_like() || edt->is_complex() || tdt->is_complex())
        return fail(fmt::format("np.isin() of {} in {} is not supported by ujit", e->str(), t->str()), -1);
    return typed(types::array(types::boolean(), e->is_array() ? e->ndim() : 0, Layout::C), ops);
}

// np.nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None): integers as they are (x
// itself, as Numba's; booleans refused, as by Numba); floats and complex numbers with NaN and
// the infinities replaced, in a copy unless copy=False.
CallTyping nan_to_num_type(const std::vector<const Type*>& args) {
    const Type* x = args[0];
    const Type* dt = x->is_array() ? x->dtype() : x;
    if (!dt->is_number() || dt->is_bool())  // Numba's overload has no case for booleans
        return fail("Only Integer, Float, and Complex values are accepted", 0);
    std::vector<const Type*> ops{x, nullptr, nullptr, nullptr, nullptr};
    if (!absent(args[1])) {
        if (!args[1]->is_bool() && !args[1]->is_int()) return fail("nan_to_num()'s copy must be a bool", 1);
        ops[1] = types::boolean();
    }
    const char* names[] = {"nan", "posinf", "neginf"};
    for (size_t i = 2; i < 5; ++i) {
        if (absent(args[i])) continue;
        if (!args[i]->is_number() || args[i]->is_complex())
            return fail(fmt::format("nan_to_num()'s {} must be a real number, not {}", names[i - 2], args[i]->str()),
                        i);
        ops[i] = types::float64();
    }
    if (dt->is_int()) return typed(x, ops);
    if (!x->is_array()) return typed(x, ops);
    if (x->is_readonly() && ops[1])
        return fail("nan_to_num(copy=...) of a read-only array is not supported by ujit (it may write in place)", 1);
    // Numba's `np.copy(x) if copy else x`: a C array unified with x's type.
    Layout l = x->layout() == Layout::C ? Layout::C : Layout::A;
    return typed(types::array(dt, x->ndim(), ops[1] ? l : Layout::C), ops);
}

// np.split / np.array_split(ary, indices_or_sections, axis=0): a list of views of ary along
// axis, each typed as ary[:, ..., a:b, ...] (Numba's slices over every axis).
CallTyping split_type(const std::vector<const Type*>& args) {
    const Type* a = args[0];
    if (!a->is_array())
        return fail(fmt::format("np.split() of {} is not supported by ujit (it takes arrays)", a->str()), 0);
    if (a->ndim() == 0) return fail("array_split: ary must have at least one dimension", 0);
    const Type* s = args[1];
    bool ok = s->is_int() || (int_tuple(s) && !s->elements().empty()) ||
              (s->is_array() && s->ndim() == 1 && s->dtype()->is_int()) || (s->is_list() && s->item()->is_int());
    if (!ok)
        return fail(fmt::format("indices_or_sections must be an integer or a sequence of integers, not {}", s->str()),
                    1);
    if (!absent(args[2]) && !args[2]->is_int()) return fail("axis must be an integer", 2);
    std::string unused;
    std::vector<IndexItem> slices(static_cast<size_t>(a->ndim()), IndexItem::Slice);
    const Type* piece = basic_index_type(a, slices, &unused);
    const Type* sections = s->is_int() ? types::int64() : s->is_tuple() ? int64_tuple(s) : s;
    return typed(types::list_of(piece), {a, sections, absent(args[2]) ? nullptr : types::int64()});
}

}  // namespace

CallTyping arrangement_call_type(BuiltinId id, const std::vector<const Type*>& args) {
    switch (id) {
    case BuiltinId::NpAscontiguousarray:
    case BuiltinId::NpAsfortranarray: return as_layout_type(id, args);
    case BuiltinId::NpRavel: return ravel_type(args);
    case BuiltinId::NpTranspose: return transpose_type(args);
    case BuiltinId::NpReshape: return reshape_type(args);
    case BuiltinId::NpPartition:
    case BuiltinId::NpArgpartition: return partition_type(id, args);
    case BuiltinId::NpIsin: return isin_type(args);
    case BuiltinId::NpNanToNum: return nan_to_num_type(args);
    default: return split_type(args);
    }
}

}  // namespace ujit::nplib

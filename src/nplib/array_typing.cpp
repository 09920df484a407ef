#include "nplib/array_typing.hpp"

#include <algorithm>

#include "types/builtins.hpp"

namespace ujit::nplib {

using types::Layout;
using types::Type;

namespace {

// Numba's keeps_contiguity: an integer, or an unstepped slice as the innermost index.
bool keeps_contiguity(IndexItem item, bool innermost) {
    return item == IndexItem::Integer || (innermost && item == IndexItem::Slice);
}

// Numba's check_contiguity over indices listed from the outermost axis in memory inwards.
bool check_contiguity(const std::vector<IndexItem>& outer_to_inner) {
    for (size_t k = 0; k < outer_to_inner.size(); ++k)
        if (!keeps_contiguity(outer_to_inner[k], k + 1 == outer_to_inner.size())) return false;
    return true;
}

}  // namespace

bool is_advanced_index(const types::Type* index) {
    return index->is_array() || (index->is_tuple() && std::any_of(index->elements().begin(), index->elements().end(),
                                                                  [](const types::Type* t) { return t->is_array(); }));
}

bool is_boolean_mask(const types::Type* index, const types::Type* array) {
    return index->is_array() && index->dtype()->is_bool() && array->is_array() && index->ndim() == array->ndim();
}

std::vector<IndexItem> expand_ellipsis(const std::vector<IndexItem>& items, int ndim, std::string* error) {
    int used = 0, ellipses = 0;
    for (IndexItem item : items) {
        if (item == IndexItem::Ellipsis) ++ellipses;
        if (item != IndexItem::NewAxis && item != IndexItem::Ellipsis) ++used;
    }
    if (ellipses == 0) return items;
    if (ellipses > 1) {
        *error = "an index can only have a single ellipsis ('...')";
        return {};
    }
    std::vector<IndexItem> out;
    for (IndexItem item : items) {
        if (item != IndexItem::Ellipsis) {
            out.push_back(item);
            continue;
        }
        for (int k = used; k < ndim; ++k) out.push_back(IndexItem::Slice);
    }
    return out;
}

const Type* basic_index_type(const Type* array, const std::vector<IndexItem>& given, std::string* error) {
    std::string twice;
    std::vector<IndexItem> items = expand_ellipsis(given, array->ndim(), &twice);
    if (!twice.empty()) {
        *error = twice;
        return nullptr;
    }
    std::vector<IndexItem> axes;  // the items that consume an axis (None does not)
    int ndim = array->ndim();
    for (IndexItem item : items) {
        if (item == IndexItem::NewAxis) {
            ++ndim;
            continue;
        }
        axes.push_back(item);
        if (item == IndexItem::Integer) --ndim;
    }
    if (static_cast<int>(axes.size()) > array->ndim()) {
        *error = "too many indices for array: array is " + std::to_string(array->ndim()) + "-dimensional, but " +
                 std::to_string(axes.size()) + " were indexed";
        return nullptr;
    }
    if (ndim == 0) return array->dtype();
    Layout layout = array->layout();
    bool full = static_cast<int>(axes.size()) == array->ndim();
    if (layout == Layout::C) {
        if (!check_contiguity(axes)) layout = Layout::A;
    } else if (layout == Layout::F) {
        // Only integers on the right keep F; with every axis indexed the order is irrelevant.
        std::vector<IndexItem> inner_to_outer(axes.rbegin(), axes.rend());
        if (!full || !check_contiguity(inner_to_outer)) layout = Layout::A;
    }
    return types::array(array->dtype(), ndim, layout, array->is_readonly());
}

const Type* transpose_type(const Type* array) {
    if (array->ndim() <= 1) return array;
    Layout l = array->layout() == Layout::C ? Layout::F : array->layout() == Layout::F ? Layout::C : Layout::A;
    return types::array(array->dtype(), array->ndim(), l, array->is_readonly());
}

const Type* attribute_type(const Type* array, const std::string& attr, std::string* error) {
    if (attr == "shape" || attr == "strides")
        return types::tuple(std::vector<const Type*>(static_cast<size_t>(array->ndim()), types::int64()));
    if (attr == "size" || attr == "ndim" || attr == "itemsize" || attr == "nbytes") return types::int64();
    if (attr == "T") return transpose_type(array);
    const Type* dt = array->dtype();
    if (attr == "real" || attr == "imag") {
        // Numba: the float part of a complex array is a strided view (layout A); the real part
        // of a real array is the array itself, its imaginary part a new array of zeros.
        if (dt->is_complex())
            return types::array(types::floating(dt->bits() / 2), array->ndim(), Layout::A, array->is_readonly());
        if (attr == "real") return array;
        *error = "'imag' of a " + array->str() + " is a new array of zeros, which ujit cannot allocate yet";
        return nullptr;
    }
    return nullptr;
}

std::optional<Reduction> reduction_of(types::BuiltinId id) {
    using types::BuiltinId;
    switch (id) {
    case BuiltinId::ArraySum:
    case BuiltinId::NpSum: return Reduction::Sum;
    case BuiltinId::ArrayProd:
    case BuiltinId::NpProd: return Reduction::Prod;
    case BuiltinId::ArrayMin:
    case BuiltinId::NpMin: return Reduction::Min;
    case BuiltinId::ArrayMax:
    case BuiltinId::NpMax: return Reduction::Max;
    case BuiltinId::ArrayMean:
    case BuiltinId::NpMean: return Reduction::Mean;
    case BuiltinId::ArrayStd:
    case BuiltinId::NpStd: return Reduction::Std;
    case BuiltinId::ArrayVar:
    case BuiltinId::NpVar: return Reduction::Var;
    case BuiltinId::ArrayArgmin:
    case BuiltinId::NpArgmin: return Reduction::ArgMin;
    case BuiltinId::ArrayArgmax:
    case BuiltinId::NpArgmax: return Reduction::ArgMax;
    case BuiltinId::ArrayAny:
    case BuiltinId::NpAny: return Reduction::Any;
    case BuiltinId::ArrayAll:
    case BuiltinId::NpAll: return Reduction::All;
    default: return std::nullopt;
    }
}

const char* reduction_name(Reduction r) {
    switch (r) {
    case Reduction::Sum: return "add";
    case Reduction::Prod: return "multiply";
    case Reduction::Min: return "minimum";
    case Reduction::Max: return "maximum";
    case Reduction::Mean: return "mean";
    case Reduction::Std: return "std";
    case Reduction::Var: return "var";
    case Reduction::ArgMin: return "argmin";
    case Reduction::ArgMax: return "argmax";
    case Reduction::Any: return "any";
    case Reduction::All: return "all";
    }
    return "?";
}

const Type* reduction_type(Reduction r, const Type* dt, std::string* error) {
    if (dt->is_datetime_like()) {  // dt64: not on the counts (NaT would take part as INT64_MIN)
        *error = std::string(reduction_name(r)) + " of a " + dt->str() + " array is not supported by ujit yet";
        return nullptr;
    }
    switch (r) {
    case Reduction::Sum:  // Numba's get_ret_dtype_if_any: any integer narrower than intp sums in intp
        if (dt->is_bool() || (dt->is_int() && dt->bits() < 64)) return types::int64();
        return dt;
    case Reduction::Prod:  // the array's dtype times its items: widened as integer products are
        if (dt->is_bool()) return types::int64();
        if (dt->is_int()) return dt->is_signed() ? types::int64() : types::uint64();
        return dt;
    case Reduction::Min:
    case Reduction::Max:
    case Reduction::ArgMin:
    case Reduction::ArgMax:
        if (dt->is_complex()) {
            *error = std::string(reduction_name(r)) + " of a complex array is not supported by ujit";
            return nullptr;
        }
        return r == Reduction::Min || r == Reduction::Max ? dt : types::int64();
    case Reduction::Mean: return dt->is_int() || dt->is_bool() ? types::float64() : dt;
    case Reduction::Std:
    case Reduction::Var: return types::float64();
    case Reduction::Any:
    case Reduction::All: return types::boolean();
    }
    return nullptr;
}

bool is_flag(const std::string& attr) {
    return attr == "c_contiguous" || attr == "f_contiguous" || attr == "contiguous";
}

}  // namespace ujit::nplib

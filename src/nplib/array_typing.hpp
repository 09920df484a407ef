// Typing of NumPy arrays beyond element access, as Numba's typing/arraydecl.py does it:
// basic indexing (integers, slices, None) with Numba's layout rules, the attributes that
// are plain values or views (shape, strides, T, real, ...) and the view-making methods
// (transpose, reshape, ravel). Only types here; src/nplib/array_views.cpp lowers them.
#pragma once

#include "types/type.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ujit::nplib {

// One item of a basic index, as Numba's typing sees it: an integer, a slice without a step
// (`1:3`, `:`), a slice with one (`::2`, even `::1`), None / np.newaxis, or `...` (as many
// `:` as the axes the other items leave; expand_ellipsis replaces it).
enum class IndexItem { Integer, Slice, SteppedSlice, NewAxis, Ellipsis };

// `items` with a `...` replaced by the full slices it stands for in an array of `ndim` axes
// (none when the others index them all). *error is set for a second `...`.
std::vector<IndexItem> expand_ellipsis(const std::vector<IndexItem>& items, int ndim, std::string* error);

// Whether `index` is NumPy's advanced index: an array, or a tuple holding one (a[idx], a[mask],
// m[idx, :]), whose read is a copy, not a view.
bool is_advanced_index(const types::Type* index);
// Whether `index` is a boolean mask of `array`'s shape (a[mask]: its true positions, in a 1-D
// result); a 1-D mask of a 2-D array's rows is an integer-array index instead.
bool is_boolean_mask(const types::Type* index, const types::Type* array);

// The type of a[items...]: the dtype when every axis gets an integer, else a view whose
// layout follows Numba (a C array stays C while only integers lead and the innermost kept
// axis is an unstepped slice; F mirrored). Null with *error set when there are too many.
const types::Type* basic_index_type(const types::Type* array, const std::vector<IndexItem>& items, std::string* error);

// The type of an attribute that is a value or a view (shape, strides, size, ndim, itemsize,
// nbytes, T, real, imag); null if `attr` is none of these (methods, flags: see below).
// *error is set for an attribute that exists in Numba but needs allocation here.
const types::Type* attribute_type(const types::Type* array, const std::string& attr, std::string* error);

// Is `attr` one of a.flags' attributes ujit computes (c_contiguous, f_contiguous, contiguous)?
bool is_flag(const std::string& attr);

// The view a.T / a.transpose() makes: C and F swap, A stays (1-D arrays are their own transpose).
const types::Type* transpose_type(const types::Type* array);

// Whole-array reductions: a.sum() / np.sum(a) and the others, over arrays or array expressions.
enum class Reduction { Sum, Prod, Min, Max, Mean, Std, Var, ArgMin, ArgMax, Any, All };
std::optional<Reduction> reduction_of(types::BuiltinId id);
// NumPy's name of the ufunc or function behind it ("minimum", "argmax"), for messages.
const char* reduction_name(Reduction r);
// The result type, as Numba's: sum of a narrower integer or bool is int64, prod widens to (u)int64, mean of an
// integer is float64, var/std are float64, argmin/argmax int64, any/all bool. Null with *error
// set where Numba has no such reduction (min of a complex array).
const types::Type* reduction_type(Reduction r, const types::Type* dtype, std::string* error);

}  // namespace ujit::nplib

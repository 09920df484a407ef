// Record (structured dtype) arrays where values cross into compiled code: the Record type an
// ArrayRef's spelling names, and a C API DLTensor of records read as an ArrayRef.
#pragma once

#include "types/type.hpp"
#include "ujit/ujit.h"
#include "ujit/ujit.hpp"

namespace ujit::pipeline {

// The Record type `spelling` names (Numba's str of it); an Argument error for anything else.
const types::Type* record_type_of(const std::string& spelling);
// The type compiled code sees for a record ArrayRef: the Record (ndim 0: one record, by
// reference) or an array of it, with its layout.
const types::Type* record_value_type(const ArrayRef& a);
// Throws for a record array where only arrays of numbers may go (`what`: "a ufunc operand").
void refuse_records(const ArrayRef& a, const char* what);
// A UJIT_RECORD_ARRAY value's tensor and type (include/ujit/ujit.h) as an ArrayRef.
ArrayRef record_array_from_dlpack(const DLTensor* t, const char* type, bool readonly);

}  // namespace ujit::pipeline

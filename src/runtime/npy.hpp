// NumPy .npy files: read format versions 1.0, 2.0 and 3.0, write 1.0 byte for byte as
// numpy.save does (header padded with spaces to a multiple of 64 bytes, '\n' terminated).
// Every problem with the input is a ujit::Error(Kind::Argument) naming the file.
#pragma once

#include <string>
#include <string_view>

#include "ujit/ujit.hpp"

namespace ujit::runtime {

inline constexpr int kNpyMaxDims = 8;

Array read_npy(const std::string& path);
// `name` is used in messages only.
Array parse_npy(std::string_view bytes, const std::string& name = "<npy bytes>");

// C-contiguous arrays are written as they are, F-contiguous ones with fortran_order True,
// any other strided view is gathered in C order. The data must be host memory.
std::string encode_npy(const ArrayRef& a);
// Through write_file (file_write.hpp): all or nothing, "cannot write 'PATH': REASON" on failure.
void write_npy(const std::string& path, const ArrayRef& a);

// The dtype's descr as numpy writes it: '<f8', '|b1', '|i1', '<c16'.
std::string npy_descr(DType t);

}  // namespace ujit::runtime

// Python's repr() of numbers, character for character (CPython's float_repr/complex_repr).
#pragma once

#include <complex>
#include <string>

namespace ujit::runtime {

// repr(float): shortest round-trip digits; exponent form when exp < -4 or exp >= 16
// ("1e+16", "1e-05"); fixed form always carries a fraction ("5.0"); "inf", "nan", "-0.0".
std::string float_repr(double x);
// repr(complex): "(1+2j)", "2j", "(-0-1j)", "(inf+nanj)".
std::string complex_repr(std::complex<double> z);
// str() of NumPy's float32 and complex64 scalars: the same forms with the shortest digits
// that round-trip in single precision ("0.1", not "0.10000000149011612").
std::string float32_repr(float x);
std::string complex64_repr(std::complex<float> z);

}  // namespace ujit::runtime

// NumPy's FloatingFormat (numpy/core/arrayprint.py) under the default print options
// (precision 8, floatmode 'maxprec', suppress False): one format chosen from all the values
// an array prints, then applied to each, so that the columns line up. Digits are the
// shortest that round-trip at the array's own precision (float32 or float64), as NumPy's
// Dragon4 gives them, cut to 8 decimals.
#pragma once

#include <string>
#include <vector>

namespace ujit::runtime {

class FloatFormat {
public:
    // `values` as doubles (float32 values exactly widened), `single` for float32 data;
    // `plus_sign` for the imaginary parts of complex numbers (NumPy's sign='+').
    FloatFormat(const std::vector<double>& values, bool single, bool plus_sign = false);
    std::string operator()(double x) const;

private:
    struct Parts {
        std::string int_part, frac_part, exp_part;  // exp_part: "-05" (scientific only)
    };
    Parts digits(double x) const;  // the first pass: trimmed digits, no padding

    bool single_, plus_sign_;
    bool exp_format_ = false;
    int pad_left_ = 0, pad_right_ = 0;
    int precision_ = 8;   // scientific: the mantissa's decimals after the first pass
    int exp_size_ = -1;   // scientific: the exponent's digits
};

}  // namespace ujit::runtime

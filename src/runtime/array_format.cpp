#include "runtime/array_format.hpp"
#include "runtime/datetime_text.hpp"

#include <algorithm>
#include <functional>

#include "runtime/dtype.hpp"
#include "runtime/float_format.hpp"
#include "runtime/pyrepr.hpp"
#include "runtime/scalar.hpp"
#include "runtime/shape.hpp"

namespace ujit::runtime {

namespace {

constexpr int kLineWidth = 75;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;

const char* element(const ArrayRef& a, const std::vector<int64_t>& strides, const std::vector<int64_t>& index) {
    const char* p = static_cast<const char*>(a.data);
    for (size_t k = 0; k < index.size(); ++k) p += index[k] * strides[k];
    return p;
}

// The indices an axis of length n shows: all, or the first and last kEdgeItems.
std::vector<int64_t> shown(int64_t n, bool summary) {
    std::vector<int64_t> out;
    for (int64_t i = 0; i < n; ++i)
        if (!summary || n <= 2 * kEdgeItems || i < kEdgeItems || i >= n - kEdgeItems) out.push_back(i);
    return out;
}

// Calls f(index) for every element printed (NumPy's _leading_trailing), in C order.
void for_each_shown(const ArrayRef& a, bool summary, const std::function<void(const std::vector<int64_t>&)>& f) {
    std::vector<std::vector<int64_t>> axes;
    for (int64_t n : a.shape) axes.push_back(shown(n, summary));
    std::vector<int64_t> index(a.ndim());
    std::function<void(int)> walk = [&](int k) {
        if (k == a.ndim()) return f(index);
        for (int64_t i : axes[k]) {
            index[k] = i;
            walk(k + 1);
        }
    };
    walk(0);
}

// NumPy's format function for the dtype, built from the elements printed.
std::function<std::string(const char*)> element_format(const ArrayRef& a, const std::vector<int64_t>& strides,
                                                       bool summary) {
    const DType t = a.dtype;
    switch (dtype_kind(t)) {
    case DKind::Bool: {
        // " True" lines up with "False", except in a 0-d array.
        std::string true_str = a.ndim() ? " True" : "True";
        return [true_str](const char* p) { return *p ? true_str : std::string("False"); };
    }
    case DKind::Int:
    case DKind::UInt: {
        auto str = [t](const char* p) {
            Value::Scalar s = load_scalar(t, p);
            return dtype_kind(t) == DKind::UInt ? std::to_string(static_cast<uint64_t>(s.i)) : std::to_string(s.i);
        };
        size_t width = 0;
        for_each_shown(a, summary, [&](const auto& i) { width = std::max(width, str(element(a, strides, i)).size()); });
        return [str, width](const char* p) {
            std::string s = str(p);
            return std::string(width - std::min(width, s.size()), ' ') + s;
        };
    }
    case DKind::Float: {
        std::vector<double> values;
        for_each_shown(a, summary, [&](const auto& i) { values.push_back(load_scalar(t, element(a, strides, i)).f); });
        FloatFormat format(values, t == DType::Float32);
        return [format, t](const char* p) { return format(load_scalar(t, p).f); };
    }
    case DKind::Complex: break;
    case DKind::Datetime: {  // NumPy's: timedeltas as counts, dates quoted, NaT quoted, all padded
        auto str = [t](const char* p) {
            int64_t v = load_scalar(t, p).i;
            if (v == INT64_MIN) return std::string("'NaT'");
            if (is_timedelta64(t)) return std::to_string(v);
            std::string quoted(1, '\'');  // appended, not "'" + text: GCC 12's -Wrestrict misfires at -O3
            quoted += datetime_text(t, v);
            quoted += '\'';
            return quoted;
        };
        size_t width = 0;
        for_each_shown(a, summary, [&](const auto& i) { width = std::max(width, str(element(a, strides, i)).size()); });
        return [str, width](const char* p) {
            std::string s = str(p);
            return std::string(width - std::min(width, s.size()), ' ') + s;
        };
    }
    }
    std::vector<double> re, im;
    for_each_shown(a, summary, [&](const auto& i) {
        std::complex<double> c = load_scalar(t, element(a, strides, i)).c;
        re.push_back(c.real());
        im.push_back(c.imag());
    });
    bool single = t == DType::Complex64;
    FloatFormat real_format(re, single), imag_format(im, single, true);
    return [real_format, imag_format, t](const char* p) {
        std::complex<double> c = load_scalar(t, p).c;
        std::string i = imag_format(c.imag());
        size_t end = i.find_last_not_of(' ') + 1;  // the 'j' goes before the padding
        return real_format(c.real()) + i.substr(0, end) + "j" + i.substr(end);
    };
}

// NumPy's _extendLine: a word that would pass the width starts a new line.
void extend_line(std::string& s, std::string& line, const std::string& word, size_t width,
                 const std::string& next_line_prefix) {
    bool wrap = line.size() + word.size() > width && line.size() > next_line_prefix.size();
    if (wrap) {
        s += line.substr(0, line.find_last_not_of(' ') + 1) + "\n";
        line = next_line_prefix;
    }
    line += word;
}

struct Layout {
    const ArrayRef& a;
    const std::vector<int64_t>& strides;
    const std::function<std::string(const char*)>& format;
    std::string separator;
    bool summary;

    // NumPy's _formatArray recurser.
    std::string rows(std::vector<int64_t>& index, const std::string& hanging, size_t width) const {
        const size_t axis = index.size();
        const int axes_left = a.ndim() - static_cast<int>(axis);
        if (axes_left == 0) return format(element(a, strides, index));
        const std::string next_hanging = hanging + " ";
        const size_t next_width = width - 1;
        const int64_t n = a.shape[axis];
        const bool show_summary = summary && 2 * kEdgeItems < n;
        const int64_t leading = show_summary ? kEdgeItems : 0;
        const int64_t trailing = show_summary ? kEdgeItems : n;
        auto item = [&](int64_t i) {
            index.push_back(i);
            std::string s = rows(index, next_hanging, next_width);
            index.pop_back();
            return s;
        };
        std::string s;
        if (axes_left == 1) {
            std::string sep_trimmed = separator.substr(0, separator.find_last_not_of(' ') + 1);
            const size_t elem_width = width - std::max<size_t>(sep_trimmed.size(), 1);
            std::string line = hanging;
            for (int64_t i = 0; i < leading; ++i) {
                extend_line(s, line, item(i), elem_width, hanging);
                line += separator;
            }
            if (show_summary) {
                extend_line(s, line, "...", elem_width, hanging);
                line += separator;
            }
            for (int64_t i = trailing; i > 1; --i) {
                extend_line(s, line, item(n - i), elem_width, hanging);
                line += separator;
            }
            extend_line(s, line, item(n - 1), elem_width, hanging);
            s += line;
        } else {
            std::string line_sep = separator.substr(0, separator.find_last_not_of(' ') + 1);
            line_sep.append(static_cast<size_t>(axes_left - 1), '\n');
            for (int64_t i = 0; i < leading; ++i) s += hanging + item(i) + line_sep;
            if (show_summary) s += hanging + "..." + line_sep;
            for (int64_t i = trailing; i > 1; --i) s += hanging + item(n - i) + line_sep;
            s += hanging + item(n - 1);
        }
        // (appends, not "[" + ...: GCC 12 warns falsely about operator+ on a literal at -O3)
        std::string out(1, '[');
        out.append(s, hanging.size());
        out += ']';
        return out;
    }
};

std::vector<int64_t> byte_strides(const ArrayRef& a) {
    return a.strides.empty() ? c_strides(a.shape, itemsize(a.dtype)) : a.strides;
}

// NumPy's array2string: `prefix` is what precedes the array on its first line.
std::string array2string(const ArrayRef& a, const std::string& separator, const std::string& prefix, size_t width) {
    if (a.size() == 0) return "[]";
    std::vector<int64_t> strides = byte_strides(a);
    bool summary = a.size() > kThreshold;
    auto format = element_format(a, strides, summary);
    Layout layout{a, strides, format, separator, summary};
    std::vector<int64_t> index;
    return layout.rows(index, std::string(prefix.size() + 1, ' '), width);
}

// str() of a NumPy scalar of this dtype (a 0-d array's str).
std::string scalar_str(const ArrayRef& a) {
    Value::Scalar s = load_scalar(a.dtype, a.data);
    switch (a.dtype) {
    case DType::Float32: return float32_repr(static_cast<float>(s.f));
    case DType::Complex64: return complex64_repr(std::complex<float>(s.c));
    default: return Value(s).repr();
    }
}

bool dtype_implied(DType t) {
    return t == DType::Float64 || t == DType::Int64 || t == DType::Bool || t == DType::Complex128;
}

}  // namespace

std::string array_str(const ArrayRef& a) {
    if (a.ndim() == 0) return scalar_str(a);
    return array2string(a, " ", "", kLineWidth);
}

std::string array_repr(const ArrayRef& a) {
    const std::string prefix = "array(";
    std::string body = array2string(a, ", ", prefix, kLineWidth - 1);  // less the ")"
    std::vector<std::string> extras;
    if (a.size() == 0 && !(a.ndim() == 1 && a.shape[0] == 0)) {
        std::string shape = "(";
        for (int k = 0; k < a.ndim(); ++k) shape += (k ? ", " : "") + std::to_string(a.shape[k]);
        extras.push_back("shape=" + shape + (a.ndim() == 1 ? ",)" : ")"));
    }
    if (!dtype_implied(a.dtype) || a.size() == 0) extras.push_back(std::string("dtype=") + dtype_name(a.dtype));
    if (extras.empty()) return prefix + body + ")";
    std::string out = prefix + body + ",";
    std::string extra = extras[0];
    for (size_t i = 1; i < extras.size(); ++i) extra += ", " + extras[i];
    extra += ")";
    size_t last_line = out.size() - (out.rfind('\n') == std::string::npos ? 0 : out.rfind('\n') + 1);
    if (last_line + extra.size() + 1 > static_cast<size_t>(kLineWidth))
        out.append(1, '\n').append(prefix.size(), ' ');
    else
        out += ' ';
    return out + extra;
}

namespace {
std::string element_repr(const Value& v) {
    if (v.is_array()) return array_repr(v.array());
    if (v.is_list()) {
        std::string s = "[";
        for (size_t i = 0; i < v.list().size(); ++i) s += (i ? ", " : "") + element_repr(v.list()[i]);
        return s + "]";
    }
    if (v.is_dict()) {
        std::string s = "{";
        for (size_t i = 0; i < v.dict().keys.size(); ++i)
            s += (i ? ", " : "") + element_repr(v.dict().keys[i]) + ": " + element_repr(v.dict().values[i]);
        return s + "}";
    }
    if (!v.is_tuple()) return v.repr();
    std::string s = "(";
    for (size_t i = 0; i < v.tuple().size(); ++i) s += (i ? ", " : "") + element_repr(v.tuple()[i]);
    return s + (v.tuple().size() == 1 ? ",)" : ")");
}
}  // namespace

std::string print_str(const Value& v) {
    if (v.is_str()) return v.str();  // print(s) writes the text itself
    return v.is_array() ? array_str(v.array()) : element_repr(v);
}

}  // namespace ujit::runtime

#include "run_values.hpp"

#include "args.hpp"
#include "runtime/cast.hpp"
#include "runtime/npy.hpp"
#include "runtime/pyliteral.hpp"
#include "runtime/scalar.hpp"

namespace ujit::cli {

namespace {

std::string trim(std::string s) {
    size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

bool find_dtype(const std::string& name, ujit::DType& out) {
    if (name == "boolean" || name == "bool_") {
        out = ujit::DType::Bool;
        return true;
    }
    for (int i = 0; i <= static_cast<int>(ujit::DType::Float16); ++i) {
        auto t = static_cast<ujit::DType>(i);
        if (name == ujit::dtype_name(t)) {
            out = t;
            return true;
        }
    }
    return false;
}

ujit::DType dtype_named(const std::string& name, const std::string& signature) {
    ujit::DType t;
    if (find_dtype(name, t)) return t;
    throw UsageError("--sig '" + signature + "': '" + name +
                     "' is not a scalar type (a ufunc's signature has scalar arguments, e.g. float32)");
}

// The text between the outer parentheses of a signature, split at its top-level commas.
std::vector<std::string> signature_items(const std::string& signature, const std::string& example) {
    size_t open = signature.find('('), close = signature.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open)
        throw UsageError("--sig '" + signature + "' is not a signature such as '" + example + "'");
    std::string list = signature.substr(open + 1, close - open - 1);
    std::vector<std::string> out;
    if (trim(list).empty()) return out;
    int depth = 0;
    std::string item;
    for (char c : list) {
        if (c == '[' || c == '(') ++depth;
        if (c == ']' || c == ')') --depth;
        if (c == ',' && depth == 0) {
            out.push_back(trim(item));
            item.clear();
        } else {
            item += c;
        }
    }
    out.push_back(trim(item));
    return out;
}

ArgumentType argument_type_named(const std::string& item, const std::string& signature) {
    const char* kExample = "e.g. float32, float32[:], float64[:, :] or float64[:, ::1]";
    ArgumentType t;
    t.text = item;
    size_t bracket = item.find('[');
    std::string name = trim(item.substr(0, bracket));
    if (!find_dtype(name, t.dtype))
        throw UsageError("--sig '" + signature + "': '" + item + "' is not a scalar or array type (" + kExample + ")");
    if (bracket == std::string::npos) return t;
    if (item.back() != ']')
        throw UsageError("--sig '" + signature + "': '" + item + "' is not a scalar or array type (" + kExample + ")");
    t.is_array = true;
    std::string dims = item.substr(bracket + 1, item.size() - bracket - 2) + ",";
    std::vector<std::string> slices;
    for (size_t start = 0, comma; (comma = dims.find(',', start)) != std::string::npos; start = comma + 1)
        slices.push_back(trim(dims.substr(start, comma - start)));
    t.ndim = static_cast<int>(slices.size());
    int contiguous_at = -1;
    for (int i = 0; i < t.ndim; ++i) {
        if (slices[i] == "::1" && contiguous_at < 0)
            contiguous_at = i;
        else if (slices[i] != ":")
            throw UsageError("--sig '" + signature + "': '" + item +
                             "' is not an array type (each dimension is ':'"
                             ", the first or last may be '::1')");
    }
    if (contiguous_at == t.ndim - 1)
        t.layout = 'C';
    else if (contiguous_at == 0)
        t.layout = 'F';
    else if (contiguous_at > 0)
        throw UsageError("--sig '" + signature + "': '" + item +
                         "': only the first or the last dimension may be '::1'");
    return t;
}

bool has_layout(const ujit::ArrayRef& a, char layout) {
    return layout == 'C' ? a.is_c_contiguous() : layout == 'F' ? a.is_f_contiguous() : true;
}

}  // namespace

RunArguments parse_run_arguments(std::span<const std::string> words) {
    RunArguments out;
    for (const std::string& w : words) {
        if (runtime::is_npy_path(w)) {
            out.storage.push_back(runtime::read_npy(w));
            out.values.emplace_back(out.storage.back());
        } else {
            out.values.push_back(runtime::parse_literal(w));
        }
    }
    return out;
}

std::vector<ujit::DType> scalar_argument_dtypes(const std::string& signature) {
    size_t open = signature.find('('), close = signature.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open)
        throw UsageError("--sig '" + signature + "' is not a signature such as 'float32(float32, float32)'");
    std::string list = signature.substr(open + 1, close - open - 1);
    std::vector<ujit::DType> out;
    size_t start = 0;
    while (start <= list.size() && !trim(list).empty()) {
        size_t comma = list.find(',', start);
        std::string item = trim(list.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        out.push_back(dtype_named(item, signature));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

std::vector<ArgumentType> signature_argument_types(const std::string& signature) {
    std::vector<ArgumentType> out;
    for (const std::string& item : signature_items(signature, "void(float32[:], float32[:], int64)"))
        out.push_back(argument_type_named(item, signature));
    return out;
}

std::vector<ujit::Value> cast_kernel_inputs(const std::vector<ujit::Value>& inputs,
                                            const std::vector<ArgumentType>& types, std::vector<ujit::Array>& storage) {
    if (inputs.size() != types.size())
        throw UsageError("--sig has " + std::to_string(types.size()) + " argument(s) but " +
                         std::to_string(inputs.size()) + " were given");
    std::vector<ujit::Value> out;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const ujit::Value& v = inputs[i];
        const ArgumentType& t = types[i];
        std::string which = "argument " + std::to_string(i + 1) + " ";
        if (t.is_array) {
            if (!v.is_array())
                throw ujit::Error(ujit::Error::Kind::Argument,
                                  "error: " + which + "must be an array (" + t.text + " in --sig), not " + v.repr());
            const ujit::ArrayRef& a = v.array();
            if (a.ndim() != t.ndim)
                throw ujit::Error(ujit::Error::Kind::Argument, "error: " + which + "is " + std::to_string(t.ndim) +
                                                                   "-d in --sig (" + t.text + "), the array given is " +
                                                                   std::to_string(a.ndim()) + "-d");
            if (a.dtype == t.dtype && has_layout(a, t.layout)) {
                out.push_back(v);
                continue;
            }
            bool fortran = t.layout == 'F' || (t.layout == 'A' && a.is_f_contiguous() && !a.is_c_contiguous());
            storage.emplace_back(t.dtype, a.shape, fortran);
            runtime::copy_cast(a, storage.back().ref());
            out.emplace_back(storage.back());
        } else if (v.is_scalar()) {
            ujit::Array cell = runtime::scalar_array(v.scalar(), t.dtype);
            out.emplace_back(runtime::load_scalar(t.dtype, cell.ref().data));
        } else {
            throw ujit::Error(ujit::Error::Kind::Argument, "error: " + which + "must be a " + t.text +
                                                               " scalar (--sig), not " +
                                                               (v.is_array() ? std::string("an array") : v.repr()));
        }
    }
    return out;
}

std::vector<ujit::Value> cast_inputs(const std::vector<ujit::Value>& inputs, const std::vector<ujit::DType>& dtypes,
                                     std::vector<ujit::Array>& storage) {
    if (inputs.size() != dtypes.size())
        throw UsageError("--sig has " + std::to_string(dtypes.size()) + " argument(s) but " +
                         std::to_string(inputs.size()) + " were given");
    std::vector<ujit::Value> out;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const ujit::Value& v = inputs[i];
        if (v.is_array()) {
            storage.push_back(runtime::astype(v.array(), dtypes[i]));
            out.emplace_back(storage.back());
        } else if (v.is_scalar()) {
            ujit::Array cell = runtime::scalar_array(v.scalar(), dtypes[i]);
            out.emplace_back(runtime::load_scalar(dtypes[i], cell.ref().data));
        } else {
            throw ujit::Error(ujit::Error::Kind::Argument,
                              "error: ufunc arguments must be numbers or arrays, not " + v.repr());
        }
    }
    return out;
}

ujit::Value scalar_of_0d(const ujit::Array& a) { return ujit::Value(runtime::load_scalar(a.dtype(), a.ref().data)); }

}  // namespace ujit::cli

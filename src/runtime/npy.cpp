#include "runtime/npy.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>

#include "runtime/dtype.hpp"
#include "runtime/file_write.hpp"
#include "runtime/shape.hpp"

namespace ujit::runtime {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;
constexpr size_t kAlign = 64;
constexpr uint32_t kMaxHeaderLen = 1u << 20;  // numpy's own limit is 10000 by default

[[noreturn]] void fail(const std::string& name, const std::string& msg) {
    throw Error(Error::Kind::Argument, name + ": " + msg);
}

struct Header {
    DType dtype = DType::Float64;
    bool fortran = false;
    Shape shape;
};

// The prelude: magic, version, header length. Returns the header's byte range.
struct Prelude {
    size_t header_start = 0;
    size_t header_len = 0;
};

Prelude parse_prelude(std::string_view b, const std::string& name) {
    if (b.size() < kMagicLen + 2 || std::memcmp(b.data(), kMagic, kMagicLen) != 0)
        fail(name, "not a .npy file (bad magic string)");
    int major = static_cast<unsigned char>(b[6]), minor = static_cast<unsigned char>(b[7]);
    if (minor != 0 || major < 1 || major > 3)
        fail(name, "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor));
    size_t len_bytes = major == 1 ? 2 : 4;
    if (b.size() < 8 + len_bytes) fail(name, "truncated .npy header");
    uint32_t len = 0;
    for (size_t i = 0; i < len_bytes; ++i)  // little-endian
        len |= uint32_t(static_cast<unsigned char>(b[8 + i])) << (8 * i);
    if (len > kMaxHeaderLen) fail(name, "header length " + std::to_string(len) + " is implausibly large");
    return {8 + len_bytes, len};
}

// The header is a Python dict literal; this reads exactly the subset numpy writes.
class HeaderParser {
public:
    HeaderParser(std::string_view text, const std::string& name) : s_(text), name_(name) {}

    Header parse() {
        std::optional<std::string> descr;
        std::optional<bool> fortran;
        std::optional<Shape> shape;
        expect('{');
        while (!accept('}')) {
            std::string key = string_literal();
            expect(':');
            if (key == "descr") {
                if (peek() == '[') fail(name_, "structured dtypes are not supported");
                if (descr) duplicate(key);
                descr = string_literal();
            } else if (key == "fortran_order") {
                if (fortran) duplicate(key);
                fortran = boolean();
            } else if (key == "shape") {
                if (shape) duplicate(key);
                shape = int_tuple();
            } else {
                fail(name_, "unexpected key '" + key + "' in .npy header");
            }
            if (!accept(',')) {
                expect('}');
                break;
            }
        }
        skip_space();
        if (pos_ != s_.size()) error("trailing characters after the header dict");
        if (!descr || !fortran || !shape) fail(name_, "the .npy header lacks 'descr', 'fortran_order' or 'shape'");
        return {dtype_from_descr(*descr), *fortran, *shape};
    }

private:
    std::string_view s_;
    const std::string& name_;
    size_t pos_ = 0;

    [[noreturn]] void error(const std::string& what) {
        fail(name_, "malformed .npy header: " + what + " at offset " + std::to_string(pos_));
    }
    [[noreturn]] void duplicate(const std::string& key) { fail(name_, "duplicate key '" + key + "' in .npy header"); }
    void skip_space() {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\t' || s_[pos_] == '\r'))
            ++pos_;
    }
    char peek() {
        skip_space();
        return pos_ < s_.size() ? s_[pos_] : '\0';
    }
    bool accept(char c) {
        if (peek() != c || pos_ >= s_.size()) return false;
        ++pos_;
        return true;
    }
    void expect(char c) {
        if (!accept(c)) error(std::string("expected '") + c + "'");
    }
    std::string string_literal() {
        char q = peek();
        if (q != '\'' && q != '"') error("expected a string");
        size_t end = s_.find(q, ++pos_);
        if (end == std::string_view::npos) error("unterminated string");
        std::string out(s_.substr(pos_, end - pos_));
        pos_ = end + 1;
        return out;
    }
    bool boolean() {
        skip_space();
        for (auto [word, value] : {std::pair{"True", true}, std::pair{"False", false}}) {
            size_t n = std::strlen(word);
            if (s_.substr(pos_, n) == word) {
                pos_ += n;
                return value;
            }
        }
        error("expected True or False");
    }
    int64_t integer() {
        skip_space();
        size_t start = pos_;
        int64_t v = 0;
        while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
            if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, s_[pos_] - '0', &v))
                error("dimension too large");
            ++pos_;
        }
        if (pos_ == start) error("expected a non-negative integer");
        if (pos_ < s_.size() && s_[pos_] == 'L') ++pos_;  // Python 2 longs, written by old numpy
        return v;
    }
    Shape int_tuple() {
        Shape shape;
        expect('(');
        while (!accept(')')) {
            shape.push_back(integer());
            if (shape.size() > static_cast<size_t>(kNpyMaxDims))
                fail(name_, "arrays of more than " + std::to_string(kNpyMaxDims) + " dimensions are not supported");
            if (!accept(',')) {
                expect(')');
                break;
            }
        }
        return shape;
    }
    DType dtype_from_descr(const std::string& d) {
        auto unsupported = [&](const std::string& why) -> DType {
            fail(name_, "unsupported dtype '" + d + "'" + (why.empty() ? "" : " (" + why + ")"));
        };
        if (d.size() < 2) return unsupported("");
        char order = d[0];
        std::string code = d.substr(1);
        if (order != '<' && order != '>' && order != '|' && order != '=') return unsupported("");
        if (code == "O") return unsupported("object arrays cannot be loaded");
        if (code.starts_with("M8") || code.starts_with("m8")) {  // datetime64 / timedelta64: "<M8[ns]", "<m8"
            if (order == '>') return unsupported("big-endian data");
            for (int u = 0; u <= static_cast<int>(TimeUnit::Generic); ++u) {
                const char* unit = time_unit_name(static_cast<TimeUnit>(u));
                if (!unit || code.substr(2) != (*unit ? std::string("[") + unit + "]" : std::string())) continue;
                return code[0] == 'M' ? datetime64(static_cast<TimeUnit>(u)) : timedelta64(static_cast<TimeUnit>(u));
            }
            return unsupported("");
        }
        static const std::pair<const char*, DType> table[] = {
            {"b1", DType::Bool},        {"i1", DType::Int8},    {"i2", DType::Int16},   {"i4", DType::Int32},
            {"i8", DType::Int64},       {"u1", DType::UInt8},   {"u2", DType::UInt16},  {"u4", DType::UInt32},
            {"u8", DType::UInt64},      {"f4", DType::Float32}, {"f8", DType::Float64}, {"c8", DType::Complex64},
            {"c16", DType::Complex128}, {"f2", DType::Float16}};
        for (auto& [c, t] : table) {
            if (code != c) continue;
            if (order == '>' && itemsize(t) > 1) return unsupported("big-endian data");
            return t;
        }
        return unsupported("");
    }
};

Header parse_header(std::string_view text, const std::string& name) { return HeaderParser(text, name).parse(); }

// Normalizes bool bytes to 0/1: generated code may rely on it, numpy does not ensure it.
void normalize_bools(Array& a) {
    if (a.dtype() != DType::Bool) return;
    auto* p = a.data<uint8_t>();
    for (int64_t i = 0; i < a.size(); ++i) p[i] = p[i] != 0;
}

Array allocate(const Header& h, const std::string& name) {
    try {
        return Array(h.dtype, h.shape, h.fortran);
    } catch (const Error& e) {
        fail(name, e.what());
    }
}

}  // namespace

Array parse_npy(std::string_view bytes, const std::string& name) {
    Prelude p = parse_prelude(bytes, name);
    if (bytes.size() < p.header_start + p.header_len) fail(name, "truncated .npy header");
    Header h = parse_header(bytes.substr(p.header_start, p.header_len), name);
    size_t offset = p.header_start + p.header_len;
    // The data must be there before anything is allocated: a 100-byte file claiming a
    // terabyte array is refused, not an attempt to allocate the terabyte.
    size_t need = 0;
    try {
        need = static_cast<size_t>(checked_size(h.shape, itemsize(h.dtype))) * itemsize(h.dtype);
    } catch (const Error& e) {
        fail(name, e.what());
    }
    if (bytes.size() - offset < need)
        fail(name, "truncated data: expected " + std::to_string(need) + " bytes, found " +
                       std::to_string(bytes.size() - offset));
    Array a = allocate(h, name);
    if (need) std::memcpy(a.ref().data, bytes.data() + offset, need);
    normalize_bools(a);
    return a;
}

Array read_npy(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) fail(path, "is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) fail(path, std::string("cannot open: ") + std::strerror(errno));
    in.seekg(0, std::ios::end);
    auto end = in.tellg();
    if (end < 0) fail(path, "cannot determine the file size");
    auto file_size = static_cast<size_t>(end);
    in.seekg(0);
    // Read the prelude and header first, then the data straight into the array.
    std::string head(std::min<size_t>(file_size, 12), '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    Prelude p = parse_prelude(head, path);
    size_t header_end = p.header_start + p.header_len;
    if (file_size < header_end) fail(path, "truncated .npy header");
    head.resize(header_end);
    in.seekg(0);
    in.read(head.data(), static_cast<std::streamsize>(header_end));
    Header h = parse_header(std::string_view(head).substr(p.header_start), path);
    Array a = allocate(h, path);
    size_t need = static_cast<size_t>(a.size()) * itemsize(h.dtype);
    if (file_size - header_end < need)
        fail(path, "truncated data: expected " + std::to_string(need) + " bytes, found " +
                       std::to_string(file_size - header_end));
    in.read(static_cast<char*>(a.ref().data), static_cast<std::streamsize>(need));
    if (!in) fail(path, "read error");
    normalize_bools(a);
    return a;
}

std::string npy_descr(DType t) {
    static const char* const codes[] = {"b1", "i1", "i2", "i4", "i8", "u1",  "u2",
                                        "u4", "u8", "f4", "f8", "c8", "c16", "f2"};
    if (is_datetime_like(t)) {  // "<M8[ns]", "<m8" for the generic unit
        const std::string unit = time_unit_name(time_unit(t));
        return std::string(is_datetime64(t) ? "<M8" : "<m8") + (unit.empty() ? "" : "[" + unit + "]");
    }
    return std::string(itemsize(t) == 1 ? "|" : "<") + codes[static_cast<int>(t)];
}

namespace {

// numpy's _write_array_header + _wrap_header for version 1.0.
std::string npy_header(DType t, bool fortran, const Shape& shape) {
    std::string tuple = "(";
    for (size_t i = 0; i < shape.size(); ++i) tuple += (i ? ", " : "") + std::to_string(shape[i]);
    tuple += shape.size() == 1 ? ",)" : ")";
    std::string dict = "{'descr': '" + npy_descr(t) + "', 'fortran_order': " + (fortran ? "True" : "False") +
                       ", 'shape': " + tuple + ", }";
    // Spare room so the growth axis can be rewritten in place (numpy >= 1.24 does this).
    constexpr size_t kGrowthAxisMaxDigits = 21;
    if (!shape.empty())
        dict += std::string(kGrowthAxisMaxDigits - std::to_string(shape[fortran ? shape.size() - 1 : 0]).size(), ' ');
    size_t hlen = dict.size() + 1;
    size_t pad = kAlign - (kMagicLen + 2 + 2 + hlen) % kAlign;
    dict += std::string(pad, ' ') + "\n";
    if (dict.size() > 0xFFFF) throw Error(Error::Kind::Argument, "npy header too long");
    std::string out(kMagic, kMagicLen);
    out += '\x01';
    out += '\x00';
    out += static_cast<char>(dict.size() & 0xFF);
    out += static_cast<char>(dict.size() >> 8);
    return out + dict;
}

// Appends the elements of `a` in C order (any strides).
void gather_c_order(const ArrayRef& a, std::string& out) {
    int nd = a.ndim();
    int64_t isz = itemsize(a.dtype);
    Shape idx(nd, 0);
    for (int64_t n = a.size(); n > 0; --n) {
        const char* p = static_cast<const char*>(a.data);
        for (int d = 0; d < nd; ++d) p += idx[d] * a.strides[d];
        out.append(p, isz);
        for (int d = nd - 1; d >= 0 && ++idx[d] == a.shape[d]; --d) idx[d] = 0;
    }
}

}  // namespace

std::string encode_npy(const ArrayRef& in) {
    ArrayRef a = in;
    if (a.strides.empty()) a.strides = c_strides(a.shape, itemsize(a.dtype));
    if (a.ndim() > kNpyMaxDims) throw Error(Error::Kind::Argument, "cannot save an array of more than 8 dimensions");
    int64_t bytes = checked_size(a.shape, itemsize(a.dtype)) * itemsize(a.dtype);
    bool fortran = !a.is_c_contiguous() && a.is_f_contiguous();
    std::string out = npy_header(a.dtype, fortran, a.shape);
    if (bytes == 0) return out;
    if (a.is_c_contiguous() || fortran) {
        // The data starts at the lowest address; with unit dims strides can be anything.
        out.append(static_cast<const char*>(a.data), static_cast<size_t>(bytes));
    } else {
        out.reserve(out.size() + bytes);
        gather_c_order(a, out);
    }
    return out;
}

void write_npy(const std::string& path, const ArrayRef& a) { write_file(path, encode_npy(a)); }

}  // namespace ujit::runtime

// Numba's signature and type strings: "float32(float32, float32)", "f8(i4, i4)",
// "void(float32[:], float32[:, ::1])", "(int64, int64)", "UniTuple(float64, 2)",
// "Tuple(int64, float64)", "array(float32, 2d, C)". Errors point at the offending column.
#include "types/infer.hpp"

#include "syntax/diagnostics.hpp"
#include "types/datetime_units.hpp"

#include <fmt/format.h>

#include <cctype>

namespace ujit::types {

namespace {

class SigParser {
public:
    SigParser(const std::string& text, syntax::SourceLoc loc) : s_(text), loc_(loc) {}

    Signature signature() {
        Signature sig;
        skip();
        if (!at('(')) {
            size_t start = pos_;
            sig.ret = type(/*allow_void=*/true);
            skip();
            if (!at('('))
                error(pos_, at_end()
                                ? fmt::format("expected '(' after the return type '{}'", s_.substr(start, pos_ - start))
                                : fmt::format("expected '(' after the return type, found '{}'", s_[pos_]));
        }
        ++pos_;
        skip();
        if (!at(')')) {
            for (;;) {
                sig.args.push_back(type(false));
                skip();
                if (at(',')) {
                    ++pos_;
                    skip();
                    if (at(')')) break;  // a trailing comma, as in Python's `(int32[:],)`
                    continue;
                }
                if (at(')')) break;
                expect_fail("',' or ')'");
            }
        }
        ++pos_;
        end();
        return sig;
    }

    const Type* whole_type() {
        skip();
        const Type* t = type(false);
        end();
        return t;
    }

private:
    const std::string& s_;
    syntax::SourceLoc loc_;
    size_t pos_ = 0;

    bool at_end() const { return pos_ >= s_.size(); }
    bool at(char c) const { return pos_ < s_.size() && s_[pos_] == c; }
    void skip() {
        while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    }

    [[noreturn]] void error(size_t at, const std::string& msg) const {
        syntax::SourceLoc l = loc_;
        if (l.valid()) l.col += static_cast<uint32_t>(at);
        syntax::fail(l, fmt::format("invalid signature '{}': {}", s_, msg));
    }
    [[noreturn]] void expect_fail(const std::string& what) const {
        if (at_end()) error(pos_, fmt::format("expected {}, found end of text", what));
        if (at('*'))  // Numba's CPointer(int32) spelling, int32*
            error(pos_, "pointer types (numba.types.CPointer) are not supported by ujit's compiled code");
        error(pos_, fmt::format("expected {}, found '{}'", what, s_[pos_]));
    }
    void expect(char c) {
        skip();
        if (!at(c)) expect_fail(fmt::format("'{}'", c));
        ++pos_;
        skip();
    }
    void end() {
        skip();
        if (!at_end()) error(pos_, fmt::format("unexpected '{}' after the end", s_.substr(pos_)));
    }

    std::string word() {
        size_t start = pos_;
        while (pos_ < s_.size() &&
               (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_' || s_[pos_] == '.'))
            ++pos_;
        return s_.substr(start, pos_ - start);
    }

    int64_t number() {
        skip();
        size_t start = pos_;
        while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
        if (start == pos_) expect_fail("a number");
        if (pos_ - start > 3) error(start, "number too large");
        return std::stoll(s_.substr(start, pos_ - start));
    }

    const Type* type(bool allow_void) {
        skip();
        size_t start = pos_;
        if (at('['))  // Numba's CharSeq / UnicodeCharSeq, a record's 'S5' / 'U5' field
            error(pos_, fmt::format("fixed-width string fields ('{}') are not supported by ujit",
                                    s_.substr(pos_, s_.find(']', pos_) - pos_ + 1)));
        std::string name = word();
        if (name.empty()) expect_fail("a type name");
        // numba.float32 / np.float32 / types.float32 spellings are accepted too.
        std::string base = name;
        for (const char* prefix : {"numba.types.", "numba.", "types.", "np.", "numpy."})
            if (base.rfind(prefix, 0) == 0) {
                base = base.substr(std::string(prefix).size());
                break;
            }
        skip();
        if (base == "void" || base == "none") {
            if (!allow_void) error(start, "'void' is only allowed as the return type");
            return none();
        }
        if (base == "UniTuple") {
            expect('(');
            const Type* e = type(false);
            skip();
            if (at('x'))  // Numba's str of the type, "UniTuple(int64 x 2)", as results carry it
                ++pos_;
            else
                expect(',');
            skip();
            size_t at_n = pos_;
            int64_t n = number();
            if (n < 1 || n > 64) error(at_n, "UniTuple count must be between 1 and 64");
            expect(')');
            return suffix(tuple(std::vector<const Type*>(static_cast<size_t>(n), e)), start);
        }
        if (base == "Tuple") {
            // Numba's constructor takes one sequence of types, Tuple((int64, float64)) or
            // Tuple([...]); its str() lists them, Tuple(int64, float64).
            expect('(');
            skip();
            const bool sequence = at('[') || at('(');
            if (sequence) ++pos_;
            std::vector<const Type*> elems;
            if (!at(')') && !at(']'))
                for (;;) {
                    elems.push_back(type(false));
                    skip();
                    if (at(',')) {
                        ++pos_;
                        skip();
                        if (sequence && (at(')') || at(']'))) break;  // Tuple((int64,))
                        continue;
                    }
                    break;
                }
            if (sequence) {
                if (!at(')') && !at(']')) error(pos_, "expected ')' or ']' closing the tuple's types");
                ++pos_;
                skip();
            }
            expect(')');
            if (elems.empty()) error(start, "a tuple type needs at least one element");
            return suffix(tuple(std::move(elems)), start);
        }
        if (base == "unicode_type" || base == "string") return unicode();  // Numba's names of str
        if (base == "Record" && at('(')) return suffix(record_spelling(), start);
        if (base == "nestedarray" && at('(')) return nested_spelling();
        if (base == "array" && at('(')) return array_spelling(false);
        // Numba's list spellings: list(int64)<iv=None>, reflected list(int64)<iv=None>, ListType[int64]
        if (base == "reflected") {
            size_t at_list = pos_;
            if (word() != "list") error(at_list, "expected 'list' after 'reflected'");
            skip();
            return list_spelling(Type::ListFlavor::Reflected, start);
        }
        if (base == "list" && at('(')) return list_spelling(Type::ListFlavor::Made, start);
        if (base == "ListType" && at('[')) {
            ++pos_;
            const Type* item = type(false);
            expect(']');
            return suffix(list_of(item, Type::ListFlavor::Typed), start);
        }
        if (base == "readonly") {  // Numba's spelling of a read-only array: readonly array(float32, 1d, C)
            size_t at_array = pos_;
            if (word() != "array") error(at_array, "expected 'array' after 'readonly'");
            skip();
            return array_spelling(true);
        }
        if (const Type* t = datetime_spelling(base, start)) return suffix(t, start);  // dt64
        const Type* t = scalar_from_name(base);
        if (!t) error(start, fmt::format("unknown type '{}'", name));
        return suffix(t, start);
    }

    // dt64: datetime64[ns], timedelta64 (generic), M8[D], m8[s], NPDatetime('ms'), NPTimedelta('')
    const Type* datetime_spelling(const std::string& base, size_t start) {
        const bool named = base == "NPDatetime" || base == "NPTimedelta";
        if (named && at('(')) {
            ++pos_;
            skip();
            const char quote = pos_ < s_.size() ? s_[pos_] : '\0';
            if (quote != '\'' && quote != '"') expect_fail("a quoted unit such as 'ms'");
            size_t close = s_.find(quote, pos_ + 1);
            if (close == std::string::npos) expect_fail("the unit's closing quote");
            std::string unit = s_.substr(pos_ + 1, close - pos_ - 1);
            pos_ = close + 1;
            expect(')');
            int code = time_unit_code(unit);
            if (code < 0) error(start, fmt::format("unknown datetime unit '{}'", unit));
            return base == "NPDatetime" ? datetime64(code) : timedelta64(code);
        }
        if (base != "datetime64" && base != "timedelta64" && base != "M8" && base != "m8") return nullptr;
        std::string text = base;
        if (at('[')) {  // a unit, unless it is an array's dimensions
            size_t close = s_.find(']', pos_);
            std::string inside = close == std::string::npos ? "" : s_.substr(pos_ + 1, close - pos_ - 1);
            if (close != std::string::npos && inside.find(':') == std::string::npos) {
                text += "[" + inside + "]";
                pos_ = close + 1;
            }
        }
        const Type* t = datetime_type_from_name(text);
        if (!t) error(start, fmt::format("unknown type '{}'", text));
        return t;
    }

    // (int64)<iv=None>, after "list" or "reflected list"
    const Type* list_spelling(Type::ListFlavor flavor, size_t start) {
        expect('(');
        const Type* item = type(false);
        expect(')');
        skip();
        if (at('<')) {
            size_t close = s_.find('>', pos_);
            if (close == std::string::npos) expect_fail("'>'");
            pos_ = close + 1;
        }
        return suffix(list_of(item, flavor), start);
    }

    // A decimal count or offset of a record's spelling (up to 12 digits).
    int64_t big_number() {
        skip();
        size_t start = pos_;
        while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
        if (start == pos_) expect_fail("a number");
        if (pos_ - start > 12) error(start, "number too large");
        return std::stoll(s_.substr(start, pos_ - start));
    }

    // Numba's str() of a Record: Record(a[type=int32;offset=0],b[type=float32;offset=4];8;False),
    // a field may add ;alignment=N or ;title=T.
    const Type* record_spelling() {
        expect('(');
        std::vector<Type::Field> fields;
        while (!at(';')) {
            size_t at_name = pos_;
            while (pos_ < s_.size() && s_[pos_] != '[' && s_[pos_] != ';') ++pos_;
            std::string name = s_.substr(at_name, pos_ - at_name);
            if (name.empty()) error(at_name, "expected a record field name");
            if (!at('[')) expect_fail("'[' after the field name");
            ++pos_;
            if (word() != "type" || !at('=')) error(pos_, "expected 'type=' in a record field");
            ++pos_;
            const Type* ft = type(false);
            if (!ft->is_scalar() && !ft->is_nested_array() && !ft->is_record())
                error(at_name, fmt::format("record field '{}' of type {} is not supported by ujit", name, ft->str()));
            expect(';');
            if (word() != "offset" || !at('=')) error(pos_, "expected 'offset=' in a record field");
            ++pos_;
            Type::Field f{name, ft, big_number(), {}};
            while (at(';')) {
                ++pos_;
                std::string key = word();
                if (!at('=')) expect_fail("'='");
                ++pos_;
                size_t at_value = pos_;
                while (pos_ < s_.size() && s_[pos_] != ']' && s_[pos_] != ';') ++pos_;
                if (key == "title")
                    f.title = s_.substr(at_value, pos_ - at_value);
                else if (key != "alignment")
                    error(at_value, fmt::format("unknown record field attribute '{}'", key));
            }
            if (!at(']')) expect_fail("']'");
            ++pos_;
            fields.push_back(std::move(f));
            if (at(',')) ++pos_;
        }
        ++pos_;
        int64_t size = big_number();
        expect(';');
        std::string aligned = word();
        if (aligned != "True" && aligned != "False") error(pos_ - aligned.size(), "expected True or False");
        expect(')');
        for (const Type::Field& f : fields)
            if (f.offset < 0 || f.offset + f.type->itemsize() > size)
                error(0, fmt::format("record field '{}' lies outside the record's {} bytes", f.name, size));
        return record(std::move(fields), size, aligned == "True");
    }

    // nestedarray(float32, (3, 2))
    const Type* nested_spelling() {
        expect('(');
        size_t at_dtype = pos_;
        const Type* dtype = type(false);
        if (!dtype->is_scalar()) error(at_dtype, "a nested array's elements must be numbers");
        expect(',');
        expect('(');
        std::vector<int64_t> shape;
        while (!at(')')) {
            shape.push_back(big_number());
            skip();
            if (at(',')) ++pos_;
            skip();
        }
        ++pos_;
        expect(')');
        if (shape.empty() || shape.size() > 8) error(at_dtype, "a nested array has 1 to 8 dimensions");
        return nested_array(dtype, std::move(shape));
    }

    // array(float32, 2d, C)
    const Type* array_spelling(bool readonly) {
        expect('(');
        size_t at_dtype = pos_;
        const Type* dtype = type(false);
        if (!dtype->is_scalar() && !dtype->is_record() && !dtype->is_datetime_like())
            error(at_dtype, "array elements must be numbers or records");
        expect(',');
        size_t at_n = pos_;
        int64_t nd = number();
        if (!at('d')) expect_fail("'d' after the number of dimensions");
        ++pos_;
        if (nd > 8) error(at_n, "arrays have 0 to 8 dimensions");
        expect(',');
        std::string l = word();
        Layout layout = l == "C" ? Layout::C : l == "F" ? Layout::F : l == "A" ? Layout::A : Layout(255);
        if (static_cast<int>(layout) == 255) error(pos_ - l.size(), "layout must be C, F or A");
        expect(')');
        return array(dtype, static_cast<int>(nd), layout, readonly);
    }

    // float32[:, ::1]
    const Type* suffix(const Type* t, size_t start) {
        skip();
        if (!at('[')) return t;
        if (!t->is_scalar() && !t->is_record() && !t->is_datetime_like())
            error(start, fmt::format("arrays of '{}' are not supported", t->str()));
        ++pos_;
        std::vector<bool> contiguous;
        for (;;) {
            skip();
            size_t dim_at = pos_;
            if (!at(':')) expect_fail("':' or '::1'");
            ++pos_;
            bool c = false;
            if (at(':')) {
                ++pos_;
                skip();
                if (!at('1')) error(dim_at, "only ':' and '::1' are allowed in array types");
                ++pos_;
                c = true;
            }
            contiguous.push_back(c);
            skip();
            if (at(',')) {
                ++pos_;
                continue;
            }
            if (at(']')) {
                ++pos_;
                break;
            }
            expect_fail("',' or ']'");
        }
        int nd = static_cast<int>(contiguous.size());
        if (nd > 8) error(start, "arrays have at most 8 dimensions");
        int count = 0;
        for (bool c : contiguous) count += c;
        Layout layout = Layout::A;
        if (count == 1 && contiguous.back())
            layout = Layout::C;
        else if (count == 1 && contiguous.front())
            layout = Layout::F;
        else if (count != 0)
            error(start, "'::1' may only mark the first (F) or the last (C) dimension");
        return array(t, nd, layout);
    }
};

}  // namespace

std::string Signature::str() const {
    std::string s = ret ? ret->str() : "";
    s += "(";
    for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + args[i]->str();
    return s + ")";
}

Signature parse_signature(const std::string& text, syntax::SourceLoc loc) { return SigParser(text, loc).signature(); }

const Type* parse_type(const std::string& text, syntax::SourceLoc loc) { return SigParser(text, loc).whole_type(); }

}  // namespace ujit::types

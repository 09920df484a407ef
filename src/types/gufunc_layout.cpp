#include "types/gufunc_layout.hpp"

#include <algorithm>

namespace ujit::types {

namespace {

bool ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool digit(char c) { return c >= '0' && c <= '9'; }
bool ident_char(char c) { return ident_start(c) || digit(c); }

// A recursive-descent parser over the text: list '->' list, list = tuple (',' tuple)*,
// tuple = '(' [dim (',' dim)*] ')', dim = name | integer.
class Parser {
public:
    explicit Parser(std::string_view text) : s_(text) {}

    std::variant<GufuncLayout, GufuncLayoutError> run() {
        if (!operands(out_.inputs, "an input '(' (layouts look like '(n),()->(n)')")) return err_;
        skip();
        if (s_.substr(pos_, 2) != "->") {
            fail("expected '->' after the inputs' core dimensions");
            return err_;
        }
        pos_ += 2;
        if (!operands(out_.outputs, "an output '(' after '->'")) return err_;
        skip();
        if (pos_ != s_.size()) {
            fail("unexpected text after the outputs' core dimensions");
            return err_;
        }
        return out_;
    }

private:
    void skip() {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n')) ++pos_;
    }
    bool fail(std::string message) {
        err_ = {pos_, std::move(message)};
        return false;
    }
    bool operands(std::vector<std::vector<int>>& list, const char* what) {
        do {
            skip();
            if (pos_ >= s_.size() || s_[pos_] != '(') return fail(std::string("expected ") + what);
            ++pos_;
            list.emplace_back();
            if (!core_dims(list.back())) return false;
            skip();
        } while (pos_ < s_.size() && s_[pos_] == ',' && ++pos_);
        return true;
    }
    bool core_dims(std::vector<int>& dims) {
        skip();
        if (pos_ < s_.size() && s_[pos_] == ')') return ++pos_, true;
        for (;;) {
            skip();
            size_t start = pos_;
            std::string name;
            int64_t fixed = -1;
            if (!dimension(name, fixed)) return false;
            auto it = std::find(out_.dims.begin(), out_.dims.end(), name);
            int index = static_cast<int>(it - out_.dims.begin());
            if (it == out_.dims.end()) {
                out_.dims.push_back(name);
                out_.fixed.push_back(fixed);
            }
            // A name twice in one operand is refused; a fixed size may repeat ("(3,3)->()").
            if (fixed < 0 && std::find(dims.begin(), dims.end(), index) != dims.end()) {
                pos_ = start;
                return fail("core dimension '" + name + "' appears twice in one operand");
            }
            dims.push_back(index);
            skip();
            if (pos_ < s_.size() && s_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (pos_ < s_.size() && s_[pos_] == ')') return ++pos_, true;
            return fail("expected ',' or ')' in a core dimension list");
        }
    }
    // One dimension: a name, or a fixed size (its name is the size in decimal, "03" is "3").
    bool dimension(std::string& name, int64_t& fixed) {
        size_t start = pos_;
        if (pos_ < s_.size() && ident_start(s_[pos_])) {
            while (pos_ < s_.size() && ident_char(s_[pos_])) ++pos_;
            name = std::string(s_.substr(start, pos_ - start));
            return true;
        }
        if (pos_ >= s_.size() || !digit(s_[pos_])) return fail("expected a core dimension name or size");
        fixed = 0;
        for (; pos_ < s_.size() && digit(s_[pos_]); ++pos_) {
            fixed = fixed * 10 + (s_[pos_] - '0');
            if (fixed > kMaxFixedCoreSize) {
                pos_ = start;
                return fail("fixed core dimension size too large (at most " + std::to_string(kMaxFixedCoreSize) + ")");
            }
        }
        if (pos_ < s_.size() && ident_char(s_[pos_])) return fail("a core dimension name cannot start with a digit");
        name = std::to_string(fixed);
        return true;
    }

    std::string_view s_;
    size_t pos_ = 0;
    GufuncLayout out_;
    GufuncLayoutError err_;
};

std::string operand_list(const GufuncLayout& l, const std::vector<std::vector<int>>& ops) {
    std::string s;
    for (size_t k = 0; k < ops.size(); ++k) {
        s += k ? ",(" : "(";
        for (size_t j = 0; j < ops[k].size(); ++j) s += (j ? "," : "") + l.dims[size_t(ops[k][j])];
        s += ")";
    }
    return s;
}

}  // namespace

std::string GufuncLayout::str() const { return operand_list(*this, inputs) + "->" + operand_list(*this, outputs); }

std::variant<GufuncLayout, GufuncLayoutError> parse_gufunc_layout(std::string_view text) { return Parser(text).run(); }

}  // namespace ujit::types

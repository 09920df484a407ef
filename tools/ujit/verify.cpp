#include "verify.hpp"

#include "ujit/ujit.hpp"

#include <fmt/format.h>

#include <cctype>
#include <sstream>

namespace ujit::cli {

namespace {

// Column (0-based) of the '#' that starts the comment of a source line, or npos. Quotes
// are tracked so that '#' inside a string literal is not a comment.
size_t comment_start(const std::string& line) {
    char quote = 0;
    for (size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quote) {
            if (c == '\\')
                ++i;
            else if (c == quote)
                quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '#') {
            return i;
        }
    }
    return std::string::npos;
}

[[noreturn]] void malformed(const std::string& file, int line, size_t col, const std::string& what) {
    throw ujit::Error(ujit::Error::Kind::Compile,
                      fmt::format("{}:{}:{}: error: malformed verify directive: {}", file, line, col + 1, what), file,
                      line, static_cast<int>(col + 1));
}

// Reads digits at `pos`; -1 if there are none.
int read_number(const std::string& s, size_t& pos) {
    size_t start = pos;
    while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) ++pos;
    if (pos == start || pos - start > 6) return -1;
    return std::stoi(s.substr(start, pos - start));
}

void skip_spaces(const std::string& s, size_t& pos) {
    while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\t')) ++pos;
}

// "expected-error[@LOC] {{TEXT}}" starting at `pos` (just after "expected-error").
ExpectedError parse_expected_error(const std::string& file, const std::string& line, int line_no, size_t pos) {
    ExpectedError e;
    e.directive_line = line_no;
    e.line = line_no;
    if (pos < line.size() && line[pos] == '@') {
        ++pos;
        char sign = pos < line.size() ? line[pos] : 0;
        if (sign == '+' || sign == '-') ++pos;
        int n = read_number(line, pos);
        if (n < 0) malformed(file, line_no, pos, "expected a line after '@' (@+N, @-N or @N)");
        e.line = sign == '+' ? line_no + n : sign == '-' ? line_no - n : n;
        if (e.line < 1) malformed(file, line_no, pos, "the expected line is before the start of the file");
        if (pos < line.size() && line[pos] == ':') {
            ++pos;
            e.col = read_number(line, pos);
            if (e.col < 1) malformed(file, line_no, pos, "expected a column after ':'");
        }
    }
    skip_spaces(line, pos);
    if (line.compare(pos, 2, "{{") != 0) malformed(file, line_no, pos, "expected '{{' before the message");
    size_t close = line.find("}}", pos + 2);
    if (close == std::string::npos) malformed(file, line_no, pos, "missing '}}' after the message");
    e.text = line.substr(pos + 2, close - pos - 2);
    if (e.text.empty()) malformed(file, line_no, pos, "the expected message is empty");
    size_t rest = close + 2;
    skip_spaces(line, rest);
    if (rest < line.size()) malformed(file, line_no, rest, "unexpected text after '}}'");
    return e;
}

}  // namespace

VerifyDirectives parse_verify_directives(const std::string& file, const std::string& text) {
    VerifyDirectives d;
    std::istringstream in(text);
    std::string line;
    for (int line_no = 1; std::getline(in, line); ++line_no) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        size_t hash = comment_start(line);
        if (hash == std::string::npos) continue;
        size_t pos = hash + 1;
        skip_spaces(line, pos);
        std::string_view rest = std::string_view(line).substr(pos);
        if (rest.starts_with("expected-error")) {
            d.errors.push_back(parse_expected_error(file, line, line_no, pos + 14));
        } else if (rest.starts_with("expected-no-diagnostics")) {
            d.expect_no_diagnostics = true;
        } else if (rest.starts_with("verify-sig:")) {
            std::string spec(rest.substr(11));
            size_t b = spec.find_first_not_of(" \t");
            size_t sp = b == std::string::npos ? b : spec.find_first_of(" \t", b);
            if (sp == std::string::npos) malformed(file, line_no, pos, "expected '# verify-sig: FUNC SIGNATURE'");
            std::string sig = spec.substr(sp);
            sig = sig.substr(sig.find_first_not_of(" \t"));
            while (!sig.empty() && (sig.back() == ' ' || sig.back() == '\t')) sig.pop_back();
            d.signatures.emplace_back(spec.substr(b, sp - b), sig);
        } else if (rest.starts_with("expected-")) {
            malformed(file, line_no, pos, "unknown directive (expected-error, expected-no-diagnostics)");
        }
    }
    if (d.expect_no_diagnostics && !d.errors.empty())
        malformed(file, d.errors.front().directive_line, 0, "expected-no-diagnostics with expected-error directives");
    if (!d.expect_no_diagnostics && d.errors.empty())
        throw ujit::Error(ujit::Error::Kind::Compile,
                          fmt::format("{}: error: no verify directives: add '# expected-error ...' or "
                                      "'# expected-no-diagnostics'",
                                      file),
                          file);
    return d;
}

std::vector<std::string> verify_diagnostics(const std::string& file, const VerifyDirectives& directives,
                                            const std::vector<SeenError>& seen) {
    std::vector<bool> used(seen.size(), false);
    std::vector<std::string> problems;
    for (const ExpectedError& e : directives.errors) {
        bool found = false;
        for (size_t i = 0; i < seen.size() && !found; ++i) {
            const SeenError& s = seen[i];
            if (used[i] || s.line != e.line || (e.col && s.col != e.col)) continue;
            if (s.message.find(e.text) == std::string::npos) continue;
            used[i] = found = true;
        }
        if (!found)
            problems.push_back(
                fmt::format("{}:{}:{}: error: expected error not seen: {{{{{}}}}} (directive on line {})", file, e.line,
                            e.col ? e.col : 1, e.text, e.directive_line));
    }
    for (size_t i = 0; i < seen.size(); ++i)
        if (!used[i])
            problems.push_back(
                fmt::format("{}:{}:{}: error: unexpected error: {}", file, seen[i].line, seen[i].col, seen[i].message));
    return problems;
}

}  // namespace ujit::cli

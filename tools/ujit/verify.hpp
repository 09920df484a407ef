// `ujit check --verify`: expectations written in the test's own comments, clang -verify
// style, and their comparison with the errors the compiler reports.
//
//   x = {}  # expected-error {{dict literals are not supported}}   this line, any column
//   # expected-error@+1:9 {{cannot unify}}                           next line, column 9
//   # expected-error@-2 {{...}}  /  # expected-error@12:5 {{...}}     relative / absolute line
//   # verify-sig: FUNC float64(float64)                              compile FUNC for it too
//   # expected-no-diagnostics                                        nothing may be reported
//
// The text between {{ and }} is a substring of the expected message. Lines and columns
// are 1-based; the column is the one the diagnostic reports (FILE:LINE:COL).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ujit::cli {

struct ExpectedError {
    int line = 0;
    int col = 0;  // 0: any column
    std::string text;
    int directive_line = 0;
};

struct VerifyDirectives {
    std::vector<ExpectedError> errors;
    std::vector<std::pair<std::string, std::string>> signatures;  // (function, signature)
    bool expect_no_diagnostics = false;
};

// A diagnostic the compiler reported.
struct SeenError {
    int line = 0, col = 0;  // 0 when the error has no location
    std::string message;    // the text after "error: " on its first line
    std::string rendered;   // the full clang-style text
};

// Reads the directives of `text`. A malformed directive is a ujit::Error(Compile) at its
// own location (a test that cannot be read must not pass).
VerifyDirectives parse_verify_directives(const std::string& file, const std::string& text);

// Matches expectations with what was seen; returns one "FILE:L:C: error: ..." line per
// problem (empty: the test passes).
std::vector<std::string> verify_diagnostics(const std::string& file, const VerifyDirectives& directives,
                                            const std::vector<SeenError>& seen);

}  // namespace ujit::cli

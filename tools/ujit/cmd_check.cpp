// ujit check FILE [--verify]: every error of a module, or a check of its expected errors.
#include "collect_errors.hpp"
#include "commands.hpp"
#include "report.hpp"
#include "verify.hpp"

#include "ujit/ujit.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace ujit::cli {

namespace {

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ujit::Error(ujit::Error::Kind::Argument, path + ": error: cannot open file", path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

int verify(const std::string& path) {
    VerifyDirectives directives = parse_verify_directives(path, read_file(path));
    CheckOutcome outcome = collect_errors(path, directives.signatures);
    std::vector<std::string> problems = verify_diagnostics(path, directives, outcome.errors);
    for (const std::string& p : problems) std::fprintf(stderr, "%s\n", p.c_str());
    if (!problems.empty()) {
        // The full diagnostics help to fix either the test or the compiler.
        for (const SeenError& e : outcome.errors) std::fprintf(stderr, "\nreported:\n%s\n", e.rendered.c_str());
        return 1;
    }
    return 0;
}

}  // namespace

int run_check(const ParsedArgs& args) {
    const std::string& path = args.positional[0];
    if (args.has("--verify")) return verify(path);
    std::string text = read_file(path);  // a missing file is reported once, plainly
    std::vector<std::pair<std::string, std::string>> extra;
    try {
        extra = parse_verify_directives(path, text).signatures;
    } catch (const ujit::Error&) {
        // Not a verify test: no extra signatures.
    }
    CheckOutcome outcome = collect_errors(path, extra);
    for (const SeenError& e : outcome.errors) {
        std::string text = e.rendered.empty() ? "ujit: error: " + e.message : e.rendered;
        if (text.back() != '\n') text += '\n';
        std::fputs(text.c_str(), stderr);
    }
    if (args.has("--verbose")) {
        for (const ujit::Module::HostStatement& h : outcome.host)
            std::fprintf(stderr, "%s:%d:%d: note: left to Python: %s\n", path.c_str(), h.line, h.col, h.reason.c_str());
    } else if (!outcome.host.empty()) {
        std::fprintf(stderr, "%s: note: %zu top-level statement%s left to Python (--verbose lists them)\n",
                     path.c_str(), outcome.host.size(), outcome.host.size() == 1 ? "" : "s");
    }
    if (!outcome.errors.empty()) return 1;
    std::printf("%s: ok (%d function%s, %d signature%s compiled)\n", path.c_str(), outcome.functions,
                outcome.functions == 1 ? "" : "s", outcome.compiled, outcome.compiled == 1 ? "" : "s");
    return 0;
}

}  // namespace ujit::cli

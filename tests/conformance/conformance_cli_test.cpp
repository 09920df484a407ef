// The conformance corpus through the command line: `ujit run FILE FUNCTION ARGS...` with
// the arguments written as Python literals, its printed result (Python's repr) read back
// and compared with the oracle. A literal is int64, float64 or bool; cases with float32 or
// narrow int arguments pass `--sig "(float32, ...)"` with the exact value as the literal.
// The CLI prints a float32 result as the Python float it boxes to, a narrow int as an
// int, so the expected type is widened the same way before comparing.
//
// Each case is one process (a fresh JIT), so by default the first two cases of every
// function run; UJIT_CONFORMANCE_CLI_ALL=1 runs them all.
#include <catch2/catch.hpp>

#include "conformance/conformance_cases.hpp"
#include "runtime/pyliteral.hpp"
#include "support/source_dir.hpp"
#include "support/subprocess.hpp"
#include "support/values.hpp"
#include "ujit/ujit.hpp"

#include <cstdlib>
#include <map>

using namespace ujit;
using ujit::test::Json;
using ujit::test::Run;
using ujit::test::run_command;
using ujit::test::shell_quote;
namespace conf = ujit::test::conformance;

namespace {

// The last non-empty line: the printed result.
std::string last_line(const std::string& out) {
    size_t end = out.find_last_not_of("\r\n ");
    if (end == std::string::npos) return "";
    size_t start = out.rfind('\n', end);
    return out.substr(start == std::string::npos ? 0 : start + 1,
                      end + 1 - (start == std::string::npos ? 0 : start + 1));
}

// The type a printed result reads back as: float32 → float64 (Python float), intN/uintN →
// int64 (Python int).
Json widened(const Json& expected) {
    Json w = expected;
    if (w.has("items")) {
        for (Json& e : w.fields["items"].items) e = widened(e);
        return w;
    }
    std::string& type = w.fields["type"].text;
    if (type == "float32")
        type = "float64";
    else if (type != "bool" && type != "float64" && type != "tuple")
        type = "int64";
    return w;
}

// A scalar argument the CLI reads only with --sig: its value as a literal, else "".
std::string typed_literal(const Json& a) {
    const std::string& type = a["type"].str();
    if (type == "tuple" || type == "bool" || type == "int64" || type == "float64") return "";
    return a["value"].text;
}

bool needs_signature(const Json& c) {
    for (const Json& a : c["args"].items)
        if (conf::python_literal(a).empty()) return true;
    return false;
}

// The case as CLI words after FUNC, or false when an argument cannot be written
// (a tuple holding float32 or narrow ints).
bool cli_words(const Json& c, std::string& words) {
    std::string sig, values;
    const bool typed = needs_signature(c);
    for (const Json& a : c["args"].items) {
        std::string lit = conf::python_literal(a);
        if (lit.empty()) lit = typed_literal(a);
        if (lit.empty()) return false;
        if (typed) {
            if (a["type"].str() == "tuple") return false;
            sig += (sig.empty() ? "" : ", ") + a["type"].str();
        }
        values.append(" ").append(shell_quote(lit));
    }
    words = (typed ? " --sig " + shell_quote("(" + sig + ")") : std::string()) + " --" + values;
    return true;
}

std::string run_case(const Json& c, std::string& command) {
    std::string words;
    cli_words(c, words);
    command = ujit::test::cli_path() + " run " + shell_quote(ujit::test::source_dir() + "/" + c["file"].str()) + " " +
              shell_quote(c["function"].str()) + words;
    Run r = run_command(command);
    if (c["result"].has("error")) {  // a failed call: exit status 1 and the exception named
        const std::string& name = c["result"]["error"].str();
        if (r.status == 1 && r.output.find(name) != std::string::npos) return "";
        return "expected exit status 1 naming " + name + ", got " + std::to_string(r.status) + ": " + r.output;
    }
    if (r.status != 0) return "exit status " + std::to_string(r.status) + ": " + r.output;
    std::string printed = last_line(r.output);
    try {
        Value got = runtime::parse_literal(printed);
        conf::Tolerance t = conf::tolerance(c);
        std::string m = test::compare_value(got, widened(c["result"]), t.rtol, t.atol);
        return m.empty() ? "" : m + " (printed " + printed + ")";
    } catch (const std::exception& e) {
        return "cannot read the printed result '" + printed + "': " + e.what();
    }
}

bool cli_expressible(const Json& c) {
    std::string words;
    return cli_words(c, words);
}

}  // namespace

TEST_CASE("conformance corpus: cases match the oracle through ujit run", "[conformance][cli]") {
    const bool all = std::getenv("UJIT_CONFORMANCE_CLI_ALL") != nullptr;
    std::map<std::string, int> per_function;
    size_t ran = 0, passed = 0;
    for (const Json& c : conf::cases()) {
        if (!cli_expressible(c)) continue;
        if (!all && per_function[c["file"].str() + ":" + c["function"].str()]++ >= 2) continue;
        std::string command;
        std::string failure = run_case(c, command);
        INFO(conf::label(c) << "\n  $ " << command);
        CHECK(failure == "");
        ++ran;
        passed += failure.empty();
    }
    WARN("conformance (CLI): " << passed << " of " << ran << " cases pass");
    CHECK(ran >= 150);
}

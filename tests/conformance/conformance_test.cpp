// The conformance corpus through the public C++ API: every case of
// tests/conformance/expected.json (computed by CPython, checked against Numba) is compiled
// lazily from its argument types with ujit::Module/Function and called; the result must
// have the oracle's type and value. One failing case does not hide the others: each is
// checked on its own, with the case in the message.
#include <catch2/catch.hpp>

#include "conformance/conformance_cases.hpp"
#include "support/source_dir.hpp"
#include "support/values.hpp"
#include "ujit/ujit.hpp"

#include <map>
#include <set>

using namespace ujit;
using ujit::test::Json;
namespace conf = ujit::test::conformance;

namespace {

// Modules are compiled once per file; a file that does not compile fails every case of it
// with the diagnostic.
const Module& module_for(const std::string& file) {
    static std::map<std::string, Module> cache;
    auto it = cache.find(file);
    if (it == cache.end()) it = cache.emplace(file, Module::from_file(ujit::test::source_dir() + "/" + file)).first;
    return it->second;
}

// An expected error ({"error": "ZeroDivisionError"}) is a ujit::Error of kind Runtime
// whose message names the Python exception.
std::string check_raised(const Error& e, const std::string& expected) {
    if (e.kind() == Error::Kind::Runtime && std::string(e.what()).find(expected) != std::string::npos) return "";
    return "expected a runtime " + expected + ", got: " + e.what();
}

// "" when the case passes, else what went wrong.
std::string run_case(const Json& c) {
    const bool raises = c["result"].has("error");
    try {
        Function f = module_for(c["file"].str()).function(c["function"].str());
        std::deque<Array> keep;
        std::vector<Value> args;
        for (const Json& a : c["args"].items) args.push_back(test::value_from_json(a, keep));
        Value got = f.call(args);
        if (raises) return "returned " + got.repr() + " instead of raising " + c["result"]["error"].str();
        conf::Tolerance t = conf::tolerance(c);
        std::string m = test::compare_value(got, c["result"], t.rtol, t.atol);
        return m.empty() ? "" : m + " (got " + got.repr() + ")";
    } catch (const Error& e) {
        return raises ? check_raised(e, c["result"]["error"].str()) : std::string("threw: ") + e.what();
    } catch (const std::exception& e) {
        return std::string("threw: ") + e.what();
    }
}

}  // namespace

TEST_CASE("conformance corpus: every case matches the oracle through the C++ API", "[conformance]") {
    const auto& cases = conf::cases();
    REQUIRE(cases.size() >= 150);
    std::set<std::string> functions;
    size_t passed = 0;
    for (const Json& c : cases) {
        functions.insert(c["file"].str() + ":" + c["function"].str());
        std::string failure = run_case(c);
        INFO(conf::label(c));
        CHECK(failure == "");
        passed += failure.empty();
    }
    WARN("conformance (C++ API): " << passed << " of " << cases.size() << " cases of " << functions.size()
                                   << " functions pass");
    CHECK(functions.size() >= 150);
}

TEST_CASE("conformance corpus: a second call (cached specialization) agrees", "[conformance]") {
    // Calling again hits the specialization cache; the answer must not change.
    size_t checked = 0;
    std::set<std::string> seen;
    for (const Json& c : conf::cases()) {
        if (!seen.insert(c["file"].str() + ":" + c["function"].str()).second) continue;
        INFO(conf::label(c));
        std::string first = run_case(c);
        if (!first.empty()) continue;  // reported by the test above
        CHECK(run_case(c) == "");
        ++checked;
    }
    CHECK(checked > 0);
}

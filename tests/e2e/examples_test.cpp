// The course examples (lang/examples) end to end through the public C++ API, against
// results computed independently in CPython (tools/scripts/example_oracle.py →
// tests/e2e/expected/examples.json). CUDA cases are compiled to PTX and checked with
// ptxas here; running them is the GPU suite's job ([gpu]).
#include <catch2/catch.hpp>

#include "runtime/scalar.hpp"
#include "support/ptxas.hpp"
#include "support/source_dir.hpp"
#include "support/values.hpp"
#include "ujit/ujit.hpp"

#include <map>

using namespace ujit;
using ujit::test::Json;

namespace {

const Json& examples() {
    static Json j = test::load_json(ujit::test::source_dir() + "/tests/e2e/expected/examples.json");
    return j;
}

Module& module_for(const std::string& file) {
    static std::map<std::string, Module> cache;
    auto it = cache.find(file);
    if (it == cache.end()) it = cache.emplace(file, Module::from_file(ujit::test::source_dir() + "/" + file)).first;
    return it->second;
}

void tolerances(const Json& c, double& rtol, double& atol) {
    rtol = 1e-6;  // libm vs CPython's math may differ in the last bits; float32 results by an ulp
    atol = 0;
    if (c.has("tolerance")) {
        const Json& t = c["tolerance"];
        if (t.has("rtol")) rtol = t["rtol"].number();
        if (t.has("atol")) atol = t["atol"].number();
    }
}

}  // namespace

TEST_CASE("course examples run on the CPU and match the CPython oracle", "[e2e][examples]") {
    int ran = 0;
    for (const Json& c : examples()["cases"].items) {
        if (c["target"].str() != "cpu") continue;
        const std::string label = c["function"].str() + " (" + c["file"].str() + ")";
        INFO(label);
        Function f = module_for(c["file"].str()).function(c["function"].str());
        std::deque<Array> keep;
        std::vector<Value> args;
        for (const Json& a : c["args"].items) args.push_back(test::value_from_json(a, keep));
        double rtol, atol;
        tolerances(c, rtol, atol);
        // A case with a signature runs that specialization (as Numba's eager compile
        // would: the result converts to the declared return type).
        auto call = [&] { return c.has("signature") ? f.compile(c["signature"].str()).call(args) : f.call(args); };
        if (c["result"].has("error")) {  // CPython raises; Numba raises the same error
            REQUIRE_THROWS_WITH(call(), Catch::Contains(c["result"]["error"].str()));
        } else if (c["kind"].str() == "call") {
            CHECK(test::compare_value(call(), c["result"], rtol, atol) == "");
        } else if (c["result"]["type"].str() == "array") {
            Array got = f.vectorize_call(args);
            CHECK(test::compare_array(got.ref(), c["result"], rtol, atol) == "");
        } else {  // scalar inputs only: a 0-d result, which NumPy and Numba return as a scalar
            Array got = f.vectorize_call(args);
            REQUIRE(got.size() == 1);
            Value element(runtime::load_scalar(got.dtype(), got.ref().data));
            CHECK(test::compare_value(element, c["result"], rtol, atol) == "");
        }
        ++ran;
    }
    CHECK(ran >= 10);
}

TEST_CASE("course CUDA examples compile to PTX that ptxas accepts", "[e2e][examples][ptx]") {
    std::map<std::string, bool> seen;
    for (const Json& c : examples()["cases"].items) {
        if (c["target"].str() != "cuda") continue;
        std::string key = c["file"].str() + ":" + c["function"].str();
        if (seen[key]) continue;
        seen[key] = true;
        INFO(key);
        Function f = module_for(c["file"].str()).function(c["function"].str());
        Options o;
        o.target = Target::CUDA;
        o.arch = "sm_90";
        auto specs = f.compile_declared(o);
        if (specs.empty()) {  // lazily typed kernel: type it from the case's arguments
            std::deque<Array> keep;
            std::string sig = "void(";
            for (size_t i = 0; i < c["args"].size(); ++i) {
                const Json& a = c["args"][i];
                std::string t = a["type"].str() == "array" ? a["dtype"].str() + "[" +
                                                                 std::string(a["shape"].size() == 1   ? ":"
                                                                             : a["shape"].size() == 2 ? ":, :"
                                                                                                      : ":, :, :") +
                                                                 "]"
                                                           : a["type"].str();
                sig += (i ? ", " : "") + t;
            }
            specs.push_back(f.compile(sig + ")", o));
        }
        for (const auto& s : specs) {
            std::string ptx = s.ptx();
            CHECK(ptx.find(".entry") != std::string::npos);
            CHECK(test::ptxas_check(ptx, "sm_90") == "");
        }
    }
    CHECK(seen.size() >= 4);
}

TEST_CASE("Function::parameter_names: the def's parameters, in order (ujit run --save names files by them)",
          "[e2e][examples]") {
    CHECK(module_for("lang/examples/add_kernel.py").function("add_kernel").parameter_names() ==
          std::vector<std::string>{"x", "y", "out"});
    CHECK(module_for("lang/examples/tile_transpose.py").function("tile_transpose").parameter_names() ==
          std::vector<std::string>{"a_in", "a_out"});
    CHECK(module_for("lang/examples/monte_carlo_pi.py").function("monte_carlo_pi").parameter_names() ==
          std::vector<std::string>{"nsamples"});
}

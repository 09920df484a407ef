#include "conformance/conformance_cases.hpp"
#include "support/source_dir.hpp"

namespace ujit::test::conformance {

const std::vector<Json>& cases() {
    static const Json doc = load_json(ujit::test::source_dir() + "/tests/conformance/expected.json");
    return doc["cases"].items;
}

std::string label(const Json& c) {
    std::string s = c["function"].str() + "(";
    for (size_t i = 0; i < c["args"].size(); ++i) {
        std::string lit = python_literal(c["args"][i]);
        s +=
            (i ? ", " : "") + (lit.empty() ? c["args"][i]["type"].str() + "(" + c["args"][i]["value"].text + ")" : lit);
    }
    return s + ") [" + c["file"].str() + "]";
}

Tolerance tolerance(const Json& c) {
    Tolerance t;
    if (c.has("tolerance")) {
        const Json& j = c["tolerance"];
        if (j.has("rtol")) t.rtol = j["rtol"].number();
        if (j.has("atol")) t.atol = j["atol"].number();
    }
    return t;
}

std::string python_literal(const Json& arg) {
    const std::string& type = arg["type"].str();
    if (type == "tuple") {
        std::string s = "(";
        for (size_t i = 0; i < arg["items"].size(); ++i) {
            std::string e = python_literal(arg["items"][i]);
            if (e.empty()) return "";
            s += (i ? ", " : "") + e;
        }
        return s + (arg["items"].size() == 1 ? ",)" : ")");
    }
    const Json& v = arg["value"];
    if (type == "bool") return (v.kind == Json::Kind::Bool ? v.b : v.integer() != 0) ? "True" : "False";
    if (type == "int64" || type == "float64") return v.text;  // JSON int text, or Python's float repr
    return "";
}

}  // namespace ujit::test::conformance

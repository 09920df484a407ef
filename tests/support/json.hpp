// A small JSON reader for the test data files (expected results written by the oracle
// scripts in tools/scripts). Numbers keep their source text so int64 values stay exact.
#pragma once

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace ujit::test {

struct Json {
    enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
    bool b = false;
    std::string text;  // Number: source text; String: decoded value
    std::vector<Json> items;
    std::map<std::string, Json> fields;

    const Json& operator[](const std::string& key) const;
    const Json& operator[](size_t i) const { return items.at(i); }
    bool has(const std::string& key) const { return fields.count(key) != 0; }
    size_t size() const { return kind == Kind::Array ? items.size() : fields.size(); }
    const std::string& str() const { return text; }
    double number() const;   // Number, or a String holding a Python float repr ("inf", "nan", "-0.0")
    long long integer() const;
};

Json parse_json(const std::string& text);
Json load_json(const std::string& path);

}  // namespace ujit::test

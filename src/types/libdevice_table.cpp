// The rows of libdevice_functions.def, parsed once into LibdeviceFunction.
#include "types/libdevice_table.hpp"

#include <algorithm>
#include <sstream>

namespace ujit::types {

namespace {

const Type* code_type(char c) {
    switch (c) {
    case 'd': return floating(64);
    case 'f': return floating(32);
    case 'h': return integer(16, true);
    case 'i': return integer(32, true);
    case 'l': return integer(64, true);
    default: return none();  // 'v'
    }
}

LibdeviceFunction parse_row(const char* name, const char* result, const char* params) {
    LibdeviceFunction f{name, code_type(result[0]), {}};
    std::stringstream in(params);
    std::string item;
    while (std::getline(in, item, ',')) {
        item.erase(0, item.find_first_not_of(' '));
        const bool out = item[0] == '*';
        const char code = item[out ? 1 : 0];
        f.params.push_back({code_type(code), out, item.substr(item.find(' ') + 1)});
    }
    return f;
}

std::vector<LibdeviceFunction> parse_table() {
    std::vector<LibdeviceFunction> table;
#define UJIT_LIBDEVICE(name, result, params) table.push_back(parse_row(#name, result, params));
#include "types/libdevice_functions.def"
    return table;
}

}  // namespace

std::vector<const Type*> LibdeviceFunction::argument_types() const {
    std::vector<const Type*> args;
    for (const LibdeviceParam& p : params)
        if (!p.out) args.push_back(p.type);
    return args;
}

const Type* LibdeviceFunction::call_type() const {
    std::vector<const Type*> results;
    if (!result->is_none()) results.push_back(result);
    for (const LibdeviceParam& p : params)
        if (p.out) results.push_back(p.type);
    if (results.empty()) return none();
    return results.size() == 1 ? results[0] : tuple(results);
}

const std::vector<LibdeviceFunction>& libdevice_functions() {
    static const std::vector<LibdeviceFunction> table = parse_table();
    return table;
}

const LibdeviceFunction* libdevice_function(std::string_view name) {
    const auto& table = libdevice_functions();
    auto it = std::lower_bound(table.begin(), table.end(), name,
                               [](const LibdeviceFunction& f, std::string_view n) { return f.name < n; });
    return it != table.end() && it->name == name ? &*it : nullptr;
}

}  // namespace ujit::types

// The layout of a generalized ufunc, as NumPy writes it: "(m,n),(n,p)->(m,p)", "(n)->()",
// "(n),()->(n)", "(n)->(),()". Each operand lists its core dimensions by name; a name
// bound by several operands must have the same size in all of them.
//
// parse_gufunc_layout is a pure function over the text (no locations, no exceptions) so
// the decorator check, the runtime and fuzz targets can all call it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ujit::types {

struct GufuncLayout {
    // Core dimensions of each operand, as indices into `dims`.
    std::vector<std::vector<int>> inputs, outputs;
    std::vector<std::string> dims;  // distinct names, in order of first appearance

    size_t nin() const { return inputs.size(); }
    size_t nout() const { return outputs.size(); }
    // Operand k of inputs..., outputs...
    const std::vector<int>& operand(size_t k) const { return k < nin() ? inputs[k] : outputs[k - nin()]; }
    std::string str() const;  // canonical spelling: "(m,n),(n,p)->(m,p)"
};

struct GufuncLayoutError {
    size_t offset = 0;  // into the text
    std::string message;
};

// Whitespace may appear anywhere between tokens. Dimension names are Python identifiers.
std::variant<GufuncLayout, GufuncLayoutError> parse_gufunc_layout(std::string_view text);

}  // namespace ujit::types

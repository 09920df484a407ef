// numba-cuda's vector types: their names (numba.cuda.stubs: <base>x<N> for ten number types and
// N = 1..4, and the C names numba-cuda maps onto them), and the typing of their constructors
// (numba.cuda.vector_types: one overload per way of splitting the N lanes into numbers and
// smaller vectors of the same base type).
#include "types/vector_types.hpp"

#include "syntax/ast.hpp"
#include "types/typed_containers.hpp"

#include <fmt/format.h>

#include <array>
#include <string_view>

namespace ujit::types {

namespace {

// The constructor is the namespace named as numba.cuda exports it ("cuda.float32x4"; an alias
// resolves to the canonical name).
constexpr std::string_view kNamespace = "cuda.";
constexpr std::array<char, 4> kLanes = {'x', 'y', 'z', 'w'};

// The base types of the vector types, by the name numba.cuda spells them with.
const Type* base_named(std::string_view name) {
    static constexpr std::array<std::string_view, 10> kBases = {"int8",   "int16",  "int32",  "int64",   "uint8",
                                                                "uint16", "uint32", "uint64", "float32", "float64"};
    for (std::string_view b : kBases)
        if (b == name) return scalar_from_name(std::string(name));
    return nullptr;
}

// numba-cuda's C names (stubs.map_vector_type_stubs_to_alias), each the NumPy width of that C
// type on Linux x86-64 and aarch64 (LP64): long and ulong are 64 bits.
std::string_view base_of_alias(std::string_view c_name) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 12> kAliases = {{
        {"char", "int8"},
        {"short", "int16"},
        {"int", "int32"},
        {"long", "int64"},
        {"longlong", "int64"},
        {"uchar", "uint8"},
        {"ushort", "uint16"},
        {"uint", "uint32"},
        {"ulong", "uint64"},
        {"ulonglong", "uint64"},
        {"float", "float32"},
        {"double", "float64"},
    }};
    for (auto [alias, base] : kAliases)
        if (alias == c_name) return base;
    return {};
}

// "float32x2(float64, int64)": the call as Numba's "No implementation" error shows it.
std::string call_text(const Type* vector, const std::vector<const Type*>& args) {
    std::string text = vector->str() + "(";
    for (size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + args[i]->str();
    return text + ")";
}

}  // namespace

const Type* vector_type_named(const std::string& name) {
    if (name.size() < 2) return nullptr;
    const char count = name.back();
    if (count < '1' || count > '4') return nullptr;
    std::string_view stem(name.data(), name.size() - 1);
    const Type* base = nullptr;
    if (stem.ends_with('x')) base = base_named(stem.substr(0, stem.size() - 1));  // float32x4
    if (!base && !base_of_alias(stem).empty()) base = base_named(base_of_alias(stem));  // float4
    return base ? vector_of(base, count - '0') : nullptr;
}

const Type* vector_constructor(const std::string& name) {
    const Type* vector = vector_type_named(name);
    return vector ? namespace_(std::string(kNamespace) + vector->str()) : nullptr;
}

const Type* constructed_vector(const Type* callee) {
    if (!callee || callee->kind() != Kind::Namespace || !callee->path().starts_with(kNamespace)) return nullptr;
    return vector_type_named(callee->path().substr(kNamespace.size()));
}

int vector_lane(const Type* vector, const std::string& attr) {
    if (attr.size() != 1) return -1;
    for (int i = 0; i < vector_size(vector); ++i)
        if (kLanes[i] == attr[0]) return i;
    return -1;
}

const Type* vector_constructor_call(const syntax::Call* c, const Type* vector, const ContainerTyping& h,
                                    std::vector<const Type*>* operands) {
    const std::string name = vector->str();
    if (!h.cuda)
        h.error(c->callee->loc, fmt::format("{} is a CUDA vector type: make it in a @cuda.jit kernel or device "
                                            "function",
                                            name));
    if (!c->keywords.empty())
        h.error(c->keywords[0].loc, fmt::format("keyword arguments are not supported in calls to '{}'", name));
    std::vector<const Type*> args;
    for (const syntax::Expr* a : c->args) args.push_back(h.expr(a));
    for (const Type* t : args)
        if (!t) return nullptr;
    const Type* base = vector_base(vector);
    // Each argument is one lane (a real number, converted to the base type) or a vector of the
    // same base type, whose lanes it gives in order.
    int lanes = 0;
    bool fits = !args.empty();
    operands->clear();
    for (const Type* t : args) {
        if (is_vector(t) && vector_base(t) == base) {
            lanes += vector_size(t);
            operands->push_back(t);
        } else if (t->is_number() && !t->is_complex()) {
            lanes += 1;
            operands->push_back(base);
        } else {
            fits = false;
        }
    }
    if (!fits || lanes != vector_size(vector))
        h.error(c->loc,
                fmt::format("No implementation of function {} found for signature: {}. A {} is made of {} "
                            "{} value(s) in all: numbers, and {} vectors that give their lanes in order",
                            name, call_text(vector, args), name, vector_size(vector), base->str(), base->str()));
    return vector;
}

std::string vector_not_tuple(const Type* t, const std::string& what) {
    if (!t || !is_vector(t)) return {};
    return fmt::format("{} of {} is not supported: a vector type is no tuple; read its lanes as .x, .y, .z, .w", what,
                       t->str());
}

}  // namespace ujit::types

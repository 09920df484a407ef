#include "cudadrv/ptx_routines.hpp"

#include <fmt/format.h>

#include <cctype>
#include <set>
#include <string_view>
#include <vector>

namespace ujit::cuda::detail {
namespace {

struct Routine {
    const char* opcode;      // the PTX instruction, modifiers included
    int arity;               // source operands
    const char* value_type;  // the type its operands move as through .param space
    int bits;
    int jit_cost;            // tenths of a millisecond (ptx_routines.def)
};

constexpr Routine kRoutines[] = {
#define UJIT_PTX_ROUTINE(opcode, arity, type, bits, cost) {opcode, arity, type, bits, cost},
#include "cudadrv/ptx_routines.def"
#undef UJIT_PTX_ROUTINE
};

// Linking the routines costs the quick load about this much (the H200: gaussian_pdf linked
// with its two division routines 10.7 ms, with the divisions removed 9.0 ms): fewer routed
// tenths of a millisecond than this are left inline.
constexpr int kLinkCost = 30;

std::string routine_name(const Routine& r) {
    std::string name = "__ujit_";
    for (const char* c = r.opcode; *c; ++c) name += *c == '.' ? '_' : *c;
    return name;
}

const Routine* routine_for(std::string_view opcode) {
    for (const Routine& r : kRoutines)
        if (opcode == r.opcode) return &r;
    return nullptr;
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// One routable instruction on a line of its own: "\tdiv.rn.f64 \t%fd1, %fd2, 0d4000000000000000;".
struct Found {
    const Routine* routine = nullptr;
    std::string_view indent;
    std::vector<std::string_view> operands;  // destination first
};

Found parse_line(std::string_view line) {
    Found f;
    size_t start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos) return f;
    f.indent = line.substr(0, start);
    std::string_view rest = line.substr(start);
    size_t op_end = rest.find_first_of(" \t");
    if (op_end == std::string_view::npos) return f;
    const Routine* r = routine_for(rest.substr(0, op_end));  // a predicated line starts with '@': no match
    size_t semi = rest.find(';');
    if (!r || semi == std::string_view::npos || !trimmed(rest.substr(semi + 1)).empty()) return f;
    std::string_view operands = rest.substr(op_end, semi - op_end);
    while (true) {
        size_t comma = operands.find(',');
        f.operands.push_back(trimmed(operands.substr(0, comma)));
        if (comma == std::string_view::npos) break;
        operands.remove_prefix(comma + 1);
    }
    for (std::string_view o : f.operands)
        if (o.empty() || o.find_first_of(" \t[]{}") != std::string_view::npos) return {};
    if (int(f.operands.size()) != r->arity + 1) return {};
    f.routine = r;
    return f;
}

// A call of the routine, with the names and parameters cmake/EmbedPtxRoutines.cmake gives it.
std::string call_of(const Found& f) {
    const Routine& r = *f.routine;
    const std::string in(f.indent);
    std::string out = in + "{ // " + r.opcode + " routed\n";
    out += fmt::format("{}.param .b{} __ujit_r;\n", in, r.bits);
    std::string args;
    for (int i = 1; i <= r.arity; ++i) {
        std::string param = fmt::format("__ujit_{}", char('a' + i - 1));
        out += fmt::format("{}.param .b{} {};\n", in, r.bits, param);
        out += fmt::format("{}st.param.{} \t[{}], {};\n", in, r.value_type, param, f.operands[size_t(i)]);
        args += (args.empty() ? "" : ", ") + param;
    }
    out += fmt::format("{}call.uni (__ujit_r), {}, ({});\n", in, routine_name(r), args);
    out += fmt::format("{}ld.param.{} \t{}, [__ujit_r];\n", in, r.value_type, f.operands[0]);
    out += in + "}";
    return out;
}

std::string declaration_of(const Routine& r) {
    std::string params;
    for (int i = 1; i <= r.arity; ++i)
        params += fmt::format("{}.param .b{} __ujit_{}", i > 1 ? ", " : "", r.bits, char('a' + i - 1));
    return fmt::format(".extern .func (.param .b{} __ujit_r) {}({});\n", r.bits, routine_name(r), params);
}

// Whether any of the table's instructions appears in `ptx` at all (most PTX has none: no copy).
bool may_hold_routable(const std::string& ptx) {
    for (const Routine& r : kRoutines)
        if (ptx.find(r.opcode) != std::string::npos) return true;
    return false;
}

}  // namespace

std::optional<std::string> route_expensive_instructions(const std::string& ptx) {
    if (!may_hold_routable(ptx) || ptx.find(".section") != std::string::npos) return std::nullopt;
    std::string out;
    out.reserve(ptx.size() + 1024);
    std::set<const Routine*> used;
    int saved = 0;
    for (size_t pos = 0; pos < ptx.size();) {
        size_t nl = ptx.find('\n', pos);
        size_t end = nl == std::string::npos ? ptx.size() : nl;
        std::string_view line(ptx.data() + pos, end - pos);
        Found f = parse_line(line);
        if (f.routine) {
            out += call_of(f);
            used.insert(f.routine);
            saved += f.routine->jit_cost;
        } else {
            out += line;
        }
        if (nl != std::string::npos) out += '\n';
        pos = end + 1;
    }
    if (saved < kLinkCost) return std::nullopt;
    // The declarations go after the header (.version, .target, .address_size).
    size_t at = out.find(".address_size");
    if (at != std::string::npos) at = out.find('\n', at);
    if (at == std::string::npos) return std::nullopt;
    std::string declarations = "\n";
    for (const Routine& r : kRoutines)
        if (used.count(&r)) declarations += declaration_of(r);
    out.insert(at + 1, declarations);
    return out;
}

}  // namespace ujit::cuda::detail

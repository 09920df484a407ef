#include "cudadrv/ptx_contraction.hpp"

#include <cctype>
#include <map>
#include <set>
#include <string_view>
#include <vector>

namespace ujit::cuda::detail {
namespace {

struct Instruction {
    std::string_view base;                // "mul", "add", "st", ...
    std::vector<std::string_view> parts;  // the opcode's modifiers: "rn", "ftz", "f32", ...
    std::string_view operands;            // the text after the opcode, up to ';'
};

bool is_float_type(std::string_view t) {
    return t == "f32" || t == "f64" || t == "f16" || t == "f16x2" || t == "bf16" || t == "bf16x2";
}

// A floating-point mul/add/sub/neg without a rounding modifier (.rn .rz .rm .rp forbid fusion).
bool is_plain_float(const Instruction& in) {
    if (in.parts.empty() || !is_float_type(in.parts.back())) return false;
    for (std::string_view p : in.parts)
        if (p == "rn" || p == "rz" || p == "rm" || p == "rp") return false;
    return true;
}

// PTX without its comments.
std::string without_comments(const std::string& ptx) {
    std::string out;
    out.reserve(ptx.size());
    for (size_t pos = 0; pos < ptx.size();) {
        size_t nl = ptx.find('\n', pos);
        size_t line_end = nl == std::string::npos ? ptx.size() : nl;
        size_t comment = ptx.find("//", pos);
        size_t code_end = comment < line_end ? comment : line_end;
        out.append(ptx, pos, code_end - pos);
        out += '\n';
        pos = line_end + 1;
    }
    return out;
}

std::string_view trim_front(std::string_view s) {
    size_t b = s.find_first_not_of(" \t\r\n");
    return b == std::string_view::npos ? std::string_view() : s.substr(b);
}

// The statements of `code` (comments gone), each without the braces of a scope, a label or
// a predicate guard in front of it.
std::vector<Instruction> instructions(std::string_view code) {
    std::vector<Instruction> out;
    for (size_t pos = 0; pos < code.size();) {
        size_t end = code.find(';', pos);
        std::string_view stmt = code.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
        pos = end == std::string_view::npos ? code.size() : end + 1;
        for (;;) {
            stmt = trim_front(stmt);
            if (!stmt.empty() && (stmt[0] == '{' || stmt[0] == '}')) {
                stmt.remove_prefix(1);
                continue;
            }
            size_t colon = stmt.find(':');
            if (colon != std::string_view::npos && colon < stmt.find_first_of(" \t\r\n,")) {  // "$L__BB0_5:"
                stmt.remove_prefix(colon + 1);
                continue;
            }
            break;
        }
        if (!stmt.empty() && stmt[0] == '@') {  // "@%p1 bra ...", "@!%p1 ..."
            size_t sp = stmt.find_first_of(" \t");
            stmt = sp == std::string_view::npos ? std::string_view() : trim_front(stmt.substr(sp));
        }
        if (stmt.empty()) continue;
        size_t op_end = stmt.find_first_of(" \t\r\n");
        std::string_view opcode = stmt.substr(0, op_end);
        Instruction in;
        in.operands = op_end == std::string_view::npos ? std::string_view() : stmt.substr(op_end);
        size_t dot = opcode.find('.');
        in.base = opcode.substr(0, dot);
        while (dot != std::string_view::npos) {
            size_t next = opcode.find('.', dot + 1);
            in.parts.push_back(opcode.substr(dot + 1, next == std::string_view::npos ? next : next - dot - 1));
            dot = next;
        }
        out.push_back(in);
    }
    return out;
}

// The registers (%name) in `text`.
std::vector<std::string_view> registers(std::string_view text) {
    std::vector<std::string_view> regs;
    for (size_t i = text.find('%'); i != std::string_view::npos; i = text.find('%', i + 1)) {
        size_t e = i + 1;
        while (e < text.size() && (std::isalnum(static_cast<unsigned char>(text[e])) || text[e] == '_')) ++e;
        if (e > i + 1) regs.push_back(text.substr(i, e - i));
    }
    return regs;
}

}  // namespace

bool ptx_may_contract(const std::string& ptx) {
    const std::string text = without_comments(ptx);
    std::vector<Instruction> code = instructions(text);
    std::set<std::string_view> products;  // defined by a plain float multiply
    for (const Instruction& in : code)
        if (in.base == "mul" && is_plain_float(in)) {
            std::vector<std::string_view> regs = registers(in.operands);
            if (regs.empty()) return true;  // unreadable: assume the worst
            products.insert(regs.front());
        }
    if (products.empty()) return false;
    // Each product's readers: plain adds/subtracts/negations, or anything else.
    std::map<std::string_view, std::pair<int, int>> readers;  // {add-like, other}
    for (const Instruction& in : code) {
        std::vector<std::string_view> regs = registers(in.operands);
        // The first operand is what most instructions write; a store's (st, red) is its
        // address, read. Counting it as written only drops a read, which errs toward "may
        // contract" (an add-only product stays add-only).
        size_t first_read = (in.base == "st" || in.base == "red") ? 0 : 1;
        bool add_like = (in.base == "add" || in.base == "sub" || in.base == "neg") && is_plain_float(in);
        for (size_t i = first_read; i < regs.size(); ++i)
            if (products.count(regs[i])) (add_like ? readers[regs[i]].first : readers[regs[i]].second)++;
    }
    for (const auto& [reg, n] : readers)
        if (n.first > 0 && n.second == 0) return true;
    return false;
}

}  // namespace ujit::cuda::detail

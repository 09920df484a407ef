#include "cudadrv/ptx_contraction.hpp"

#include <cctype>
#include <map>
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

// An instruction's operands split into what it writes and what it reads: the first operand
// (a register, or a {…} group of them) is written, except by a store or reduction and where
// it is a memory address; everything else is read.
void written_and_read(const Instruction& in, std::vector<std::string_view>& written,
                      std::vector<std::string_view>& read) {
    std::string_view ops = trim_front(in.operands);
    int depth = 0;
    size_t comma = std::string_view::npos;
    for (size_t i = 0; i < ops.size() && comma == std::string_view::npos; ++i) {
        if (ops[i] == '{' || ops[i] == '[' || ops[i] == '(') ++depth;
        if (ops[i] == '}' || ops[i] == ']' || ops[i] == ')') --depth;
        if (ops[i] == ',' && depth == 0) comma = i;
    }
    std::string_view first = ops.substr(0, comma);
    std::string_view rest = comma == std::string_view::npos ? std::string_view() : ops.substr(comma + 1);
    bool first_is_read = in.base == "st" || in.base == "red" || (!first.empty() && first[0] == '[');
    written = first_is_read ? std::vector<std::string_view>() : registers(first);
    read = registers(rest);
    if (first_is_read)
        for (std::string_view r : registers(first)) read.push_back(r);
}

}  // namespace

bool ptx_may_contract(const std::string& ptx) {
    const std::string text = without_comments(ptx);
    std::vector<Instruction> code = instructions(text);
    struct Register {
        bool product = false;  // written by a plain float multiply
        int writes = 0, add_reads = 0, other_reads = 0;
    };
    std::map<std::string_view, Register> regs;
    std::vector<std::string_view> written, read;
    for (const Instruction& in : code) {
        written_and_read(in, written, read);
        bool plain = is_plain_float(in);
        bool add_like = plain && (in.base == "add" || in.base == "sub" || in.base == "neg");
        for (std::string_view r : written) {
            Register& reg = regs[r];
            ++reg.writes;
            reg.product |= plain && in.base == "mul";
        }
        for (std::string_view r : read) ++(add_like ? regs[r].add_reads : regs[r].other_reads);
    }
    for (const auto& [name, reg] : regs) {
        if (!reg.product || reg.add_reads == 0) continue;
        // Written once: its readers are the product's own; ptxas fuses when all are adds.
        // Written more than once (a loop's or a branch's value): which reader reads the
        // product is not known here, so an add among them may be its only reader.
        if (reg.writes > 1 || reg.other_reads == 0) return true;
    }
    return false;
}

}  // namespace ujit::cuda::detail

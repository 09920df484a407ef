#include "syntax/diagnostics.hpp"

#include <fmt/format.h>

namespace ujit::syntax {

static const char* severity_name(Severity s) {
    switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
    case Severity::Internal: return "internal compiler error";
    }
    return "error";
}

static void render_one(std::string& out, const Diagnostic& d, const SourceFile* file) {
    const std::string name = file ? file->name() : std::string("<unknown>");
    if (d.loc.valid() && file)
        out += fmt::format("{}: {}: {}\n", file->position(d.loc), severity_name(d.severity), d.message);
    else if (d.loc.valid())
        out += fmt::format("{}:{}:{}: {}: {}\n", name, d.loc.line, d.loc.col, severity_name(d.severity), d.message);
    else
        out += fmt::format("{}: {}: {}\n", name, severity_name(d.severity), d.message);
    if (!file || !d.loc.valid()) return;
    // The quoted line gets back the indentation a host removed (SourceOffset::columns).
    std::string indented = std::string(file->offset().columns, ' ') + std::string(file->line_text(d.loc.line));
    std::string_view line = indented;
    if (line.size() == file->offset().columns) return;
    const uint32_t col = file->file_col(d.loc.col);
    // Keep a junk line printable: long lines are cut around the column, control bytes shown as '?'.
    std::string shown;
    size_t start = col > 120 ? col - 60 : 0;
    size_t len = std::min<size_t>(line.size() - std::min(start, line.size()), 200);
    for (char c : line.substr(std::min(start, line.size()), len))
        shown += (static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f ? '?' : c;
    out += "    " + shown + "\n";
    std::string caret = "    ";
    for (size_t i = start; i + 1 < col && i - start < shown.size(); ++i) caret += shown[i - start] == '\t' ? '\t' : ' ';
    out += caret + "^\n";
}

std::string render(const Diagnostic& d, const SourceFile* file) {
    std::string out;
    render_one(out, d, file);
    for (const auto& n : d.notes) render_one(out, n, file);
    return out;
}

CompileError::CompileError(Diagnostic d) : std::runtime_error(d.message), diag_(std::move(d)) {}

void fail(SourceLoc loc, std::string message) {
    throw CompileError(Diagnostic{Severity::Error, loc, std::move(message), {}});
}

void fail(SourceLoc loc, std::string message, std::vector<Diagnostic> notes) {
    throw CompileError(Diagnostic{Severity::Error, loc, std::move(message), std::move(notes)});
}

}  // namespace ujit::syntax

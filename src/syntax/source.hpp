// Source text and positions. Every token and AST node carries a SourceLoc so that
// diagnostics can point at the exact line and column, clang style.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ujit::syntax {

// 1-based line and column; column counts bytes (Python counts code points, but
// ujit sources outside string literals are ASCII, so the two agree where it matters).
struct SourceLoc {
    uint32_t line = 0;
    uint32_t col = 0;
    bool valid() const { return line != 0; }
};

// One source file (or string) handed to ujit. Owns the text; knows its line starts.
class SourceFile {
public:
    SourceFile(std::string name, std::string text);

    const std::string& name() const { return name_; }
    const std::string& text() const { return text_; }
    // The text of line `line` (1-based) without its newline; empty if out of range.
    std::string_view line_text(uint32_t line) const;
    uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }

private:
    std::string name_;
    std::string text_;
    std::vector<size_t> line_starts_;
};

using SourceFilePtr = std::shared_ptr<const SourceFile>;

}  // namespace ujit::syntax

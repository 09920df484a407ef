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

// Where a source string sits in the user's file: a host that compiles one function cut out
// of a larger file (and dedented) passes the line of its first line and the indentation it
// removed, so that diagnostics name positions in the user's file.
struct SourceOffset {
    uint32_t lines = 0;    // added to every line number
    uint32_t columns = 0;  // added to every column
};

// One source file (or string) handed to ujit. Owns the text; knows its line starts.
// Locations inside the compiler are positions in the text; only what users see (rendered
// diagnostics, error locations) is shifted by the offset.
class SourceFile {
public:
    SourceFile(std::string name, std::string text, SourceOffset offset = {});

    const std::string& name() const { return name_; }
    const SourceOffset& offset() const { return offset_; }
    // A text position as the user's file numbers it.
    uint32_t file_line(uint32_t line) const { return line + offset_.lines; }
    uint32_t file_col(uint32_t col) const { return col + offset_.columns; }
    // "name:line:col" of a text position, offsets applied.
    std::string position(SourceLoc loc) const;
    const std::string& text() const { return text_; }
    // The text of line `line` (1-based) without its newline; empty if out of range.
    std::string_view line_text(uint32_t line) const;
    uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }

private:
    std::string name_;
    std::string text_;
    SourceOffset offset_;
    std::vector<size_t> line_starts_;
};

using SourceFilePtr = std::shared_ptr<const SourceFile>;

}  // namespace ujit::syntax

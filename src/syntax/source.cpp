#include "syntax/source.hpp"

#include <fmt/format.h>

namespace ujit::syntax {

SourceFile::SourceFile(std::string name, std::string text, SourceOffset offset)
    : name_(std::move(name)), text_(std::move(text)), offset_(offset) {
    line_starts_.push_back(0);
    for (size_t i = 0; i < text_.size(); ++i)
        if (text_[i] == '\n' && i + 1 <= text_.size()) line_starts_.push_back(i + 1);
    if (!text_.empty() && text_.back() == '\n') line_starts_.pop_back();
}

std::string_view SourceFile::line_text(uint32_t line) const {
    if (line == 0 || line > line_starts_.size()) return {};
    size_t begin = line_starts_[line - 1];
    size_t end = text_.find('\n', begin);
    if (end == std::string::npos) end = text_.size();
    if (end > begin && text_[end - 1] == '\r') --end;
    return std::string_view(text_).substr(begin, end - begin);
}

std::string SourceFile::position(SourceLoc loc) const {
    return fmt::format("{}:{}:{}", name_, file_line(loc.line), file_col(loc.col));
}

}  // namespace ujit::syntax

#include "syntax/source.hpp"

namespace ujit::syntax {

SourceFile::SourceFile(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) {
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

}  // namespace ujit::syntax

#include "syntax/internal_error.hpp"

#include <fmt/format.h>

#include <string_view>

namespace ujit::syntax {

std::string internal_message(const std::string& message, const std::source_location& where) {
    std::string_view file = where.file_name();
    // __FILE__ is the path the build passed (absolute or ../../src/...): keep src/... only.
    if (size_t src = file.rfind("src/"); src != std::string_view::npos) file.remove_prefix(src);
    return fmt::format("{} (in ujit at {}:{})", message, file, where.line());
}

void internal_error(SourceLoc loc, const std::string& message, const std::source_location& where) {
    throw InternalError(Diagnostic{Severity::Internal, loc, internal_message(message, where), {}});
}

}  // namespace ujit::syntax

#include "runtime/kernel_raise_error.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <system_error>

namespace ujit::runtime {

namespace {

// "In function 'f', file /abs/f.py, line 7, " from codegen's "f at f.py:7:9"; "" when `where`
// says no place (numba-cuda gives no prefix for a raise without a location).
std::string location_prefix(const std::string& where) {
    size_t at = where.find(" at ");
    size_t col = where.rfind(':');
    size_t line = col == std::string::npos || col == 0 ? std::string::npos : where.rfind(':', col - 1);
    if (at == std::string::npos || line == std::string::npos || line < at + 4) return "";
    std::string file = where.substr(at + 4, line - (at + 4));
    // numba-cuda prints os.path.abspath of the file; "<string>" (exec'd code) stays as it is.
    if (!file.empty() && file[0] != '<') {
        std::error_code ec;
        std::filesystem::path abs = std::filesystem::absolute(file, ec);
        if (!ec) file = abs.lexically_normal().string();
    }
    return fmt::format("In function '{}', file {}, line {}, ", where.substr(0, at), file,
                       where.substr(line + 1, col - line - 1));
}

}  // namespace

Error kernel_raise_error(const codegen::RaiseSite& site, const int32_t tid[3], const int32_t ctaid[3]) {
    std::string message = fmt::format("{}tid=[{}, {}, {}] ctaid=[{}, {}, {}]", location_prefix(site.where), tid[2],
                                      tid[1], tid[0], ctaid[2], ctaid[1], ctaid[0]);
    if (!site.message.empty()) message += ": " + site.message;
    return Error(Error::Kind::Runtime, fmt::format("error: {}: {}", site.class_name, message))
        .with_exception(site.class_name, message);
}

}  // namespace ujit::runtime

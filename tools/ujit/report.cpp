#include "report.hpp"

#include "ujit/ujit.hpp"

#include <cstdio>

namespace ujit::cli {

void print_error(const ujit::Error& e) {
    std::string text = e.what();
    if (text.rfind("error:", 0) == 0)
        text = "ujit: " + text;
    else if (text.substr(0, text.find('\n')).find("error:") == std::string::npos)
        text = "ujit: error: " + text;
    if (text.empty() || text.back() != '\n') text += '\n';
    std::fputs(text.c_str(), stderr);
}

void print_message(const std::string& message) { std::fprintf(stderr, "ujit: error: %s\n", message.c_str()); }

}  // namespace ujit::cli

// ujit_cuda_libdevice_functions: cuda.libdevice's table (types/libdevice_table.hpp) as text,
// for the Python package's numba.cuda.libdevice and libdevicefuncs.
#include "types/libdevice_table.hpp"

#include <ujit/ujit.h>

#include <string>

namespace {

char code(const ujit::types::Type* t) {
    if (t->is_none()) return 'v';
    if (t->is_float()) return t->bits() == 64 ? 'd' : 'f';
    return t->bits() == 16 ? 'h' : t->bits() == 32 ? 'i' : 'l';
}

std::string table_text() {
    std::string out;
    for (const auto& f : ujit::types::libdevice_functions()) {
        out += f.name + " " + code(f.result) + " ";
        for (size_t i = 0; i < f.params.size(); ++i) {
            if (i) out += ",";
            if (f.params[i].out) out += "*";
            out += std::string(1, code(f.params[i].type)) + " " + f.params[i].name;
        }
        out += "\n";
    }
    return out;
}

}  // namespace

extern "C" const char* ujit_cuda_libdevice_functions(void) {
    static const std::string text = table_text();
    return text.c_str();
}

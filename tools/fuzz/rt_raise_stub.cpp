// The fuzz libraries hold the runtime's value printing (runtime/values.cpp, strings' repr)
// but no compiled code and no error guard: the one way the string helpers raise (out of
// memory) ends the fuzz run here, as an abort libFuzzer reports.
#include "cpu/helper_errors.hpp"

#include <cstdio>
#include <cstdlib>

extern "C" [[noreturn]] void ujit_rt_raise(int code, const char* where) {
    std::fprintf(stderr, "ujit_rt_raise(%d, %s) outside compiled code\n", code, where ? where : "");
    std::abort();
}

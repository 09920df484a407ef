// Large array buffers ask for transparent huge pages (runtime/huge_pages.hpp), as NumPy's
// do: the kernel marks a range so advised with "hg" in /proc/self/smaps' VmFlags, whether
// or not it could give huge pages yet.
#include <catch2/catch.hpp>

#include "nrt/nrt.h"
#include "runtime/huge_pages.hpp"
#include "ujit/ujit.hpp"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/mman.h>

namespace {

bool system_has_huge_pages() { return std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled").good(); }

// The VmFlags line of the mapping that holds `p`, "" if none is found.
std::string vm_flags_at(const void* p) {
    std::ifstream smaps("/proc/self/smaps");
    const auto at = reinterpret_cast<uintptr_t>(p);
    std::string line;
    bool inside = false;
    while (std::getline(smaps, line)) {
        unsigned long lo = 0, hi = 0;
        if (std::sscanf(line.c_str(), "%lx-%lx ", &lo, &hi) == 2 && line.find(':') > line.find('-'))
            inside = lo <= at && at < hi;
        else if (inside && line.rfind("VmFlags:", 0) == 0)
            return line + " ";
    }
    return "";
}

bool advised(const void* p) { return vm_flags_at(p).find(" hg ") != std::string::npos; }

}  // namespace

TEST_CASE("huge pages: a large ujit::Array's buffer asks for them, as NumPy's", "[runtime][huge-pages]") {
    if (!system_has_huge_pages()) {
        WARN("no transparent huge pages on this system");
        return;
    }
    ujit::Array big(ujit::DType::Float64, {int64_t(1) << 21});  // 16 MiB
    CHECK(advised(big.data<double>() + (1 << 20)));
}

TEST_CASE("huge pages: a large array that compiled code allocates asks for them", "[runtime][huge-pages]") {
    if (!system_has_huge_pages()) {
        WARN("no transparent huge pages on this system");
        return;
    }
    ujit_nrt_meminfo* mi = ujit_nrt_allocate(size_t(16) << 20, 64);
    REQUIRE(mi);
    CHECK(advised(static_cast<char*>(ujit_nrt_data(mi)) + (8 << 20)));
    ujit_nrt_decref(mi);
}

TEST_CASE("huge pages: below NumPy's 4 MiB nothing is advised", "[runtime][huge-pages]") {
    if (!system_has_huge_pages()) {
        WARN("no transparent huge pages on this system");
        return;
    }
    // A fresh mapping of its own, so that nothing else advised it.
    const size_t bytes = size_t(8) << 20;
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(p != MAP_FAILED);
    ujit::runtime::advise_huge_pages(p, ujit::runtime::kHugePageMinBytes - 4096);
    CHECK_FALSE(advised(p));
    ujit::runtime::advise_huge_pages(p, ujit::runtime::kHugePageMinBytes);
    CHECK(advised(p));
    munmap(p, bytes);
}

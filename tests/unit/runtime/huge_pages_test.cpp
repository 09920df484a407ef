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

// ---- arrspeed: the whole buffer is advised, its partial first and last pages too, and the
// runtime's large blocks start on a 2 MiB boundary (nrt/blocks.hpp).
TEST_CASE("huge pages: the advice covers the buffer's partial first and last pages", "[runtime][huge-pages]") {
    if (!system_has_huge_pages()) {
        WARN("no transparent huge pages on this system");
        return;
    }
    const size_t bytes = (size_t(8) << 20) + 123;
    void* m = mmap(nullptr, bytes + 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(m != MAP_FAILED);
    char* p = static_cast<char*>(m) + 100;  // as malloc's: neither end on a page boundary
    ujit::runtime::advise_huge_pages(p, bytes);
    CHECK(advised(p));
    CHECK(advised(p + bytes - 1));  // rounded inwards, the last page stayed 4 KiB-faulted
    munmap(m, bytes + 8192);
}

TEST_CASE("huge pages: compiled code's large blocks are huge-page aligned and advised end to end",
          "[runtime][huge-pages][nrt]") {
    ujit::AllocationStats before = ujit::allocation_stats();
    const size_t bytes = (size_t(10) << 20) + 8;  // 10 MiB and one float64, as 10M-element arrays end
    ujit_nrt_meminfo* mi = ujit_nrt_allocate(bytes, 64);
    REQUIRE(mi);
    char* data = static_cast<char*>(ujit_nrt_data(mi));
    data[0] = 1;
    data[bytes - 1] = 2;  // every byte is usable (ASan checks)
    CHECK(ujit_nrt_size(mi) == bytes);
#ifndef __SANITIZE_ADDRESS__
    CHECK(reinterpret_cast<uintptr_t>(data) % (size_t(2) << 20) == 0);
#endif
    if (system_has_huge_pages()) {
        CHECK(advised(data));
        CHECK(advised(data + bytes - 1));
    }
    ujit_nrt_decref(mi);
    ujit::AllocationStats after = ujit::allocation_stats();
    CHECK(after.alloc - before.alloc == 1);
    CHECK(after.free - before.free == 1);
}

// Memory that must never be written: one page mapped read-only, holding two int64 (3, 4).
// A write into it is SIGSEGV, so a test of read-only arrays cannot pass by writing.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <sys/mman.h>

namespace ujit::test {

struct ReadOnlyPage {
    int64_t* data;
    ReadOnlyPage() {
        void* p = mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        REQUIRE(p != MAP_FAILED);
        data = static_cast<int64_t*>(p);
        data[0] = 3;
        data[1] = 4;
        REQUIRE(mprotect(p, 4096, PROT_READ) == 0);
    }
    ~ReadOnlyPage() { munmap(data, 4096); }
    ReadOnlyPage(const ReadOnlyPage&) = delete;
    ReadOnlyPage& operator=(const ReadOnlyPage&) = delete;
};

}  // namespace ujit::test

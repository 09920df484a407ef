// The fake driver's counters (tests/fixtures/fake_libcuda.cpp, loaded through LD_LIBRARY_PATH
// by the "fakecuda" ctest entries), for tests that count which driver calls ujit makes.
// Header-only: Catch2's REQUIRE fails the test when the real driver (or none) was loaded.
#pragma once

#include <catch2/catch.hpp>

#include <dlfcn.h>

#include "ujit/cuda.hpp"

namespace ujit::test {

struct FakeDriver {
    long (*count)(const char*) = nullptr;  // calls of one entry point since the last reset
    long (*total)() = nullptr;             // calls of any entry point since the last reset
    void (*reset)() = nullptr;
    void* (*launch_context)() = nullptr;  // the context current at the last cuLaunchKernel
};

inline FakeDriver fake_driver() {
    REQUIRE(ujit::cuda::is_available());
    void* h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    REQUIRE(h);
    FakeDriver f;
    f.count = reinterpret_cast<long (*)(const char*)>(dlsym(h, "fakecuda_count"));
    f.total = reinterpret_cast<long (*)()>(dlsym(h, "fakecuda_total"));
    f.reset = reinterpret_cast<void (*)()>(dlsym(h, "fakecuda_reset"));
    f.launch_context = reinterpret_cast<void* (*)()>(dlsym(h, "fakecuda_launch_context"));
    INFO("libcuda.so.1 is not tests/fixtures/fake_libcuda.cpp: run with LD_LIBRARY_PATH=<build>/tests/fakecuda");
    REQUIRE(f.count);
    REQUIRE(f.launch_context);
    return f;
}

}  // namespace ujit::test

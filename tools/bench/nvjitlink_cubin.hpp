// PTX -> cubin in the process through nvJitLink at one ptxas level, for the benchmarks that
// time what ptxas costs without a GPU (ptx_cubin_probe, bench_cold_compile). nvJitLink runs
// the same ptxas as the static nvPTXCompiler library would, behind a dlopen.
#pragma once

#include "cudalink/toolkit_libs.hpp"

#include <fmt/format.h>

#include <string>

#include <time.h>

namespace ujit::bench {

// One PTX -> cubin; the cubin's size (0: the link failed, its log printed).
inline size_t ptx_to_cubin(const cudalink::NvJitLinkApi& api, const std::string& ptx, const std::string& arch,
                           int level) {
    std::string a = "-arch=" + arch, o = fmt::format("-Xptxas=-O{}", level);
    const char* argv[] = {a.c_str(), o.c_str()};
    nvJitLinkHandle h = nullptr;
    if (api.Create(&h, 2, argv) != NVJITLINK_SUCCESS) return 0;
    size_t size = 0;
    if (api.AddData(h, NVJITLINK_INPUT_PTX, ptx.data(), ptx.size(), "probe.ptx") != NVJITLINK_SUCCESS ||
        api.Complete(h) != NVJITLINK_SUCCESS) {
        size_t n = 0;
        api.GetErrorLogSize(h, &n);
        std::string log(n, '\0');
        if (n) api.GetErrorLog(h, log.data());
        fmt::print("link failed: {}\n", log);
    } else {
        api.GetLinkedCubinSize(h, &size);
    }
    api.Destroy(&h);
    return size;
}

// The process's CPU time (all threads), in ms: what a step costs where other work shares the
// cores, as on a loaded build host, where wall times mostly measure waiting.
inline double process_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

}  // namespace ujit::bench

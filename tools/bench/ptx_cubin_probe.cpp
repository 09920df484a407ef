// How long PTX -> cubin takes in process through nvJitLink (issue 22 item 3's lever against
// the driver's PTX JIT), by ptxas optimization level, without a GPU:
//
//   ptx_cubin_probe [--arch sm_90] a.ptx b.ptx ...
//
// Prints the dlopen of libnvJitLink (the first nvjitlink() call, paid once per process) and,
// per file and level (-Xptxas=-O0..-O3), the first link and the median of 9 more, with the
// cubin's size. tools/scripts/gpu_check_gpucg.sh runs it next to ptx_jit_probe.py (the
// driver's JIT of the same PTX) on the GPU machine. "cpu ms" is the median process CPU time
// of one link (all threads): what a link costs where other work shares the cores, as on a
// loaded build host, where wall times mostly measure waiting.
#include "bench_util.hpp"
#include "nvjitlink_cubin.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

int main(int argc, char** argv) {
    std::string arch = "sm_90";
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--arch" && i + 1 < argc)
            arch = argv[++i];
        else
            files.push_back(a);
    }
    double t0 = ujit::bench::now_ms();
    const ujit::cudalink::NvJitLinkApi& api = ujit::cudalink::nvjitlink();
    fmt::print("nvjitlink.dlopen {:.2f} ms (nvJitLink {}.{})\n", ujit::bench::now_ms() - t0, api.major, api.minor);
    fmt::print("{:<28} {:>7} {:>3} {:>9} {:>10} {:>7} {:>8}\n", "ptx", "bytes", "-O", "first ms", "median ms", "cpu ms",
               "cubin");
    for (const std::string& f : files) {
        std::string ptx = read(f);
        for (int level = 0; level <= 3; ++level) {
            double t1 = ujit::bench::now_ms();
            size_t size = ujit::bench::ptx_to_cubin(api, ptx, arch, level);
            double first = ujit::bench::now_ms() - t1;
            if (size == 0) return 1;
            std::vector<double> cpu;
            double med = ujit::bench::median_ms(9, [&] {
                double c0 = ujit::bench::process_cpu_ms();
                ujit::bench::ptx_to_cubin(api, ptx, arch, level);
                cpu.push_back(ujit::bench::process_cpu_ms() - c0);
            });
            std::sort(cpu.begin(), cpu.end());
            std::string name = f.substr(f.find_last_of('/') + 1);
            fmt::print("{:<28} {:>7} {:>3} {:>9.2f} {:>10.2f} {:>7.2f} {:>8}\n", name, ptx.size(), level, first, med,
                       cpu[cpu.size() / 2], size);
        }
    }
    return 0;
}

// The disk compilation cache: what a new Module pays for a cold compile next to a disk hit,
// for CUDA (gaussian_pdf's sm_90 PTX, no GPU needed) and the CPU (hypot's object code).
// Each repetition clears the cache, compiles in a fresh Module (cold, stored), then
// compiles again in another fresh Module (the in-memory caches are per Module, so only
// the disk can serve it). The first compile of each kind warms the process (LLVM's
// initialization, libdevice) and is not counted. The cache lives in a temporary directory.
//
//   bench_cache [lang/examples]
#include "bench_util.hpp"
#include "cache/disk_cache.hpp"
#include "ujit/ujit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <unistd.h>

using namespace ujit;

namespace {

struct Timings {
    std::vector<double> cold, hit;
};

// Runs `compile` cold then from disk `reps` times. Exits when the second compile was not a
// disk hit or its result differs: then the numbers would not measure the cache.
Timings measure(const cache::DiskCache& disk, int reps, const std::function<std::string()>& compile) {
    compile();  // the process's one-time costs
    Timings t;
    for (int i = 0; i < reps; ++i) {
        disk.clear();
        double t0 = bench::now_ms();
        std::string cold = compile();
        double t1 = bench::now_ms();
        uint64_t hits = cache::DiskCache::process_counters().hits;
        std::string hit = compile();
        double t2 = bench::now_ms();
        if (cache::DiskCache::process_counters().hits != hits + 1 || hit != cold) {
            std::fprintf(stderr, "bench_cache: the second compile was not a disk hit of the same result\n");
            std::exit(1);
        }
        t.cold.push_back(t1 - t0);
        t.hit.push_back(t2 - t1);
    }
    return t;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double minimum(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

void report(const char* what, const Timings& t) {
    fmt::print("{} (load+compile in a new Module): cold median {:.2f} ms (min {:.2f}), disk hit median {:.2f} ms "
               "(min {:.2f}), {} reps\n",
               what, median(t.cold), minimum(t.cold), median(t.hit), minimum(t.hit), t.cold.size());
}

}  // namespace

int main(int argc, char** argv) {
    const std::string dir = argc > 1 ? argv[1] : "lang/examples";
    std::string tmpl = (std::filesystem::temp_directory_path() / "ujit-bench-cache-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) {
        std::perror("bench_cache: mkdtemp");
        return 1;
    }
    ::setenv("UJIT_CACHE_DIR", tmpl.c_str(), 1);
    ::unsetenv("UJIT_CACHE");
    cache::DiskCache disk(tmpl);
    const int reps = 9;

    Options cuda;
    cuda.target = Target::CUDA;
    cuda.arch = "sm_90";
    report("gaussian_pdf sm_90 PTX", measure(disk, reps, [&] {
               Module m = Module::from_file(dir + "/gaussian_pdf.py");
               return m.function("gaussian_pdf").compile("float32(float32, float32, float32)", cuda).ptx();
           }));
    report("hypot CPU object code", measure(disk, reps, [&] {
               Module m = Module::from_file(dir + "/hypot.py");
               Specialization s = m.function("hypot").compile("float64(float64, float64)");
               // Code addresses differ between Modules: compare what the code computes.
               return fmt::format("{}", s.pointer<double(double, double)>()(3.0, 4.0));
           }));

    std::error_code ec;
    std::filesystem::remove_all(tmpl, ec);
    return 0;
}

// The GPU benchmarks (an H100 is the target): ujit's CUDA paths against their peers measured
// in the same process, one table. tools/bench/gpu_hand.cu (CUDA C++) and gpu_peers.py
// (Numba, CuPy) print the same row names; tools/bench/run_gpu.sh runs all three and
// tools/bench/gpu_summary.py forms the ratios across them.
//
//   bench_gpu [repo-root]        (default: the current directory; lang/examples is read)
//
// Rows (name | impl | value | unit | note):
//   launch.empty          µs per launch of an empty kernel, grid 1 × block 32, 10k launches
//                         queued back to back then one synchronize: the raw driver
//                         (cuLaunchKernel through ujit's dlopen'ed table), ujit's LoadedKernel
//                         launch, and ujit's launch(Function) of a @cuda.jit kernel.
//   ufunc.add.1K          µs per call of add_ufunc on 1024 device float32 elements into a
//                         device output (vectorize_into), 10k calls then synchronize; peer:
//                         cuLaunchKernel of the very same loop kernel (same PTX, same grid).
//   copy.d2d.100M         GB/s of a 100M-float32 device-to-device copy (read + write bytes).
//   ufunc.add.100M        GB/s of add_ufunc on 100M float32 (3 arrays × 4 B × n / time).
//   kernel.add.100M       GB/s of the grid-stride add_kernel, grid SMs×32 × 256 threads.
//   ufunc.gaussian.100M   ms of gaussian_pdf on 100M float32 (x, mean, sigma all device arrays).
//   ufunc.gaussian.100M.scalars  ms with mean, sigma as float32 scalars (host broadcasting).
//   gufunc.matmul2x2.4M   ms of the course's batch_matrix_mult (@guvectorize, '(m,n),(n,p)->(m,p)')
//                         on 4M 2x2 float32 device matrices into a device output (gufunc_into).
//   transpose.8192        GB/s of tile_transpose on 8192×8192 float32 (2 × 4 B × n² / time).
//   compile.gaussian.first  ms: the first CUDA compile in the process: fresh Module → PTX →
//                         loaded → first launch on 1K elements → synchronize.
//   compile.gaussian.cold ms: the same with a fresh Module each time and ujit's disk cache
//                         off (UJIT_CACHE=0): parse, type, LLVM, PTX, the driver's PTX JIT
//                         (CUDA_CACHE_DISABLE=1 makes it real each time), launch; median.
//   compile.gaussian.to_ptx   ms of that spent compiling to PTX (Function::compile).
//   compile.gaussian.ptx_load ms of cuModuleLoadDataEx on that PTX (the driver's PTX JIT);
//                         "ujit-O0" at CU_JIT_OPTIMIZATION_LEVEL=0, what a tiered load's first
//                         launch waits for (the full level follows on a worker thread).
//   compile.gaussian.cold "ujit-full": with UJIT_CUDA_TIERED_JIT=0 (no tiered load).
//   compile.gaussian.disk ms: fresh Module with the disk cache warm (PTX and cubin on disk).
//   launch.gaussian.warm_first ms: the next call of the same Function (compiled, loaded) on
//                         1K elements + synchronize.
//   process.gaussian.first_launch ms, in a new process (bench_gpu --first-launch, run twice
//                         on a fresh UJIT_CACHE_DIR): from Module::from_string to the first
//                         gaussian_pdf launch done, the CUDA context already up; impl
//                         "ujit-cold" is the first process (empty disk cache), "ujit" the
//                         second one (disk cache warm). process.cuda_init: cuInit + context.
// Device timings use CUDA events around K back-to-back operations, median of the reps.
#include "bench_util.hpp"
#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

// ujit's own driver table (dlopen'ed libcuda), for the raw-driver peers.
#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/fault_check.hpp"
#include "cudadrv/module_state.hpp"
#include "cudadrv/quick_load.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

using namespace ujit;
namespace uc = ujit::cuda;
using ujit::bench::now_ms;

namespace {

// The course's gufunc benchmark.
const char* kBatchMatmul = R"(from numba import guvectorize


@guvectorize(['void(float32[:,:], float32[:,:], float32[:,:])'], '(m, n), (n, p) -> (m, p)', target='cuda')
def batch_matrix_mult(a, b, c):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            tmp = 0.
            for k in range(a.shape[1]):
                tmp += a[i, k] * b[k, j]
            c[i, j] = tmp
)";

const char* kEmptyKernel = R"(from numba import cuda


@cuda.jit
def empty_kernel():
    pass
)";

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

int failures = 0;

void header() {
    std::printf("%-30s | %-12s | %12s | %-9s | %s\n", "row", "impl", "value", "unit", "note");
    std::printf("%s\n", std::string(100, '-').c_str());
}

void row(const std::string& name, const std::string& impl, double value, const char* unit,
         const std::string& note = {}) {
    std::printf("%-30s | %-12s | %12.3f | %-9s | %s\n", name.c_str(), impl.c_str(), value, unit, note.c_str());
    std::fflush(stdout);
}

std::string ratio_note(double ours, double peer, const char* peer_name, const char* target = nullptr) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "%.3fx %s%s%s", ours / peer, peer_name, target ? "; target " : "",
                  target ? target : "");
    return buf;
}

void verify(bool ok, const std::string& what) {
    if (!ok) {
        ++failures;
        std::printf("CHECK FAILED: %s\n", what.c_str());
    } else {
        std::printf("check ok: %s\n", what.c_str());
    }
    std::fflush(stdout);
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// µs per call: `n` calls queued back to back, then one device synchronize; median of reps.
double per_call_us(int reps, int n, const std::function<void()>& f) {
    for (int i = 0; i < 100; ++i) f();  // warm-up
    uc::synchronize();
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
        double t0 = now_ms();
        for (int i = 0; i < n; ++i) f();
        uc::synchronize();
        t.push_back((now_ms() - t0) * 1000.0 / n);
    }
    return median(t);
}

// Like per_call_us for several functions, their batches interleaved (A B C A B C ...) so
// that drift in the driver or the machine falls on all of them alike.
std::vector<double> per_call_us_interleaved(int reps, int n, const std::vector<std::function<void()>>& fs) {
    for (auto& f : fs)
        for (int i = 0; i < 100; ++i) f();  // warm-up
    uc::synchronize();
    std::vector<std::vector<double>> t(fs.size());
    for (int r = 0; r < reps; ++r)
        for (size_t k = 0; k < fs.size(); ++k) {
            double t0 = now_ms();
            for (int i = 0; i < n; ++i) fs[k]();
            uc::synchronize();
            t[k].push_back((now_ms() - t0) * 1000.0 / n);
        }
    std::vector<double> out;
    for (auto& v : t) out.push_back(median(v));
    return out;
}

// ms per operation on the device: events around `k` back-to-back operations; median of reps.
double device_ms(int reps, int k, const std::function<void()>& f) {
    f();
    uc::synchronize();
    uc::Event e0, e1;
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
        e0.record();
        for (int i = 0; i < k; ++i) f();
        e1.record();
        e1.synchronize();
        t.push_back(double(e1.elapsed_ms_since(e0)) / k);
    }
    return median(t);
}

// Wall-clock ms of f() + synchronize, median of reps (for work that is mostly on the host).
double wall_ms(int reps, const std::function<void()>& f) {
    f();
    uc::synchronize();
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
        double t0 = now_ms();
        f();
        uc::synchronize();
        t.push_back(now_ms() - t0);
    }
    return median(t);
}

// The PTX target ujit compiles for on this device (api_cuda.cpp: sm_XX, at most sm_90).
std::string ptx_arch(const uc::DeviceInfo& d) {
    return "sm_" + std::to_string(std::min(d.cc_major * 10 + d.cc_minor, 90));
}

// The first .entry name of a PTX text.
std::string first_entry(const std::string& ptx) {
    auto names = uc::detail::ptx_entry_names(ptx);
    if (names.empty()) throw std::runtime_error("no .entry in PTX");
    return names.front();
}

// A raw driver function: PTX loaded with cuModuleLoadDataEx in the current device's primary
// context (ujit's), looked up with cuModuleGetFunction.
struct RawFunction {
    CUmodule module = nullptr;
    CUfunction function = nullptr;
    RawFunction(const std::string& ptx, const std::string& name) {
        uc::DeviceContext& dc = uc::bind();
        module = uc::detail::load_ptx(ptx, dc);
        uc::check(uc::driver().cuModuleGetFunction(&function, module, name.c_str()), "cuModuleGetFunction");
    }
    ~RawFunction() {
        uc::bind();
        uc::driver().cuModuleUnload(module);
    }
    RawFunction(const RawFunction&) = delete;
    RawFunction& operator=(const RawFunction&) = delete;
    void launch(unsigned grid, unsigned block, void** params) const {
        uc::check(uc::driver().cuLaunchKernel(function, grid, 1, 1, block, 1, 1, 0, nullptr, params, nullptr),
                  "cuLaunchKernel");
    }
};

Array filled_f32(int64_t n, float (*gen)(int64_t)) {
    Array a(DType::Float32, {n});
    float* p = a.data<float>();
    for (int64_t i = 0; i < n; ++i) p[i] = gen(i);
    return a;
}

float gen_x(int64_t i) { return float(int64_t(i * 2654435761u % 100003)) * 6e-5f - 3.0f; }   // [-3, 3)
float gen_y(int64_t i) { return float(int64_t(i * 40503u % 65521)) * 1e-3f; }
float gen_mean(int64_t i) { return float(int64_t(i % 7)) * 0.125f - 0.375f; }
float gen_sigma(int64_t i) { return 0.5f + float(int64_t(i % 5)) * 0.25f; }

constexpr float kSqrt2Pi = 2.5066282746310002f;  // np.float32((2 * math.pi) ** 0.5)

// Numba's semantics of lang/examples/gaussian_pdf.py: float32 difference, quotient and
// square; -0.5 * (float64) → exp in float64; sigma * SQRT_2PI in float32; the float64
// quotient stored as float32.
float gaussian_ref(float x, float mean, float sigma) {
    float d = (x - mean) / sigma;
    float d2 = d * d;
    double num = std::exp(-0.5 * double(d2));
    float den = sigma * kSqrt2Pi;
    return float(num / double(den));
}

bool close_rel(float got, float want, double rel) {
    if (std::isnan(want)) return std::isnan(got);
    double d = std::fabs(double(got) - double(want));
    return d <= rel * std::fabs(double(want)) + 1e-30;
}

// Whether `r` is gaussian_pdf of the host inputs elementwise, within 2e-6 relative.
bool matches_gaussian(const Array& r, const Array& x, const Array& mean, const Array& sigma) {
    for (int64_t i = 0; i < r.size(); ++i)
        if (!close_rel(r.data<float>()[i],
                       gaussian_ref(x.data<float>()[i], mean.data<float>()[i], sigma.data<float>()[i]), 2e-6))
            return false;
    return true;
}

// bench_gpu --first-launch ROOT: what a new process pays before its first gaussian_pdf
// launch on 1K elements. Prints "<cuInit + context ms> <source to launch done ms>".
int first_launch(const std::string& root) {
    double t0 = now_ms();
    uc::synchronize();  // cuInit, the primary context
    double t1 = now_ms();
    const std::string path = root + "/lang/examples/gaussian_pdf.py";
    const std::string src = read_file(path);
    Array hx = filled_f32(1024, gen_x), hm = filled_f32(1024, gen_mean), hs = filled_f32(1024, gen_sigma);
    uc::DeviceArray x = uc::to_device(hx.ref()), m = uc::to_device(hm.ref()), s = uc::to_device(hs.ref());
    uc::DeviceArray out = uc::device_array({1024}, DType::Float32);
    uc::synchronize();
    double t2 = now_ms();
    Module mod = Module::from_string(src, path);
    uc::vectorize_into(mod.function("gaussian_pdf"), {x, m, s}, out);
    uc::synchronize();
    double t3 = now_ms();
    if (!matches_gaussian(out.copy_to_host(), hx, hm, hs)) return 1;
    std::printf("%.4f %.4f\n", t1 - t0, t3 - t2);
    return 0;
}

// Runs `bench_gpu --first-launch` in new processes sharing one fresh disk cache: the first
// finds it empty, the later ones load PTX and cubin from it.
void process_rows(const std::string& root) {
    std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
    std::string dir =
        (std::filesystem::temp_directory_path() / ("ujit_bench_cache." + std::to_string(getpid()))).string();
    std::filesystem::remove_all(dir);
    std::vector<double> init, warm;
    double cold = -1;
    for (int i = 0; i < 6; ++i) {
        std::string cmd = "UJIT_CACHE=1 UJIT_CACHE_DIR='" + dir + "' '" + self + "' --first-launch '" + root + "'";
        FILE* p = popen(cmd.c_str(), "r");
        double a = -1, b = -1;
        int got = p ? std::fscanf(p, "%lf %lf", &a, &b) : 0;
        int status = p ? pclose(p) : -1;
        if (got != 2 || status != 0) {
            verify(false, "bench_gpu --first-launch ran and gaussian_pdf matched (" + cmd + ")");
            break;
        }
        init.push_back(a);
        if (i == 0)
            cold = b;
        else
            warm.push_back(b);
    }
    std::filesystem::remove_all(dir);
    if (warm.empty()) return;
    verify(true, "gaussian_pdf in new processes matches Numba's semantics");
    row("process.cuda_init", "ujit", median(init), "ms", "cuInit + primary context in a new process");
    row("process.gaussian.first_launch", "ujit-cold", cold, "ms",
        "new process, empty disk cache: source -> launch done");
    row("process.gaussian.first_launch", "ujit", median(warm), "ms",
        std::string("new process, disk cache warm; ") +
            (median(warm) <= 3.0 ? "target <= 3 ms: met" : "target <= 3 ms: NOT met"));
}

int run(const std::string& root) {
    const std::string ex = root + "/lang/examples/";
    uc::DeviceInfo dev = uc::current_device_info();
    std::printf("bench_gpu: %s (%s, %d SMs, %.1f GiB), driver %d, ujit %s\n", dev.name.c_str(), dev.arch().c_str(),
                dev.sm_count, double(dev.total_memory) / (1u << 30), uc::driver_version(), version().c_str());
    const char* cache = std::getenv("CUDA_CACHE_DISABLE");
    std::printf("CUDA_CACHE_DISABLE=%s\n", cache ? cache : "(unset)");
    header();
    uc::synchronize();  // context up before any timing

    const std::string gauss_src = read_file(ex + "gaussian_pdf.py");
    const std::string gauss_path = ex + "gaussian_pdf.py";
    const std::string gauss_sig = "float32(float32, float32, float32)";
    const int64_t kSmall = 1024;
    Array hx1k = filled_f32(kSmall, gen_x), hm1k = filled_f32(kSmall, gen_mean), hs1k = filled_f32(kSmall, gen_sigma);
    uc::DeviceArray x1k = uc::to_device(hx1k.ref()), m1k = uc::to_device(hm1k.ref()), s1k = uc::to_device(hs1k.ref());
    uc::DeviceArray o1k = uc::device_array({kSmall}, DType::Float32);
    uc::synchronize();

    // ---------------------------------------------------------------- (f) compile first
    // First, so that "first" includes the one-time costs (NVPTX target, libdevice).
    {
        double t0 = now_ms();
        Module m = Module::from_string(gauss_src, gauss_path);
        Function g = m.function("gaussian_pdf");
        uc::vectorize_into(g, {x1k, m1k, s1k}, o1k);
        uc::synchronize();
        double first = now_ms() - t0;
        row("compile.gaussian.first", "ujit", first, "ms",
            "first CUDA compile in process: source -> loaded -> 1st launch");
        verify(matches_gaussian(o1k.copy_to_host(), hx1k, hm1k, hs1k),
               "gaussian_pdf 1K matches Numba's semantics (rel 2e-6)");

        std::vector<double> cold, warm, to_ptx, load, disk;
        std::vector<double> cold_full, load_quick;  // tiered loading off; the -O0 JIT alone
        std::vector<double> load_routed;            // a tiered load's quick module as it is made
        // With the disk cache on: the first fresh Module stores PTX and cubin, the rest load them.
        for (int rep = 0; rep < 6; ++rep) {
            double a = now_ms();
            Module md = Module::from_string(gauss_src, gauss_path);
            uc::vectorize_into(md.function("gaussian_pdf"), {x1k, m1k, s1k}, o1k);
            uc::synchronize();
            if (rep > 0) disk.push_back(now_ms() - a);
        }
        // Cold: nothing from ujit's caches (each Module starts empty, the disk cache is off).
        // (Counted from here: a disk rep may still have tiered while the worker stored the cubin.)
        long routed_before = uc::detail::routed_quick_loads();
        const char* saved = std::getenv("UJIT_CACHE");
        std::string saved_value = saved ? saved : "";
        setenv("UJIT_CACHE", "0", 1);
        for (int rep = 0; rep < 9; ++rep) {
            double a = now_ms();
            Module mc = Module::from_string(gauss_src, gauss_path);
            Function gc = mc.function("gaussian_pdf");
            uc::vectorize_into(gc, {x1k, m1k, s1k}, o1k);
            uc::synchronize();
            double b = now_ms();
            uc::vectorize_into(gc, {x1k, m1k, s1k}, o1k);
            uc::synchronize();
            double c = now_ms();
            cold.push_back(b - a);
            warm.push_back(c - b);

            setenv("UJIT_CUDA_TIERED_JIT", "0", 1);  // the full ptxas level before the first launch
            double f0 = now_ms();
            Module mf = Module::from_string(gauss_src, gauss_path);
            uc::vectorize_into(mf.function("gaussian_pdf"), {x1k, m1k, s1k}, o1k);
            uc::synchronize();
            cold_full.push_back(now_ms() - f0);
            unsetenv("UJIT_CUDA_TIERED_JIT");

            Options o;
            o.target = Target::CUDA;
            o.arch = ptx_arch(dev);
            double p0 = now_ms();
            Module mp = Module::from_string(gauss_src, gauss_path);
            Specialization s = mp.function("gaussian_pdf").compile(gauss_sig, o);
            std::string ptx = s.ptx();
            double p1 = now_ms();
            to_ptx.push_back(p1 - p0);
            uc::DeviceContext& dc = uc::bind();
            double l0 = now_ms();
            CUmodule mod = uc::detail::load_ptx(ptx, dc);
            double l1 = now_ms();
            uc::driver().cuModuleUnload(mod);
            load.push_back(l1 - l0);
            double q0 = now_ms();
            CUmodule quick = uc::detail::load_ptx(ptx, dc, 0);
            double q1 = now_ms();
            uc::driver().cuModuleUnload(quick);
            load_quick.push_back(q1 - q0);
            double r0 = now_ms();
            CUmodule routed = uc::detail::load_quick(ptx, dc);
            double r1 = now_ms();
            uc::driver().cuModuleUnload(routed);
            load_routed.push_back(r1 - r0);
        }
        long routed_loads = uc::detail::routed_quick_loads() - routed_before;
        if (saved)
            setenv("UJIT_CACHE", saved_value.c_str(), 1);
        else
            unsetenv("UJIT_CACHE");
        double cold_ms = median(cold);
        row("compile.gaussian.cold", "ujit", cold_ms, "ms",
            std::string("UJIT_CACHE=0, fresh Module; ") +
                (cold_ms <= 25.0 ? "target <= 25 ms: met" : "target <= 25 ms: NOT met"));
        row("compile.gaussian.to_ptx", "ujit", median(to_ptx), "ms", "fresh Module -> Function::compile -> PTX");
        row("compile.gaussian.ptx_load", "ujit", median(load), "ms", "cuModuleLoadDataEx of that PTX");
        row("compile.gaussian.ptx_load", "ujit-O0", median(load_quick), "ms",
            "the same at CU_JIT_OPTIMIZATION_LEVEL=0 (a tiered load's first module)");
        row("compile.gaussian.ptx_load", "ujit-quick", median(load_routed), "ms",
            "the quick module as a tiered load makes it (divisions linked as routines); quick loads routed "
            "in this part: " +
                std::to_string(routed_loads));
        row("compile.gaussian.cold", "ujit-full", median(cold_full), "ms",
            "UJIT_CUDA_TIERED_JIT=0: the full ptxas level before the first launch");
        row("compile.gaussian.disk", "ujit", median(disk), "ms", "fresh Module, PTX and cubin from the disk cache");
        row("launch.gaussian.warm_first", "ujit", median(warm), "ms", "2nd call, 1K elements + synchronize");
    }

    // ---------------------------------------------------------------- (a) empty launch
    double raw_empty_us = 0;
    {
        const std::string arch = ptx_arch(dev);
        const std::string ptx =
            ".version 7.8\n.target " + arch + "\n.address_size 64\n\n.visible .entry empty_raw()\n{\n\tret;\n}\n";
        RawFunction raw(ptx, "empty_raw");
        uc::LoadedModule lm = uc::LoadedModule::from_ptx(ptx);
        uc::LoadedKernel lk = lm.kernel("empty_raw", {});
        Module m = Module::from_string(kEmptyKernel, "empty_kernel.py");
        Function f = m.function("empty_kernel");
        const int reps = 11, n = 10000;
        std::vector<double> us = per_call_us_interleaved(reps, n,
                                                         {[&] { raw.launch(1, 32, nullptr); },
                                                          [&] { uc::launch(lk, uc::Dim3(1), uc::Dim3(32), {}); },
                                                          [&] { uc::launch(f, uc::Dim3(1), uc::Dim3(32), {}); }});
        raw_empty_us = us[0];
        double loaded_us = us[1], fn_us = us[2];
        row("launch.empty", "driver", raw_empty_us, "us/launch", "cuLaunchKernel, ujit's dlopen'ed table");
        row("launch.empty", "ujit-loaded", loaded_us, "us/launch", ratio_note(loaded_us, raw_empty_us, "driver"));

        row("launch.empty", "ujit", fn_us, "us/launch",
            ratio_note(fn_us, raw_empty_us, "driver", "<= 1.15x") + "; " + ratio_note(fn_us, loaded_us, "ujit-loaded"));
    }

    // ---------------------------------------------------------------- (b) ufunc on 1K
    {
        Module m = Module::from_file(ex + "add_ufunc.py");
        Function add = m.function("add_ufunc");
        Array hy1k = filled_f32(kSmall, gen_y);
        uc::DeviceArray y1k = uc::to_device(hy1k.ref());
        uc::vectorize_into(add, {x1k, y1k}, o1k);
        Array r = o1k.copy_to_host();
        bool ok = true;
        for (int64_t i = 0; i < kSmall; ++i) ok &= r.data<float>()[i] == hx1k.data<float>()[i] + hy1k.data<float>()[i];
        verify(ok, "add_ufunc 1K exact");

        const int reps = 7, n = 10000;
        // The same loop kernel, launched raw: same PTX, same grid as ujit's ufunc path.
        Options o;
        o.target = Target::CUDA;
        o.arch = ptx_arch(dev);
        std::string ptx = add.compile("float32(float32, float32)", o).ptx();
        RawFunction raw(ptx, first_entry(ptx));
        uint64_t px = x1k.device_pointer(), py = y1k.device_pointer(), po = o1k.device_pointer();
        int64_t nn = kSmall;
        void* params[] = {&px, &py, &po, &nn};
        unsigned blocks = unsigned(std::min<int64_t>((kSmall + 255) / 256, int64_t(dev.sm_count) * 32));
        double raw_us = per_call_us(reps, n, [&] { raw.launch(blocks, 256, params); });
        row("ufunc.add.1K", "driver", raw_us, "us/call", "cuLaunchKernel of ujit's loop kernel");
        double u_us = per_call_us(reps, n, [&] { uc::vectorize_into(add, {x1k, y1k}, o1k); });
        row("ufunc.add.1K", "ujit", u_us, "us/call",
            ratio_note(u_us, raw_empty_us, "driver empty launch", "<= 2x") + "; " +
                ratio_note(u_us, raw_us, "driver same kernel"));
        double d_us = per_call_us(reps, 2000, [&] { uc::vectorize_device(add, {x1k, y1k}); });
        row("ufunc.add.1K.alloc", "ujit", d_us, "us/call", "vectorize_device (allocates the output)");
    }

    // ---------------------------------------------------------------- (c) 100M bandwidth
    const int64_t kBig = 100'000'000;
    const double big_bytes3 = 3.0 * 4.0 * double(kBig);
    Array hx = filled_f32(kBig, gen_x);
    uc::DeviceArray x = uc::to_device(hx.ref());
    uc::DeviceArray out = uc::device_array({kBig}, DType::Float32);
    double copy_gbs = 0;
    {
        Array hy = filled_f32(kBig, gen_y);
        uc::DeviceArray y = uc::to_device(hy.ref());
        const int reps = 15, k = 10;
        auto gbs = [](double bytes, double ms) { return bytes / (ms * 1e-3) / 1e9; };

        double t_copy = device_ms(reps, k, [&] {
            uc::bind();
            uc::check(uc::driver().cuMemcpyDtoD(CUdeviceptr(out.device_pointer()), CUdeviceptr(x.device_pointer()),
                                                size_t(kBig) * 4),
                      "cuMemcpyDtoD");
        });
        copy_gbs = gbs(2.0 * 4.0 * double(kBig), t_copy);
        row("copy.d2d.100M", "driver", copy_gbs, "GB/s", "cuMemcpyDtoD, read+write bytes");
        double t_copy2 = device_ms(reps, k, [&] { out.copy_from(x); });
        row("copy.d2d.100M", "ujit", gbs(2.0 * 4.0 * double(kBig), t_copy2), "GB/s", "DeviceArray::copy_from");

        Module mu = Module::from_file(ex + "add_ufunc.py");
        Function add = mu.function("add_ufunc");
        double t_add = device_ms(reps, k, [&] { uc::vectorize_into(add, {x, y}, out); });
        {
            Array r = out.copy_to_host();
            bool ok = true;
            for (int64_t i = 0; i < kBig; ++i) ok &= r.data<float>()[i] == hx.data<float>()[i] + hy.data<float>()[i];
            verify(ok, "add_ufunc 100M exact");
        }
        double add_gbs = gbs(big_bytes3, t_add);
        row("ufunc.add.100M", "ujit", add_gbs, "GB/s",
            ratio_note(add_gbs, copy_gbs, "driver copy", ">= 0.90x") + "; " + std::to_string(t_add) + " ms");

        Module mk = Module::from_file(ex + "add_kernel.py");
        Function addk = mk.function("add_kernel");
        unsigned blocks = unsigned(dev.sm_count) * 32;
        uc::Dim3 grid(blocks), block(256);
        out.copy_from(y);  // so that the check sees this kernel's writes
        double t_k = device_ms(reps, k, [&] { uc::launch(addk, grid, block, {x, y, out}); });
        {
            Array r = out.copy_to_host();
            bool ok = true;
            for (int64_t i = 0; i < kBig; ++i) ok &= r.data<float>()[i] == hx.data<float>()[i] + hy.data<float>()[i];
            verify(ok, "add_kernel 100M exact");
        }
        double k_gbs = gbs(big_bytes3, t_k);
        row("kernel.add.100M", "ujit", k_gbs, "GB/s",
            ratio_note(k_gbs, copy_gbs, "driver copy", ">= 0.90x") + "; " + std::to_string(t_k) + " ms; grid " +
                std::to_string(blocks) + "x256");
    }

    // ---------------------------------------------------------------- (d) gaussian_pdf 100M
    {
        Array hm = filled_f32(kBig, gen_mean), hs = filled_f32(kBig, gen_sigma);
        uc::DeviceArray mean = uc::to_device(hm.ref()), sigma = uc::to_device(hs.ref());
        Module m = Module::from_file(ex + "gaussian_pdf.py");
        Function g = m.function("gaussian_pdf");
        double t = device_ms(15, 10, [&] { uc::vectorize_into(g, {x, mean, sigma}, out); });
        {
            Array r = out.copy_to_host();
            int64_t bad = 0;
            double worst = 0;
            for (int64_t i = 0; i < kBig; ++i) {
                float want = gaussian_ref(hx.data<float>()[i], hm.data<float>()[i], hs.data<float>()[i]);
                float got = r.data<float>()[i];
                if (!close_rel(got, want, 2e-6)) ++bad;
                worst = std::max(worst, std::fabs(double(got) - want) / std::max(1e-30, std::fabs(double(want))));
            }
            verify(bad == 0, "gaussian_pdf 100M vs Numba's semantics on the host (rel 2e-6): " + std::to_string(bad) +
                                 " off, worst rel " + std::to_string(worst));
        }
        row("ufunc.gaussian.100M", "ujit", t, "ms",
            std::to_string(4.0 * 4.0 * double(kBig) / (t * 1e-3) / 1e9) + " GB/s (4 arrays)");
        // Scalars mean=0, sigma=1 (float32): ujit broadcasts them on the host and copies them over.
        double ts = wall_ms(3, [&] {
            uc::vectorize_into(g, {x, Value::of(DType::Float32, 0.0), Value::of(DType::Float32, 1.0)}, out);
        });
        {
            Array r = out.copy_to_host();
            bool ok = true;
            for (int64_t i = 0; i < kBig; i += 997)
                ok &= close_rel(r.data<float>()[i], gaussian_ref(hx.data<float>()[i], 0.f, 1.f), 2e-6);
            verify(ok, "gaussian_pdf 100M with scalars (sampled)");
        }
        row("ufunc.gaussian.100M.scalars", "ujit", ts, "ms", "wall clock; mean, sigma float32 scalars");
    }
    x = {};
    out = {};
    hx = {};

    // ---------------------------------------------------------------- (g) gufunc 4M 2x2
    {
        const int64_t n = 4'000'000;
        Array ha(DType::Float32, {n, 2, 2}), hb(DType::Float32, {n, 2, 2});
        for (int64_t i = 0; i < 4 * n; ++i) {
            ha.data<float>()[i] = gen_x(i);
            hb.data<float>()[i] = gen_y(i);
        }
        uc::DeviceArray a = uc::to_device(ha.ref()), b = uc::to_device(hb.ref());
        uc::DeviceArray c = uc::device_array({n, 2, 2}, DType::Float32);
        Module m = Module::from_string(kBatchMatmul, "batch_matrix_mult.py");
        Function mm = m.function("batch_matrix_mult");
        double t = device_ms(15, 10, [&] { uc::gufunc_into(mm, {a, b}, {c}); });
        Array r = c.copy_to_host();
        int64_t bad = 0;
        for (int64_t t4 = 0; t4 < n; ++t4)
            for (int i = 0; i < 2; ++i)
                for (int j = 0; j < 2; ++j) {
                    const float* pa = ha.data<float>() + 4 * t4;
                    const float* pb = hb.data<float>() + 4 * t4;
                    double tmp = 0.0;
                    for (int k = 0; k < 2; ++k) tmp += pa[i * 2 + k] * pb[k * 2 + j];
                    bad += r.data<float>()[4 * t4 + i * 2 + j] != float(tmp);
                }
        verify(bad == 0, "batch_matrix_mult 4M exact vs the host (Numba's float64 accumulator)");
        row("gufunc.matmul2x2.4M", "ujit", t, "ms", "gufunc_into on device arrays, one thread per matrix");
    }

    // ---------------------------------------------------------------- (e) transpose 8192²
    {
        const int64_t N = 8192;
        Array ha(DType::Float32, {N, N});
        float* pa = ha.data<float>();
        for (int64_t i = 0; i < N * N; ++i) pa[i] = float((i * 131) % 1000003);
        uc::DeviceArray a = uc::to_device(ha.ref());
        uc::DeviceArray b = uc::device_array({N, N}, DType::Float32);
        Module m = Module::from_file(ex + "tile_transpose.py");
        Function tr = m.function("tile_transpose");
        uc::Dim3 grid(uint32_t(N / 32), uint32_t(N / 32)), block(32, 32);
        double t = device_ms(15, 10, [&] { uc::launch(tr, grid, block, {a, b}); });
        Array r = b.copy_to_host();
        bool ok = true;
        const float* pr = r.data<float>();
        for (int64_t i = 0; i < N && ok; ++i)
            for (int64_t j = 0; j < N; ++j)
                if (pr[j * N + i] != pa[i * N + j]) {
                    ok = false;
                    break;
                }
        verify(ok, "tile_transpose 8192^2 exact");
        double gbs = 2.0 * 4.0 * double(N * N) / (t * 1e-3) / 1e9;
        row("transpose.8192", "ujit", gbs, "GB/s",
            ratio_note(gbs, copy_gbs, "driver copy") + "; " + std::to_string(t) + " ms; block 32x32");
    }

    process_rows(root);

    std::printf("bench_gpu: %s\n", failures ? "SOME CHECKS FAILED" : "all checks ok");
    return failures ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "--first-launch") {
        try {
            return first_launch(argc > 2 ? argv[2] : ".");
        } catch (const std::exception& e) {
            std::fprintf(stderr, "bench_gpu --first-launch: %s\n", e.what());
            return 1;
        }
    }
    const std::string root = argc > 1 ? argv[1] : ".";
    if (!uc::is_available()) {
        std::printf("bench_gpu: no CUDA device: %s\n", uc::unavailable_reason().c_str());
        return 0;
    }
    try {
        return run(root);
    } catch (const std::exception& e) {
        std::printf("bench_gpu: error: %s\n", e.what());
        return 1;
    }
}

// Where the cold compile of a CUDA ufunc goes, stage by stage (issue 22 item 3): gaussian_pdf's
// loop kernel (lang/examples/gaussian_pdf.py, float32) from source text to PTX, PTX to a
// cubin, and on a GPU the driver's JIT and the first launch. Runs without a GPU (parts 1-3).
//
//   bench_cold_compile [--arch sm_90] [--opt 3] [--reps 15] [--llvm-only] [--llvm ARG]... [ROOT]
//                                                                    (ROOT: the repository, default .)
//
// --llvm-only: part 1 alone (for a profiler). --llvm ARG: one of LLVM's own command-line
// options that shape the code, such as -unroll-threshold=0 (ujit's pass pipeline has no
// instrumentation, so -time-passes prints nothing).
// --opt: LLVM's level for the PTX (ujit compiles at 3; lower levels show what a cheaper
// pipeline would save, and the PTX they make, what it would cost ptxas).
//
// 1. LLVM: the process's first compile (one-time costs: the NVPTX target, libdevice's file)
//    and the median of --reps more, each from the source text in a fresh module: parse and
//    module check, type, lower, libdevice link, optimize (NVVMReflect, O3), NVPTX codegen.
// 2. The PTX: bytes, kernels (.entry), functions (.func), div.rn and calls in it.
// 3. PTX -> cubin in the process through nvJitLink (the same ptxas the static nvPTXCompiler
//    library holds), -O0..-O3: the first in the process (the library's load and set-up),
//    then the median wall and CPU time of --reps more.
// 4. With a GPU (the arch is the device's then): the driver's first PTX JIT in the process
//    (an empty kernel at -O0: the JIT's one-time set-up), a second one, gaussian's PTX at
//    CU_JIT_OPTIMIZATION_LEVEL 0..4. (bench_gpu's compile.* and process.* rows time the
//    whole path to the first launch.)
// Part 1's stages are wall clock (emit_ptx times its own by it), parts 3 and 4 unless
// UJIT_BENCH_CPU_TIME=1 (bench_util.hpp); "cpu" figures are the process's CPU time, the ones
// to trust on a loaded host, where wall times mostly measure waiting.
#include "bench_util.hpp"
#include "codegen/lower.hpp"
#include "codegen/target.hpp"
#include "cuda/ptx.hpp"
#include "cudadrv/device_context.hpp"
#include "cudadrv/driver_loader.hpp"
#include "cudadrv/module_state.hpp"
#include "nvjitlink_cubin.hpp"
#include "syntax/parser.hpp"
#include "types/infer.hpp"
#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

#include <llvm/IR/LLVMContext.h>
#include <llvm/Support/CommandLine.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace ujit;
namespace uc = ujit::cuda;
using bench::now_ms;

namespace {

constexpr const char* kFunction = "gaussian_pdf";
constexpr const char* kSignature = "float32(float32, float32, float32)";

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        fmt::print(stderr, "bench_cold_compile: cannot read {}\n", path);
        std::exit(2);
    }
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

struct Stages {
    double parse = 0, type = 0, lower = 0, link = 0, optimize = 0, codegen = 0, total = 0;
};

// The wall clock, whatever UJIT_BENCH_CPU_TIME says: emit_ptx times its own stages by it.
double wall_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Source text -> PTX of the ufunc's loop kernel, each stage timed, as pipeline/compile.cpp
// runs them (the disk cache aside).
Stages compile_once(const std::string& src, const std::string& path, const std::string& arch, int opt_level,
                    std::string& ptx) {
    Stages s;
    double t0 = wall_ms();
    auto file = std::make_shared<syntax::SourceFile>(path, src);
    auto ast = syntax::parse_module(file);
    types::ModuleTyper typer(*ast);
    typer.check_module();
    double t1 = wall_ms();
    types::Signature sig = types::parse_signature(kSignature, {});
    const types::TypedFunction& fn =
        typer.specialize(ast->find_function(kFunction), sig.args, types::TargetKind::CUDA, sig.ret);
    double t2 = wall_ms();
    llvm::LLVMContext ctx;
    auto target = codegen::make_cuda_target(arch);
    std::unique_ptr<llvm::Module> m = codegen::lower_ufunc_loop(ctx, *target, *ast, fn);
    double t3 = wall_ms();
    cuda::PtxOptions po;
    po.arch = arch;
    po.opt_level = opt_level;
    cuda::PtxResult r = cuda::emit_ptx(*m, po, false);
    double t4 = wall_ms();
    ptx = std::move(r.ptx);
    s.parse = t1 - t0;
    s.type = t2 - t1;
    s.lower = t3 - t2;
    s.link = r.link_ms;
    s.optimize = r.optimize_ms - r.link_ms;
    s.codegen = r.codegen_ms;
    s.total = t4 - t0;
    return s;
}

void print_stages(const char* what, const Stages& s) {
    fmt::print("{:<22} {:>7.2f} {:>7.2f} {:>7.2f} {:>7.2f} {:>8.2f} {:>8.2f} {:>8.2f}\n", what, s.parse, s.type,
               s.lower, s.link, s.optimize, s.codegen, s.total);
}

std::string llvm_part(const std::string& src, const std::string& path, const std::string& arch, int opt_level,
                      int reps) {
    fmt::print("== 1. source -> PTX for {}, LLVM -O{} (ms)\n", arch, opt_level);
    fmt::print("{:<22} {:>7} {:>7} {:>7} {:>7} {:>8} {:>8} {:>8}\n", "", "parse", "type", "lower", "link", "optimize",
               "codegen", "total");
    std::string ptx;
    double c0 = bench::process_cpu_ms();
    print_stages("first in process", compile_once(src, path, arch, opt_level, ptx));
    fmt::print("{:<22} {:>59.2f}\n", "  (its cpu)", bench::process_cpu_ms() - c0);
    std::vector<Stages> runs;
    std::vector<double> cpu;
    for (int i = 0; i < reps; ++i) {
        double c = bench::process_cpu_ms();
        runs.push_back(compile_once(src, path, arch, opt_level, ptx));
        cpu.push_back(bench::process_cpu_ms() - c);
    }
    auto med = [&](double Stages::* field) {
        std::vector<double> v;
        for (const Stages& s : runs) v.push_back(s.*field);
        return median(v);
    };
    Stages m{med(&Stages::parse),    med(&Stages::type),    med(&Stages::lower), med(&Stages::link),
             med(&Stages::optimize), med(&Stages::codegen), med(&Stages::total)};
    print_stages(fmt::format("median of {}", reps).c_str(), m);
    fmt::print("{:<22} {:>59.2f}\n", "  (its cpu)", median(cpu));
    return ptx;
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + what.size())) ++n;
    return n;
}

void ptx_part(const std::string& ptx) {
    fmt::print("\n== 2. the PTX: {} bytes, {} lines, {} .entry, {} .func, {} div.rn, {} call\n", ptx.size(),
               count(ptx, "\n"), count(ptx, ".entry"), count(ptx, ".func"), count(ptx, "div.rn"),
               count(ptx, "call.uni") + count(ptx, "call "));
}

void nvjitlink_part(const std::string& ptx, const std::string& arch, int reps) {
    std::string why;
    fmt::print("\n== 3. PTX -> cubin in process (nvJitLink), {}\n", arch);
    double t0 = now_ms();
    if (!cudalink::nvjitlink_available(&why)) {
        fmt::print("nvJitLink unavailable: {}\n", why);
        return;
    }
    const cudalink::NvJitLinkApi& api = cudalink::nvjitlink();
    fmt::print("dlopen {:.2f} ms (nvJitLink {}.{})\n", now_ms() - t0, api.major, api.minor);
    fmt::print("{:>3} {:>9} {:>10} {:>8} {:>8}\n", "-O", "first ms", "median ms", "cpu ms", "cubin");
    for (int level = 0; level <= 3; ++level) {
        double t1 = now_ms();
        size_t size = bench::ptx_to_cubin(api, ptx, arch, level);
        double first = now_ms() - t1;
        if (size == 0) return;
        std::vector<double> wall, cpu;
        for (int i = 0; i < reps; ++i) {
            double w = now_ms(), c = bench::process_cpu_ms();
            bench::ptx_to_cubin(api, ptx, arch, level);
            cpu.push_back(bench::process_cpu_ms() - c);
            wall.push_back(now_ms() - w);
        }
        fmt::print("{:>3} {:>9.2f} {:>10.2f} {:>8.2f} {:>8}\n", level, first, median(wall), median(cpu), size);
    }
}

std::string empty_kernel_ptx(const std::string& arch) {
    return fmt::format(
        ".version 7.8\n.target {}\n.address_size 64\n.visible .entry ujit_bench_empty()\n{{\n\tret;\n}}\n", arch);
}

// Milliseconds of one cuModuleLoadDataEx of `ptx` at `level` (then unloaded).
double driver_jit_ms(const std::string& ptx, uc::DeviceContext& dc, int level) {
    double t0 = now_ms();
    CUmodule m = uc::detail::load_ptx(ptx, dc, level);
    double ms = now_ms() - t0;
    uc::driver().cuModuleUnload(m);
    return ms;
}

void driver_part(const std::string& ptx, const std::string& arch, int reps) {
    uc::DeviceContext& dc = uc::bind();
    fmt::print("\n== 4. the driver's JIT (cuModuleLoadDataEx), {}, CUDA_CACHE_DISABLE={}\n", arch,
               std::getenv("CUDA_CACHE_DISABLE") ? std::getenv("CUDA_CACHE_DISABLE") : "(unset)");
    std::string empty = empty_kernel_ptx(arch);
    fmt::print("empty kernel, first JIT in the process: {:.2f} ms; the second: {:.2f} ms\n",
               driver_jit_ms(empty, dc, 0), driver_jit_ms(empty, dc, 0));
    fmt::print("{:>3} {:>9} {:>10}\n", "-O", "first ms", "median ms");
    for (int level = 0; level <= 4; ++level) {
        double first = driver_jit_ms(ptx, dc, level);
        std::vector<double> t;
        for (int i = 0; i < reps; ++i) t.push_back(driver_jit_ms(ptx, dc, level));
        fmt::print("{:>3} {:>9.2f} {:>10.2f}\n", level, first, median(t));
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::string arch = "sm_90", root = ".";
    int reps = 15, opt_level = 3;
    bool llvm_only = false;
    std::vector<const char*> llvm_args{"bench_cold_compile"};
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--arch" && i + 1 < argc)
            arch = argv[++i];
        else if (a == "--opt" && i + 1 < argc)
            opt_level = std::atoi(argv[++i]);
        else if (a == "--reps" && i + 1 < argc)
            reps = std::max(1, std::atoi(argv[++i]));
        else if (a == "--llvm-only")
            llvm_only = true;
        else if (a == "--llvm" && i + 1 < argc)
            llvm_args.push_back(argv[++i]);
        else
            root = a;
    }
    if (llvm_args.size() > 1) llvm::cl::ParseCommandLineOptions(int(llvm_args.size()), llvm_args.data());
    try {
        // The driver's warm-up would hide the first JIT's one-time cost measured in part 4
        // (bench_gpu's process rows measure what the warm-up saves a new process).
        setenv("UJIT_CUDA_WARMUP", "0", 1);
        const bool gpu = uc::is_available();
        if (gpu) arch = uc::current_device_info().arch();
        const std::string path = root + "/lang/examples/gaussian_pdf.py";
        std::string ptx = llvm_part(read_text(path), path, arch, opt_level, reps);
        ptx_part(ptx);
        if (llvm_only) return 0;
        nvjitlink_part(ptx, arch, reps);
        if (!gpu) {
            fmt::print("\nno GPU ({}): the driver's JIT and the first launch not measured\n", uc::unavailable_reason());
            return 0;
        }
        driver_part(ptx, arch, reps);
    } catch (const Error& e) {
        fmt::print(stderr, "bench_cold_compile: {}\n", e.what());
        return 1;
    }
    return 0;
}

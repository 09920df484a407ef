// (a) Cold compile time per stage for the course functions: parse, type, lower to IR,
// optimize, machine code. "Cold" = a fresh module each run (no ujit cache); the first run
// in the process also pays LLVM's one-time initialization and is reported separately.
//
//   bench_compile [lang/examples]
#include "bench_util.hpp"
#include "pipeline/compile.hpp"
#include "syntax/parser.hpp"
#include "ujit/ujit.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace ujit;

struct Case {
    const char* file;
    const char* function;
    const char* signature;
    Target target;
    pipeline::Artifact artifact = pipeline::Artifact::Entry;  // UfuncLoop: a GPU ufunc's loop kernel
};

static std::string read(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

int main(int argc, char** argv) {
    std::string dir = argc > 1 ? argv[1] : "lang/examples";
    const Case cases[] = {
        {"hypot.py", "hypot", "float64(float64, float64)", Target::CPU},
        {"gaussian_pdf.py", "gaussian_pdf", "float32(float32, float32, float32)", Target::CPU},
        {"polar_distance.py", "polar_distance", "float32(float32, float32, float32, float32)", Target::CPU},
        {"zero_suppress.py", "zero_suppress", "int16(int16, int16)", Target::CPU},
        {"monte_carlo_pi.py", "monte_carlo_pi", "float64(int64)", Target::CPU},
        {"gaussian_pdf.py", "gaussian_pdf", "float32(float32, float32, float32)", Target::CUDA},
        {"add_kernel.py", "add_kernel", "void(float32[:], float32[:], float32[:])", Target::CUDA},
        {"gaussian_pdf.py", "gaussian_pdf", "float32(float32, float32, float32)", Target::CUDA,
         pipeline::Artifact::UfuncLoop},
    };
    fmt::print("{:<16} {:<9} {:>8} {:>8} {:>8} {:>9} {:>8} {:>9} {:>10}\n", "function", "tgt", "parse", "type", "lower",
               "optimize", "codegen", "total", "first-run");
    for (const Case& c : cases) {
        std::string src = read(dir + "/" + c.file);
        if (src.empty()) {
            fmt::print("{}: missing {}\n", c.function, c.file);
            continue;
        }
        const int reps = 21;
        std::vector<double> parse, type, lower, opt, cg, total;
        double first = 0;
        for (int r = 0; r < reps; ++r) {
            double t0 = bench::now_ms();
            auto file = std::make_shared<syntax::SourceFile>(c.file, src);
            auto ast = syntax::parse_module(file);
            types::ModuleTyper typer(*ast);
            typer.check_module();
            double t_parse = bench::now_ms() - t0;
            pipeline::Request req;
            req.module = ast.get();
            req.typer = &typer;
            req.def = ast->find_function(c.function);
            auto sig = types::parse_signature(c.signature, {});
            req.args = sig.args;
            req.declared_return = sig.ret;
            req.options.target = c.target;
            req.options.arch = "sm_80";
            req.artifact = c.artifact;
            pipeline::Compiled out = pipeline::compile(req);
            double t_total = bench::now_ms() - t0;
            if (r == 0) {
                first = t_total;
                continue;
            }
            parse.push_back(t_parse);
            type.push_back(out.times.type);
            lower.push_back(out.times.lower);
            opt.push_back(out.times.optimize);
            cg.push_back(out.times.codegen);
            total.push_back(t_total);
        }
        auto med = [](std::vector<double> v) {
            std::sort(v.begin(), v.end());
            return v[v.size() / 2];
        };
        fmt::print(
            "{:<16} {:<9} {:>8.3f} {:>8.3f} {:>8.3f} {:>9.3f} {:>8.3f} {:>9.3f} {:>10.3f}   (ms, median of {})\n",
            c.function,
            c.target == Target::CPU                       ? "cpu"
            : c.artifact == pipeline::Artifact::UfuncLoop ? "cuda-loop"
                                                          : "cuda",
            med(parse), med(type), med(lower), med(opt), med(cg), med(total), first, reps - 1);
    }

    // The same work through the public API, as a user pays it: a fresh Module from source,
    // Function::compile, the pointer or the PTX (the disk cache off: UJIT_CACHE=0).
    setenv("UJIT_CACHE", "0", 1);
    struct ApiCase {
        const char* file;
        const char* function;
        const char* signature;
        Target target;
    };
    const ApiCase api_cases[] = {
        {"hypot.py", "hypot", "float64(float64, float64)", Target::CPU},
        {"gaussian_pdf.py", "gaussian_pdf", "float32(float32, float32, float32)", Target::CUDA},
    };
    for (const ApiCase& c : api_cases) {
        std::string src = read(dir + "/" + c.file);
        Options o;
        o.target = c.target;
        o.arch = "sm_90";
        double ms = bench::median_ms(21, [&] {
            Module m = Module::from_string(src, c.file);
            Specialization s = m.function(c.function).compile(c.signature, o);
            if (c.target == Target::CPU ? s.address() == nullptr : s.ptx().empty()) std::abort();
        });
        fmt::print("{:<16} {:<9} public API: Module::from_string -> compile -> {}: {:.3f} ms (median of 21)\n",
                   c.function, c.target == Target::CPU ? "cpu" : "cuda", c.target == Target::CPU ? "pointer" : "PTX",
                   ms);
    }
    return 0;
}

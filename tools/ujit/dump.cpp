#include "dump.hpp"

#include "pipeline/gufunc_types.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>

namespace ujit::cli {

ujit::Target parse_target(const std::string& text, std::initializer_list<ujit::Target> allowed) {
    ujit::Target t;
    if (text == "cpu")
        t = ujit::Target::CPU;
    else if (text == "parallel")
        t = ujit::Target::Parallel;
    else if (text == "cuda")
        t = ujit::Target::CUDA;
    else
        throw UsageError("unknown target '" + text + "' (expected cpu, parallel or cuda)");
    std::string names;
    for (ujit::Target a : allowed) {
        if (a == t) return t;
        names += std::string(names.empty() ? "" : " or ") + (a == ujit::Target::CPU        ? "cpu"
                                                             : a == ujit::Target::Parallel ? "parallel"
                                                                                           : "cuda");
    }
    throw UsageError("target '" + text + "' is not available here (expected " + names + ")");
}

std::vector<std::string> signatures_to_compile(const ujit::Function& f, const ParsedArgs& args) {
    if (auto sig = args.get("--sig")) return {*sig};
    std::vector<std::string> sigs = f.declared_signatures();
    if (sigs.empty())
        throw UsageError("'" + f.name() +
                         "' declares no signature: give one with --sig, e.g. --sig 'float64(float64)'");
    return sigs;
}

ujit::Options dump_options(const ujit::Function& f, const ParsedArgs& args) {
    ujit::Options o;
    o.target = f.declared_target() == ujit::Target::CUDA ? ujit::Target::CUDA : ujit::Target::CPU;
    if (auto t = args.get("--target")) o.target = parse_target(*t, {ujit::Target::CPU, ujit::Target::CUDA});
    if (auto n = args.get("-O")) o.opt_level = parse_int_option("-O", *n, 0, 3);
    if (auto a = args.get("--arch")) {
        if (a->rfind("sm_", 0) != 0 || a->size() < 5)
            throw UsageError("--arch expects sm_XX, e.g. sm_90, not '" + *a + "'");
        o.arch = *a;
    }
    // A @cuda.jit kernel for the CPU: the code the CPU fallback runs (the block function
    // with its loops over threads, cpu/kernel_block.hpp).
    if (f.kind() == ujit::Function::Kind::CudaKernel && o.target == ujit::Target::CPU) {
        o.target = ujit::Target::CUDA;
        o.arch = "cpu";
    }
    return o;
}

namespace {

// --core m=2,n=2,p=2: a gufunc's core sizes by name.
std::vector<std::pair<std::string, int64_t>> parse_core_sizes(const std::string& text) {
    std::vector<std::pair<std::string, int64_t>> sizes;
    size_t at = 0;
    while (at <= text.size()) {
        size_t end = std::min(text.find(',', at), text.size()), eq = text.find('=', at);
        if (eq == std::string::npos || eq >= end || eq == at)
            throw UsageError("--core expects NAME=SIZE,..., e.g. m=2,n=2,p=2, not '" + text + "'");
        std::string name = text.substr(at, eq - at);
        sizes.emplace_back(name, parse_int_option("--core " + name, text.substr(eq + 1, end - eq - 1), 0, 1 << 30));
        at = end + 1;
    }
    return sizes;
}

}  // namespace

int print_dumps(const ParsedArgs& args, const std::function<ujit::Options(const ujit::Function&)>& options_for,
                const std::string& comment, const DumpFn& dump) {
    ujit::Module module = ujit::Module::from_file(args.positional.at(0));
    ujit::Function f = module.function(args.positional.at(1));
    std::vector<std::string> sigs = signatures_to_compile(f, args);
    ujit::Options opts = options_for(f);
    std::optional<std::string> core = args.get("--core");
    if (core && !f.is_gufunc()) throw UsageError("--core is for @guvectorize gufuncs; '" + f.name() + "' is not one");
    for (const std::string& sig : sigs) {
        std::string text = dump(core ? ujit::pipeline::compile_gufunc_for_sizes(f, sig, parse_core_sizes(*core), opts)
                                     : f.compile(sig, opts));
        if (sigs.size() > 1) std::printf("%s signature: %s\n", comment.c_str(), sig.c_str());
        std::fputs(text.c_str(), stdout);
        if (!text.empty() && text.back() != '\n') std::fputc('\n', stdout);
    }
    return 0;
}

int print_dumps(const ParsedArgs& args, const ujit::Options& opts, const std::string& comment, const DumpFn& dump) {
    return print_dumps(args, [&](const ujit::Function&) { return opts; }, comment, dump);
}

}  // namespace ujit::cli

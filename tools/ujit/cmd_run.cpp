// ujit run FILE FUNC ARG... [--sig S] [-o OUT.npy] [--target cpu|parallel|cuda]
//                          [--launch GRID,BLOCK] [--save DIR]
// Kernels, ufuncs (@vectorize), gufuncs (@guvectorize, run_gufunc.cpp) and CPU functions
// (function and number type arguments: run_static_args.cpp).
#include "commands.hpp"
#include "dump.hpp"
#include "run_cuda.hpp"
#include "run_gufunc.hpp"
#include "run_static_args.hpp"
#include "run_values.hpp"

#include "runtime/array_format.hpp"
#include "runtime/npy.hpp"

#include <cstdio>
#include <cstdlib>
#include <optional>

namespace ujit::cli {

namespace {

// Saves an array result to -o, or prints the result as Python's print(result) would with
// NumPy (arrays as NumPy's str, arrays in tuples as their repr); a generator's items one a
// line as they come, as `for x in FUNC(...): print(x)` would (a raise in its body ends the
// loop with that error, after the lines before it).
int emit_result(const ujit::Value& result, const ParsedArgs& args) {
    auto out = args.get("-o");
    if (result.is_generator()) {
        if (out) std::fprintf(stderr, "ujit: note: the result is a generator; -o %s was not written\n", out->c_str());
        while (std::optional<ujit::Value> item = result.generator().next()) {
            std::printf("%s\n", runtime::print_str(*item).c_str());
            std::fflush(stdout);
        }
        return 0;
    }
    if (result.is_array() && out) {
        runtime::write_npy(*out, result.array());
        return 0;
    }
    std::printf("%s\n", runtime::print_str(result).c_str());
    if (out) std::fprintf(stderr, "ujit: note: the result is not an array; -o %s was not written\n", out->c_str());
    return 0;
}

int apply_ufunc(const ujit::Function& f, RunArguments& inputs, const ujit::Options& opts, const ParsedArgs& args) {
    std::vector<ujit::Value> values = inputs.values;
    if (auto sig = args.get("--sig")) values = cast_inputs(values, scalar_argument_dtypes(*sig), inputs.storage);
    ujit::Array result =
        opts.target == ujit::Target::CUDA ? apply_ufunc_cuda(f, values) : f.vectorize_call(values, opts);
    // NumPy gives a scalar for scalar inputs; print it unless -o asks for the 0-d array.
    if (result.shape().empty() && !args.has("-o")) return emit_result(scalar_of_0d(result), args);
    return emit_result(ujit::Value(result), args);
}

void reject_kernel_options(const ujit::Function& f, const ParsedArgs& args, const char* what) {
    for (const char* option : {"--launch", "--save", "--boundscheck"})
        if (args.has(option))
            throw UsageError(std::string(option) + " is for @cuda.jit kernels; '" + f.name() + "' is " + what);
}

}  // namespace

int run_run(const ParsedArgs& args) {
    // The launch configuration's syntax is checked before anything is loaded.
    if (auto launch = args.get("--launch")) parse_launch(*launch);
    // One launch, then exit: a tiered load's -O0 first module would only add its JIT to the
    // run, which waits at exit for the full level it compiles (docs/gpu.md). Unless the user
    // chose otherwise, the full level is loaded at once.
    ::setenv("UJIT_CUDA_TIERED_JIT", "0", /*overwrite=*/0);
    ujit::Module module = ujit::Module::from_file(args.positional[0]);
    ujit::Function f = module.function(args.positional[1]);
    std::optional<ujit::Target> target;
    if (auto t = args.get("--target"))
        target = parse_target(*t, {ujit::Target::CPU, ujit::Target::Parallel, ujit::Target::CUDA});

    if (f.is_cuda_kernel()) {
        if (target == ujit::Target::Parallel)
            throw UsageError("'" + f.name() + "' is a @cuda.jit kernel: it runs on the target cuda or cpu");
        // --target cpu: compiled for the CPU (its blocks on all cores) even where a GPU is.
        bool on_cpu = target == ujit::Target::CPU;
        return run_kernel(f, std::span<const std::string>(args.positional).subspan(2), args, on_cpu);
    }
    if (f.is_gufunc()) {
        ujit::Options opts;
        opts.target = target.value_or(f.declared_target());
        RunArguments inputs = parse_run_arguments(std::span(args.positional).subspan(2));
        return run_gufunc(f, inputs, opts, args);
    }
    if (f.is_ufunc()) {
        reject_kernel_options(f, args, "a @vectorize ufunc");
        // Any ufunc runs on any target: its decorator's unless --target says otherwise.
        ujit::Options opts;
        opts.target = target.value_or(f.declared_target());
        RunArguments inputs = parse_run_arguments(std::span(args.positional).subspan(2));
        return apply_ufunc(f, inputs, opts, args);
    }
    if (f.declared_target() == ujit::Target::CUDA)
        throw ujit::Error(ujit::Error::Kind::Argument,
                          "error: '" + f.name() +
                              "' is a CUDA device function, called from kernels and ufuncs; "
                              "'ujit run' runs kernels, ufuncs and CPU functions (see 'ujit ptx' for its code)");
    reject_kernel_options(f, args, "a CPU function");
    if (target == ujit::Target::CUDA)
        throw UsageError("--target cuda runs @cuda.jit kernels and @vectorize ufuncs; '" + f.name() +
                         "' is a CPU function (--target cpu or parallel)");
    ujit::Options opts;
    opts.target = target.value_or(f.declared_target());
    std::span<const std::string> words = std::span(args.positional).subspan(2);
    // Functions and number types among the arguments: a wrapper that passes them (Numba's
    // dispatcher and NumberClass arguments), taking the rest.
    std::optional<StaticCall> wrapper = static_argument_call(args.positional[0], module, f.name(), words);
    if (wrapper && args.has("--sig"))
        throw UsageError("--sig cannot name the type of a function or number type argument");
    if (wrapper) {
        f = wrapper->function;
        words = wrapper->words;
    }
    RunArguments inputs = parse_run_arguments(words);
    ujit::Value result =
        args.has("--sig") ? f.compile(*args.get("--sig"), opts).call(inputs.values) : f.call(inputs.values, opts);
    return emit_result(result, args);
}

}  // namespace ujit::cli

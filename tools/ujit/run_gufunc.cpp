#include "run_gufunc.hpp"

#include "ujit/cuda.hpp"

#include "runtime/npy.hpp"

#include <cstdio>
#include <filesystem>

namespace ujit::cli {

namespace {

void save_outputs(const std::string& dir, const ujit::Function& f, const std::vector<ujit::Array>& outputs) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
        throw ujit::Error(ujit::Error::Kind::Argument,
                          "error: cannot create the --save directory '" + dir + "'" + (ec ? ": " + ec.message() : ""));
    std::vector<std::string> names = f.parameter_names();
    size_t first = names.size() - outputs.size();  // outputs are the last parameters
    for (size_t o = 0; o < outputs.size(); ++o)
        runtime::write_npy((std::filesystem::path(dir) / (names[first + o] + ".npy")).string(), outputs[o].ref());
}

// On the GPU, or on the CPU after a note where no CUDA device is usable (as GPU ufuncs).
std::vector<ujit::Array> apply_gufunc_cuda(const ujit::Function& f, const std::vector<ujit::Value>& inputs) {
    if (!ujit::cuda::is_available()) {
        std::fprintf(stderr, "ujit: note: no CUDA device (%s); running on the CPU\n",
                     ujit::cuda::unavailable_reason().c_str());
        try {
            return f.gufunc_call(inputs);
        } catch (const ujit::Error& e) {
            // E.g. a core function using what only the GPU has (cuda.threadIdx, shared memory).
            if (e.kind() != ujit::Error::Kind::Compile) throw;
            std::string text = e.what();
            if (!text.empty() && text.back() != '\n') text += '\n';
            throw ujit::Error(e.kind(),
                              text + "ujit: error: CUDA is not available: " + ujit::cuda::unavailable_reason() +
                                  "; and the CPU fallback cannot compile '" + f.name() + "' (above)",
                              e.file(), e.line(), e.column());
        }
    }
    return ujit::cuda::gufunc(f, std::vector<ujit::cuda::KernelArg>(inputs.begin(), inputs.end()));
}

}  // namespace

int run_gufunc(const ujit::Function& f, RunArguments& inputs, const ujit::Options& opts, const ParsedArgs& args) {
    if (args.has("--launch")) throw UsageError("--launch is for @cuda.jit kernels; '" + f.name() + "' is a gufunc");
    if (args.has("--sig")) throw UsageError("--sig is not available for gufuncs; the inputs' dtypes choose the loop");
    int nout = static_cast<int>(f.parameter_names().size()) - f.gufunc_inputs();
    if (args.has("-o") && nout != 1)
        throw UsageError("'" + f.name() + "' has " + std::to_string(nout) +
                         " outputs: give --save DIR to write each as DIR/PARAM.npy");
    std::vector<ujit::Array> outputs =
        opts.target == ujit::Target::CUDA ? apply_gufunc_cuda(f, inputs.values) : f.gufunc_call(inputs.values, opts);
    if (auto dir = args.get("--save")) {
        save_outputs(*dir, f, outputs);
        return 0;
    }
    if (auto out = args.get("-o")) {
        runtime::write_npy(*out, outputs[0].ref());
        return 0;
    }
    // Without a destination, 0-d results print as NumPy's scalars would.
    ujit::Value::Tuple printed;
    for (const ujit::Array& a : outputs) {
        if (!a.shape().empty())
            throw UsageError(nout == 1 ? "the result is an array: give -o OUT.npy to save it"
                                       : "the results are arrays: give --save DIR to save them");
        printed.push_back(scalar_of_0d(a));
    }
    std::printf("%s\n", (nout == 1 ? printed[0] : ujit::Value(printed)).repr().c_str());
    return 0;
}

}  // namespace ujit::cli

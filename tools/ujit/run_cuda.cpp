#include "run_cuda.hpp"

#include "runtime/npy.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <system_error>

namespace ujit::cli {

namespace {

constexpr const char* kLaunchForm =
    "expected GRID,BLOCK, each of 1 to 3 dimensions joined by 'x', e.g. 256,128 or 32x32,8x8 or 4x4x2,8x8x4";

ujit::cuda::Dim3 parse_dims(const std::string& part, const char* what, const std::string& text) {
    std::string prefix = "--launch '" + text + "': ";
    if (part.empty()) throw UsageError(prefix + "the " + what + " is missing; " + kLaunchForm);
    std::vector<std::string> items;
    for (size_t start = 0;;) {
        size_t x = part.find('x', start);
        items.push_back(part.substr(start, x == std::string::npos ? std::string::npos : x - start));
        if (x == std::string::npos) break;
        start = x + 1;
    }
    if (items.size() > 3)
        throw UsageError(prefix + "the " + what + " '" + part + "' has " + std::to_string(items.size()) +
                         " dimensions; at most 3 (x, y, z)");
    uint32_t dims[3] = {1, 1, 1};
    for (size_t i = 0; i < items.size(); ++i) {
        const std::string& item = items[i];
        uint64_t v = 0;
        bool ok = !item.empty() && item.size() <= 10;
        for (char c : item) {
            if (c < '0' || c > '9')
                ok = false;
            else
                v = v * 10 + uint64_t(c - '0');
        }
        if (!ok || v < 1 || v > UINT32_MAX)
            throw UsageError(prefix + "the " + what + " dimension '" + item + "' is not an integer from 1 to " +
                             std::to_string(UINT32_MAX));
        dims[i] = static_cast<uint32_t>(v);
    }
    return ujit::cuda::Dim3(dims[0], dims[1], dims[2]);
}

void save_arrays(const std::string& dir, const ujit::Function& f, const std::vector<ujit::Value>& values) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
        throw ujit::Error(ujit::Error::Kind::Argument,
                          "error: cannot create the --save directory '" + dir + "'" + (ec ? ": " + ec.message() : ""));
    std::vector<std::string> names = f.parameter_names();
    for (size_t i = 0; i < values.size() && i < names.size(); ++i)
        if (values[i].is_array())
            runtime::write_npy((std::filesystem::path(dir) / (names[i] + ".npy")).string(), values[i].array());
}

}  // namespace

LaunchConfig parse_launch(const std::string& text) {
    size_t comma = text.find(',');
    if (comma == std::string::npos || text.find(',', comma + 1) != std::string::npos)
        throw UsageError("--launch '" + text + "': " + kLaunchForm);
    return {parse_dims(text.substr(0, comma), "grid", text), parse_dims(text.substr(comma + 1), "block", text)};
}

int run_kernel(const ujit::Function& f, std::span<const std::string> words, const ParsedArgs& args, bool on_cpu) {
    auto launch_text = args.get("--launch");
    if (!launch_text)
        throw UsageError("'" + f.name() +
                         "' is a @cuda.jit kernel: give its launch configuration with --launch GRID,BLOCK "
                         "(e.g. --launch 256,128 or --launch 32x32,8x8)");
    LaunchConfig config = parse_launch(*launch_text);
    if (args.has("-o"))
        throw UsageError("'" + f.name() +
                         "' is a kernel and returns nothing: save its array arguments with --save DIR");

    std::vector<ArgumentType> sig_types;
    if (auto sig = args.get("--sig")) sig_types = signature_argument_types(*sig);

    RunArguments inputs = parse_run_arguments(words);
    std::vector<ujit::Value> values = inputs.values;
    if (args.has("--sig")) values = cast_kernel_inputs(values, sig_types, inputs.storage);
    ujit::cuda::LaunchOptions launch_options;
    launch_options.boundscheck = args.has("--boundscheck");
    on_cpu |= launch_options.boundscheck;  // the GPU path has no index checks
    if (!on_cpu && !ujit::cuda::is_available()) {
        std::fprintf(stderr, "ujit: note: no CUDA device (%s); running the kernel on the CPU\n",
                     ujit::cuda::unavailable_reason().c_str());
        on_cpu = true;
    }

    // Host arrays go to the device, and come back after the kernel into the same memory
    // (the launch waits for the kernel then); scalars are converted to the parameters' types.
    // On the CPU the kernel works on the host arrays themselves.
    std::vector<ujit::cuda::KernelArg> kernel_args(values.begin(), values.end());
    if (on_cpu) {
        ujit::cuda::launch_cpu(f, config.grid, config.block, kernel_args, launch_options);
    } else {
        ujit::cuda::launch(f, config.grid, config.block, kernel_args);
        ujit::cuda::synchronize();  // a fault of a kernel without array arguments surfaces here
    }

    bool any_array = false;
    for (const auto& v : values) any_array |= v.is_array();
    if (auto dir = args.get("--save"))
        save_arrays(*dir, f, values);
    else if (any_array)
        std::fprintf(stderr, "ujit: note: the array arguments were not saved (give --save DIR to write them)\n");
    return 0;
}

ujit::Array apply_ufunc_cuda(const ujit::Function& f, const std::vector<ujit::Value>& inputs) {
    if (!ujit::cuda::is_available()) {
        // The same scalar function, vectorized on the CPU: the result NumPy would give.
        std::fprintf(stderr, "ujit: note: no CUDA device (%s); running on the CPU\n",
                     ujit::cuda::unavailable_reason().c_str());
        ujit::Options cpu;
        cpu.target = ujit::Target::CPU;
        return f.vectorize_call(inputs, cpu);  // its GPU loop on the CPU where it calls device functions
    }
    std::vector<ujit::cuda::KernelArg> operands(inputs.begin(), inputs.end());
    return ujit::cuda::vectorize(f, operands);
}

}  // namespace ujit::cli

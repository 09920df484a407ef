#include "kernel_paths.hpp"

#include "kernel_gen.hpp"
#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

#include <fmt/format.h>

#include <optional>
#include <vector>

namespace ujit::fuzz {

namespace {

struct Outputs {
    std::vector<int64_t> out, acc;
    std::string error;  // a launch's ujit::Error, which both paths must give alike
};

enum class Path { Optimized, Reference, Boundscheck };

Outputs run_path(const Function& kernel, const KernelLaunchShape& g, Path path, int opt_level) {
    Array out(DType::Int64, {g.out_size}), acc(DType::Int64, {g.out_size}), x(DType::Int64, {g.x_size});
    for (int64_t i = 0; i < g.out_size; ++i) {
        out.data<int64_t>()[i] = -1;
        acc.data<int64_t>()[i] = 0;
    }
    for (int64_t i = 0; i < g.x_size; ++i) x.data<int64_t>()[i] = (i * 37 + 11) % 101 - 50;
    cuda::LaunchOptions launch;
    launch.cpu_reference = path == Path::Reference;
    launch.boundscheck = path == Path::Boundscheck;
    Options compile;
    compile.opt_level = opt_level;
    Outputs o;
    try {
        cuda::launch_cpu(kernel, cuda::Dim3(g.grid[0], g.grid[1], g.grid[2]),
                         cuda::Dim3(g.block[0], g.block[1], g.block[2]), {out, acc, x}, launch, compile);
    } catch (const Error& e) {
        o.error = e.what();
    }
    o.out.assign(out.data<int64_t>(), out.data<int64_t>() + g.out_size);
    o.acc.assign(acc.data<int64_t>(), acc.data<int64_t>() + g.out_size);
    return o;
}

std::string first_difference(const Outputs& a, const Outputs& b) {
    if (a.error != b.error) return fmt::format("errors differ: '{}' vs '{}'", a.error, b.error);
    for (size_t i = 0; i < a.out.size(); ++i)
        if (a.out[i] != b.out[i]) return fmt::format("out[{}]: {} vs {}", i, a.out[i], b.out[i]);
    for (size_t i = 0; i < a.acc.size(); ++i)
        if (a.acc[i] != b.acc[i]) return fmt::format("acc[{}]: {} vs {}", i, a.acc[i], b.acc[i]);
    return {};
}

}  // namespace

namespace {

// The launches of one kernel through every path; false (and `v.report`) on the first disagreement.
bool compare_launches(const Function& kernel, const GeneratedKernel& g, uint64_t seed, int opt_level, PathsVerdict& v) {
    auto fail = [&](const KernelLaunchShape& l, const std::string& what) {
        v.agree = false;
        v.report += fmt::format("seed {}: launch [({}, {}, {}), ({}, {}, {})], out {} elements, x {}: {}\n{}{}\n", seed,
                                l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1], l.block[2], l.out_size,
                                l.x_size, what, kernel_module_source({}), g.source);
        return false;
    };
    for (const KernelLaunchShape& l : g.launches) {
        ++v.launches;
        Outputs reference = run_path(kernel, l, Path::Reference, opt_level);
        if (!reference.error.empty()) return fail(l, "the reference path failed: " + reference.error);
        Outputs optimized = run_path(kernel, l, Path::Optimized, opt_level);
        if (std::string d = first_difference(reference, optimized); !d.empty())
            return fail(l, "optimized vs reference: " + d);
        if (seed % 8 == 0) {
            Outputs checked = run_path(kernel, l, Path::Boundscheck, opt_level);
            if (std::string d = first_difference(reference, checked); !d.empty())
                return fail(l, "boundscheck vs reference: " + d);
        }
    }
    return true;
}

}  // namespace

PathsVerdict compare_kernel_paths(uint64_t first_seed, uint64_t count, int opt_level) {
    std::vector<GeneratedKernel> kernels;
    for (uint64_t i = 0; i < count; ++i) kernels.push_back(generate_kernel(first_seed + i, fmt::format("_{}", i)));
    PathsVerdict v;
    std::optional<Module> m;
    try {
        m.emplace(Module::from_string(kernel_module_source(kernels), fmt::format("kernels_{}.py", first_seed)));
    } catch (const Error& e) {
        if (count == 1) {
            v.agree = false;
            v.kernels = 1;
            v.report = fmt::format("seed {}: the generated kernel does not compile: {}\n{}{}\n", first_seed, e.what(),
                                   kernel_module_source({}), kernels[0].source);
            return v;
        }
        // Which kernel: each on its own.
        for (uint64_t i = 0; i < count; ++i) {
            PathsVerdict one = compare_kernel_paths(first_seed + i, 1, opt_level);
            v.kernels += one.kernels;
            v.launches += one.launches;
            v.agree = v.agree && one.agree;
            v.report += one.report;
        }
        return v;
    }
    for (uint64_t i = 0; i < count; ++i) {
        ++v.kernels;
        compare_launches(m->function(kernels[i].name), kernels[i], first_seed + i, opt_level, v);
    }
    return v;
}

}  // namespace ujit::fuzz

#include "kernel_gen.hpp"

#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

namespace ujit::fuzz {

namespace {

// splitmix64: small, and the same sequence everywhere.
struct Rng {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    int below(int n) { return int(next() % uint64_t(n)); }
    bool chance(int percent) { return below(100) < percent; }
    template <class T> const T& pick(const std::vector<T>& v) { return v[size_t(below(int(v.size())))]; }
};

constexpr int kLaunchesPerKernel = 4;

struct Local {
    std::string name;
};

class Generator {
public:
    Generator(uint64_t seed, std::string suffix) : rng_{seed}, suffix_(std::move(suffix)) {}
    GeneratedKernel run();

private:
    // An int64 expression over the locals in scope, the CUDA indices and x[].
    std::string expr(int depth);
    std::string leaf();
    std::string condition(int depth) {
        static const std::vector<std::string> ops = {"<", "<=", ">", "==", "!="};
        return fmt::format("{} {} {}", expr(depth), rng_.pick(ops), expr(depth));
    }
    std::string device_function();
    std::string grid_stride_kernel();
    std::string barrier_kernel();
    void line(int indent, const std::string& text) {
        body_.append(size_t(indent) * 4, ' ');
        body_.append(text);
        body_.push_back('\n');
    }
    void store(int indent, const std::string& index, bool plain_ok);
    std::string fresh(const char* stem) { return fmt::format("{}{}", stem, counter_++); }

    Rng rng_;
    std::string suffix_;  // appended to the kernel's and the device function's names
    GeneratedKernel k_;
    std::string body_;
    std::vector<Local> locals_;
    bool one_dimensional_ = true;  // blockDim.y/z == gridDim.y/z == 1: cuda.grid(1) is unique per thread
    bool has_device_fn_ = false;
    int counter_ = 0;
};

std::string Generator::leaf() {
    switch (rng_.below(12)) {
    case 0:
    case 1: return fmt::format("{}", rng_.below(10));
    case 2:
    case 3:
    case 4:
        if (!locals_.empty()) return rng_.pick(locals_).name;
        return "cuda.threadIdx.x";
    case 5: return rng_.chance(70) ? "cuda.threadIdx.x" : "cuda.threadIdx.y";
    case 6: return rng_.chance(70) ? "cuda.blockIdx.x" : "cuda.blockIdx.y";
    case 7: return rng_.chance(50) ? "cuda.blockDim.x" : "cuda.gridDim.x";
    case 8: return rng_.chance(50) ? "cuda.grid(1)" : "cuda.gridsize(1)";
    case 9: return "out.shape[0]";
    default: return fmt::format("x[({}) % x.shape[0]]", locals_.empty() ? "cuda.threadIdx.x" : rng_.pick(locals_).name);
    }
}

std::string Generator::expr(int depth) {
    if (depth <= 0 || rng_.chance(30)) return leaf();
    switch (rng_.below(9)) {
    case 0: return fmt::format("({} + {})", expr(depth - 1), expr(depth - 1));
    case 1: return fmt::format("({} - {})", expr(depth - 1), expr(depth - 1));
    case 2: return fmt::format("({} * {})", expr(depth - 1), leaf());
    case 3: return fmt::format("({} // {})", expr(depth - 1), 1 + rng_.below(7));
    case 4: return fmt::format("({} % {})", expr(depth - 1), 1 + rng_.below(7));
    case 5: return fmt::format("min({}, {})", expr(depth - 1), expr(depth - 1));
    case 6: return fmt::format("max({}, {})", expr(depth - 1), expr(depth - 1));
    case 7: return fmt::format("({} if {} else {})", expr(depth - 1), condition(depth - 1), expr(depth - 1));
    default:
        if (has_device_fn_) return fmt::format("dev{}({}, {})", suffix_, expr(depth - 1), expr(depth - 1));
        return fmt::format("({} + 1)", expr(depth - 1));
    }
}

// A device function; half of them read the block or the thread (the grid-stride analysis
// must see through calls).
std::string Generator::device_function() {
    static const std::vector<std::string> extra = {"", " + cuda.blockIdx.x", " + cuda.threadIdx.x",
                                                   " * (cuda.blockIdx.x + 1)", " - cuda.gridDim.x"};
    return fmt::format("@cuda.jit(device=True)\ndef dev{}(a, b):\n    return (a * 3 + b) % 1000{}\n\n\n", suffix_,
                       rng_.pick(extra));
}

// Stores v at `index`: a plain store where only this thread writes there, else an atomic add
// (integer addition commutes: any order of the threads gives the same sums).
void Generator::store(int indent, const std::string& index, bool plain_ok) {
    std::string v = expr(3);
    if (plain_ok && rng_.chance(60))
        line(indent, fmt::format("out[{}] = {}", index, v));
    else
        line(indent, fmt::format("cuda.atomic.add(acc, {} % acc.shape[0], {})", index, v));
}

std::string Generator::grid_stride_kernel() {
    // Locals before the loop: some uniform, some from the block, some from the thread.
    int pre = rng_.below(4);
    for (int k = 0; k < pre; ++k) {
        std::string name = rng_.chance(15) && !locals_.empty() ? locals_.back().name : fresh("p");
        static const std::vector<std::string> sources = {
            "cuda.blockIdx.x",    "cuda.blockIdx.x * 8", "cuda.blockIdx.x + cuda.blockIdx.y",
            "cuda.threadIdx.x",   "cuda.gridDim.x * 2",  "out.shape[0] // 2",
            "cuda.blockDim.x - 1"};
        std::string value = rng_.chance(50) ? rng_.pick(sources) : expr(2);
        line(1, fmt::format("{} = {}", name, value));
        locals_.push_back({name});
    }
    std::string start = "cuda.grid(1)", step = "cuda.gridsize(1)";
    bool grid_loop = rng_.chance(85);
    if (!grid_loop) {
        start = rng_.chance(50) ? "cuda.threadIdx.x" : "cuda.blockIdx.x";
        step = rng_.chance(50) ? "cuda.blockDim.x" : "cuda.gridDim.x";
    }
    if (rng_.chance(40)) {
        line(1, fmt::format("start = {}", start));
        start = std::string("start");
    }
    if (rng_.chance(40)) {
        line(1, fmt::format("stride = {}", step));
        step = std::string("stride");
    }
    static const std::vector<std::string> stops = {"out.shape[0]", "out.shape[0] - cuda.blockIdx.x * 8",
                                                   "out.shape[0] - cuda.blockIdx.x",
                                                   "out.shape[0] - (cuda.threadIdx.x % 3)"};
    std::string stop = rng_.pick(stops);
    if (rng_.chance(25)) stop = fmt::format("out.shape[0] - ({}) % {}", expr(2), 1 + rng_.below(9));
    if (rng_.chance(15)) stop = fmt::format("min(out.shape[0], {})", expr(2));
    if (rng_.chance(20)) {
        line(1, fmt::format("n = {}", stop));
        stop = std::string("n");
    }
    bool carried = rng_.chance(20);
    if (carried) line(1, "s = 0");
    // i is unique to one thread only for cuda.grid(1) strided by cuda.gridsize(1) on a 1-D launch.
    bool plain_ok = grid_loop && one_dimensional_;
    line(1, fmt::format("for i in range({}, {}, {}):", start, stop, step));
    locals_.push_back({"i"});
    int statements = 1 + rng_.below(4);
    for (int k = 0; k < statements; ++k) {
        switch (rng_.below(7)) {
        case 0:
        case 1: {
            std::string v = fresh("v");
            line(2, fmt::format("{} = {}", v, expr(3)));
            locals_.push_back({v});
            break;
        }
        case 2:
            line(2, fmt::format("if {}:", condition(2)));
            store(3, "i", plain_ok);
            break;
        case 3:
            line(2, fmt::format("for j in range({}):", 1 + rng_.below(3)));
            line(3, fmt::format("cuda.atomic.add(acc, (i + j) % acc.shape[0], {})", expr(2)));
            break;
        case 4:
            if (rng_.chance(20)) {
                line(2, fmt::format("if {}:", condition(1)));
                line(3, "break");
                break;
            }
            [[fallthrough]];
        default: store(2, "i", plain_ok);
        }
    }
    if (carried) {
        line(2, fmt::format("s += {}", expr(2)));
        line(2, "cuda.atomic.add(acc, i % acc.shape[0], s)");
    }
    if (rng_.chance(15))
        line(1, "cuda.atomic.add(acc, 0, 1)");
    else if (rng_.chance(15))
        line(1, "return");
    return body_;
}

std::string Generator::barrier_kernel() {
    line(1, "sh = cuda.shared.array(512, numba.int64)");  // blocks of up to 128 x 3 threads
    line(1, "t = cuda.threadIdx.x + cuda.threadIdx.y * cuda.blockDim.x");
    line(1, "nt = cuda.blockDim.x * cuda.blockDim.y");
    line(1, "g = (cuda.blockIdx.y * cuda.gridDim.x + cuda.blockIdx.x) * nt + t");
    locals_ = {{"t"}, {"nt"}, {"g"}};
    bool local_array = rng_.chance(25);
    if (local_array) {
        line(1, "loc = cuda.local.array(4, numba.int64)");
        line(1, "for q in range(4):");
        line(2, fmt::format("loc[q] = {}", expr(2)));
    }
    line(1, fmt::format("v = {}", expr(3)));
    locals_.push_back({"v"});
    // Each round: every thread writes its slot, a barrier, reads another's, a barrier before
    // the next write (no races, so every interleaving gives the same values).
    auto round = [&](int indent) {
        line(indent, "sh[t] = v");
        line(indent, "cuda.syncthreads()");
        line(indent, fmt::format("v = v + sh[({}) % nt] * {}", rng_.chance(50) ? "t + 1" : expr(2), 1 + rng_.below(3)));
        line(indent, "cuda.syncthreads()");
    };
    int rounds = 1 + rng_.below(3);
    for (int r = 0; r < rounds; ++r) {
        switch (rng_.below(5)) {
        case 0:
            line(1, fmt::format("for r in range({}):", 1 + rng_.below(3)));
            round(2);
            break;
        case 1: line(1, fmt::format("v = v + cuda.syncthreads_count({})", condition(1))); break;
        case 2:
            line(1, "if cuda.gridDim.x > 0:");  // every thread takes it
            round(2);
            break;
        default: round(1);
        }
        if (rng_.chance(30)) line(1, fmt::format("v = {}", expr(2)));
    }
    if (local_array) line(1, "v = v + loc[v % 4]");
    line(1, "if g < out.shape[0]:");
    line(2, "out[g] = v");
    line(1, "cuda.atomic.add(acc, g % acc.shape[0], v)");
    return body_;
}

GeneratedKernel Generator::run() {
    static const std::vector<uint32_t> sizes = {1, 2, 3, 4, 7, 16, 32, 33, 64, 100, 128};
    static const std::vector<int64_t> n = {1, 5, 64, 100, 257, 1000};
    bool barriers = rng_.chance(35);
    one_dimensional_ = rng_.chance(75);
    for (int l = 0; l < kLaunchesPerKernel; ++l) {
        KernelLaunchShape s;
        s.block[0] = rng_.pick(sizes);
        s.grid[0] = uint32_t(1 + rng_.below(6));
        if (!one_dimensional_) {
            s.block[1] = uint32_t(1 + rng_.below(3));
            s.grid[1] = uint32_t(1 + rng_.below(2));
        }
        s.out_size = rng_.pick(n);
        s.x_size = 16 + rng_.below(48);
        k_.launches.push_back(s);
    }
    has_device_fn_ = rng_.chance(30);
    k_.name = "kernel" + suffix_;
    if (has_device_fn_) k_.source.append(device_function());
    k_.source.append(fmt::format("@cuda.jit\ndef {}(out, acc, x):\n", k_.name));
    k_.source.append(barriers ? barrier_kernel() : grid_stride_kernel());
    return k_;
}

}  // namespace

GeneratedKernel generate_kernel(uint64_t seed, const std::string& suffix) { return Generator(seed, suffix).run(); }

std::string kernel_module_source(const std::vector<GeneratedKernel>& kernels) {
    std::string source = "import numba\nfrom numba import cuda\n\n\n";
    for (const GeneratedKernel& k : kernels) source.append(k.source);
    return source;
}

}  // namespace ujit::fuzz

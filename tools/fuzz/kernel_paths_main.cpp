// ujit_kernel_paths: the differential fuzzer of the CPU kernel paths (kernel_paths.hpp) on
// every core, for long runs (the libFuzzer target fuzz_kernel_paths is CI's smoke).
//
//   ujit_kernel_paths [--count N] [--first SEED] [--jobs J] [--batch B] [--out DIR] [--opt LEVEL]
//                     [--seconds S] [--per-module K] [--fast F]
//
// Checks the kernels of seeds FIRST .. FIRST+N-1 in J worker processes (default: one per
// core), each a fresh process per batch of B seeds (JIT code is never unloaded: a fresh
// process bounds the memory; a crash loses one batch, which is reported with its seeds).
// Each worker runs kernels one at a time (UJIT_NUM_THREADS=1: the cores are the workers').
// Every disagreement's report goes to DIR/seed-S.txt (default: the current directory).
// --seconds S: no batch starts after S seconds (the count is then an upper bound).
// --per-module K: K kernels defined in one module (default 100), each compared on its own.
// --fast F: every batch but each F-th compiles at opt level 0 with LLVM's fast codegen
// (UJIT_FAST_CODEGEN; ~4x the kernels a second): the rewrites compared (grid-stride loops,
// block functions, fibers) are made before LLVM optimizes, so they are the same; each F-th
// batch keeps --opt and the full codegen, for what only optimized machine code shows.
// Prints the kernels and launches checked, disagreements and crashed batches; exits 1 if any.
#include "kernel_paths.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

struct Args {
    uint64_t count = 1000, first = 1, batch = 2000, per_module = 100;
    uint64_t fast = 0;  // > 0: all batches but every fast-th compile at --opt 0 with fast codegen
    int jobs = 0, opt = 1;
    double seconds = 0;  // > 0: no batch starts after this long
    std::string out = ".";
};

bool parse(int argc, char** argv, Args& a) {
    for (int i = 1; i + 1 < argc; i += 2) {
        std::string k = argv[i];
        const char* v = argv[i + 1];
        if (k == "--count")
            a.count = std::strtoull(v, nullptr, 10);
        else if (k == "--first")
            a.first = std::strtoull(v, nullptr, 10);
        else if (k == "--jobs")
            a.jobs = std::atoi(v);
        else if (k == "--batch")
            a.batch = std::strtoull(v, nullptr, 10);
        else if (k == "--out")
            a.out = v;
        else if (k == "--opt")
            a.opt = std::atoi(v);
        else if (k == "--fast")
            a.fast = std::strtoull(v, nullptr, 10);
        else if (k == "--per-module")
            a.per_module = std::strtoull(v, nullptr, 10);
        else if (k == "--seconds")
            a.seconds = std::atof(v);
        else
            return false;
    }
    return argc % 2 == 1;
}

struct BatchResult {
    uint64_t kernels = 0, launches = 0, disagreements = 0;
};

// One batch in a child process; its counts go back through `fd`.
void run_batch(uint64_t first, uint64_t count, const Args& a, int fd) {
    BatchResult r;
    for (uint64_t s = first; s < first + count; s += a.per_module) {
        ujit::fuzz::PathsVerdict v =
            ujit::fuzz::compare_kernel_paths(s, std::min(a.per_module, first + count - s), a.opt);
        r.kernels += v.kernels;
        r.launches += v.launches;
        if (v.agree) continue;
        ++r.disagreements;
        std::ofstream(a.out + "/seeds-" + std::to_string(s) + ".txt") << v.report << "\n";
        std::fprintf(stderr, "%s\n", v.report.c_str());
    }
    ssize_t n = write(fd, &r, sizeof r);
    (void)n;
}

}  // namespace

int main(int argc, char** argv) {
    Args a;
    if (!parse(argc, argv, a) || a.batch == 0 || a.per_module == 0) {
        std::fprintf(stderr,
                     "usage: %s [--count N] [--first SEED] [--jobs J] [--batch B] [--out DIR] [--opt LEVEL] "
                     "[--seconds S] [--per-module K] [--fast F]\n",
                     argv[0]);
        return 2;
    }
    if (a.jobs <= 0) a.jobs = int(sysconf(_SC_NPROCESSORS_ONLN));
    setenv("UJIT_NUM_THREADS", "1", 1);
    setenv("UJIT_CACHE", "0", 1);  // every kernel is new: writing them to the disk cache only costs
    auto t0 = std::chrono::steady_clock::now();
    uint64_t next = a.first, end = a.first + a.count, crashed = 0, batches = 0;
    BatchResult total;
    struct Running {
        pid_t pid;
        int fd;
        uint64_t first, count;
    };
    std::vector<Running> running;
    auto start_batch = [&] {
        uint64_t n = std::min(a.batch, end - next);
        int fds[2];
        if (pipe(fds) != 0) std::abort();
        pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            Args mine = a;
            if (a.fast > 0 && batches % a.fast != 0) {
                setenv("UJIT_FAST_CODEGEN", "1", 1);  // the JIT is made in this process, after this
                mine.opt = 0;
            }
            run_batch(next, n, mine, fds[1]);
            _exit(0);
        }
        close(fds[1]);
        running.push_back({pid, fds[0], next, n});
        ++batches;
        next += n;
    };
    while (next < end || !running.empty()) {
        auto elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (a.seconds > 0 && elapsed > a.seconds) end = next;  // the running batches finish
        while (next < end && int(running.size()) < a.jobs) start_batch();
        int status = 0;
        pid_t pid = wait(&status);
        if (pid < 0) break;
        for (size_t i = 0; i < running.size(); ++i) {
            if (running[i].pid != pid) continue;
            BatchResult r;
            bool reported = read(running[i].fd, &r, sizeof r) == ssize_t(sizeof r);
            close(running[i].fd);
            if (reported && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
                total.kernels += r.kernels;
                total.launches += r.launches;
                total.disagreements += r.disagreements;
            } else {
                ++crashed;
                std::fprintf(stderr, "batch of seeds %llu..%llu crashed (status %d)\n",
                             (unsigned long long)running[i].first,
                             (unsigned long long)(running[i].first + running[i].count - 1), status);
            }
            running.erase(running.begin() + long(i));
            break;
        }
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("kernel paths: %llu kernels, %llu launches (each through every path) checked in %.1f s on %d "
                "processes; %llu disagreements, %llu crashed batches\n",
                (unsigned long long)total.kernels, (unsigned long long)total.launches, seconds, a.jobs,
                (unsigned long long)total.disagreements, (unsigned long long)crashed);
    return total.disagreements || crashed ? 1 : 0;
}

// ujit_kernel_paths: the differential fuzzer of the CPU kernel paths (kernel_paths.hpp) on
// every core, for long runs (the libFuzzer target fuzz_kernel_paths is CI's smoke).
//
//   ujit_kernel_paths [--count N] [--first SEED] [--jobs J] [--batch B] [--out DIR] [--opt LEVEL]
//
// Checks the kernels of seeds FIRST .. FIRST+N-1 in J worker processes (default: one per
// core), each a fresh process per batch of B seeds (JIT code is never unloaded: a fresh
// process bounds the memory; a crash loses one batch, which is reported with its seeds).
// Each worker runs kernels one at a time (UJIT_NUM_THREADS=1: the cores are the workers').
// Every disagreement's report goes to DIR/seed-S.txt (default: the current directory).
// Prints the kernels checked, disagreements and crashed batches; exits 1 if any.
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
    uint64_t count = 1000, first = 1, batch = 2000;
    int jobs = 0, opt = 1;
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
        else
            return false;
    }
    return argc % 2 == 1;
}

// One batch in a child process: exit status = the number of disagreements (capped), or a signal.
int run_batch(uint64_t first, uint64_t count, const std::string& out, int opt) {
    int bad = 0;
    for (uint64_t s = first; s < first + count; ++s) {
        ujit::fuzz::PathsVerdict v = ujit::fuzz::compare_kernel_paths(s, opt);
        if (v.agree) continue;
        ++bad;
        std::ofstream(out + "/seed-" + std::to_string(s) + ".txt") << v.report << "\n";
        std::fprintf(stderr, "%s\n", v.report.c_str());
    }
    return bad > 100 ? 100 : bad;
}

}  // namespace

int main(int argc, char** argv) {
    Args a;
    if (!parse(argc, argv, a) || a.batch == 0) {
        std::fprintf(stderr, "usage: %s [--count N] [--first SEED] [--jobs J] [--batch B] [--out DIR] [--opt LEVEL]\n",
                     argv[0]);
        return 2;
    }
    if (a.jobs <= 0) a.jobs = int(sysconf(_SC_NPROCESSORS_ONLN));
    setenv("UJIT_NUM_THREADS", "1", 1);
    auto t0 = std::chrono::steady_clock::now();
    uint64_t next = a.first, end = a.first + a.count, checked = 0, disagreements = 0, crashed = 0;
    struct Running {
        pid_t pid;
        uint64_t first, count;
    };
    std::vector<Running> running;
    auto start_batch = [&] {
        uint64_t n = std::min(a.batch, end - next);
        pid_t pid = fork();
        if (pid == 0) _exit(run_batch(next, n, a.out, a.opt));
        running.push_back({pid, next, n});
        next += n;
    };
    while (next < end || !running.empty()) {
        while (next < end && int(running.size()) < a.jobs) start_batch();
        int status = 0;
        pid_t pid = wait(&status);
        if (pid < 0) break;
        for (size_t i = 0; i < running.size(); ++i) {
            if (running[i].pid != pid) continue;
            if (WIFEXITED(status)) {
                checked += running[i].count;
                disagreements += uint64_t(WEXITSTATUS(status));
            } else {
                ++crashed;
                std::fprintf(stderr, "batch of seeds %llu..%llu crashed (signal %d)\n",
                             (unsigned long long)running[i].first,
                             (unsigned long long)(running[i].first + running[i].count - 1),
                             WIFSIGNALED(status) ? WTERMSIG(status) : 0);
            }
            running.erase(running.begin() + long(i));
            break;
        }
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("kernel paths: %llu kernels checked in %.1f s on %d processes; %llu disagreements, %llu crashed "
                "batches\n",
                (unsigned long long)checked, seconds, a.jobs, (unsigned long long)disagreements,
                (unsigned long long)crashed);
    return disagreements || crashed ? 1 : 0;
}

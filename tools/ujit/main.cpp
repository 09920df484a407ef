// ujit: the command-line tool. Finds the command, parses its arguments, runs it, and turns
// failures into exit statuses: 1 for errors in the user's program or inputs, 2 for a bad
// command line.
#include "args.hpp"
#include "commands.hpp"
#include "report.hpp"

#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace {

using namespace ujit::cli;

constexpr int kUsageStatus = 2;

int usage_error(const std::string& message, const CommandSpec* spec) {
    print_message(message);
    std::fprintf(stderr, "%s\n",
                 spec ? (usage_line(*spec) + "\n(see 'ujit help " + spec->name + "')").c_str()
                      : "usage: ujit COMMAND [ARGS...]  (see 'ujit --help')");
    return kUsageStatus;
}

// `ujit --cuda-info`: "cuda: available: ..." and one line per device, or
// "cuda: unavailable: REASON" (the lit tests look for "cuda: available").
void print_cuda_info() {
    if (!ujit::cuda::is_available()) {
        std::printf("cuda: unavailable: %s\n", ujit::cuda::unavailable_reason().c_str());
        return;
    }
    int version = ujit::cuda::driver_version(), count = ujit::cuda::device_count();
    std::printf("cuda: available: driver API %d.%d, %d device%s\n", version / 1000, version % 1000 / 10, count,
                count == 1 ? "" : "s");
    for (int i = 0; i < count; ++i) {
        ujit::cuda::DeviceInfo d = ujit::cuda::device_info(i);
        std::printf("  %d: %s, %s, %d SMs, %.1f GiB\n", i, d.name.c_str(), d.arch().c_str(), d.sm_count,
                    double(d.total_memory) / (1024.0 * 1024.0 * 1024.0));
    }
}

int dispatch(const std::vector<std::string>& words) {
    if (words.empty()) {
        std::fputs(general_help().c_str(), stderr);
        return kUsageStatus;
    }
    const std::string& first = words[0];
    if (first == "--help" || first == "-h") {
        std::fputs(general_help().c_str(), stdout);
        return 0;
    }
    if (first == "--version" || first == "-V") {
        std::printf("ujit %s\n", ujit::version().c_str());
        return 0;
    }
    if (first == "--cuda-info") {
        print_cuda_info();
        return 0;
    }
    if (first == "help") {
        if (words.size() == 1) {
            std::fputs(general_help().c_str(), stdout);
            return 0;
        }
        const CommandSpec* spec = find_command(words[1]);
        if (!spec || words.size() > 2) return usage_error("'ujit help' takes one command name", nullptr);
        std::fputs(command_help(*spec).c_str(), stdout);
        return 0;
    }
    const CommandSpec* spec = find_command(first);
    if (!spec) return usage_error("unknown command '" + first + "'", nullptr);
    try {
        std::vector<std::string> rest(words.begin() + 1, words.end());
        ParsedArgs args = parse_args(*spec, rest);
        if (args.has("--help")) {
            std::fputs(command_help(*spec).c_str(), stdout);
            return 0;
        }
        return spec->run(args);
    } catch (const UsageError& e) {
        return usage_error(e.what(), spec);
    }
}

// Flushes stdout; a result that did not reach it (`ujit ptx ... > /dev/full`, a closed
// pipe) is a failure, as in coreutils, never an exit status of 0.
int finish_stdout(int status) {
    errno = 0;
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return status;
    print_message(std::string("cannot write standard output: ") + std::strerror(errno ? errno : EIO));
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> words(argv + 1, argv + argc);
    try {
        return finish_stdout(dispatch(words));
    } catch (const ujit::Error& e) {
        finish_stdout(1);
        print_error(e);
        return 1;
    } catch (const std::exception& e) {
        finish_stdout(1);
        print_message(std::string("internal error: ") + e.what());
        return 1;
    }
}

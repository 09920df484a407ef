// Running a command line from a test: its exit status and its output.
#pragma once

#include <string>

namespace ujit::test {

// `s` in single quotes for /bin/sh.
std::string shell_quote(const std::string& s);

struct Run {
    int status = -1;     // the exit status; -1 when the command could not start or was killed by a signal
    std::string output;  // stdout and stderr together
};

// Runs `cmd` through /bin/sh and waits for it.
Run run_command(const std::string& cmd);

// The path of the running executable (/proc/self/exe): how a test starts a fresh copy of
// the test binary for work that must not share this process's state.
std::string self_executable();

}  // namespace ujit::test

// The ujit commands: one handler per file (cmd_*.cpp), listed once in commands.cpp.
// A handler returns the exit status: 0 success, 1 user error (a diagnostic was printed);
// it throws UsageError for bad command lines (status 2) and lets ujit::Error escape
// (main prints it, status 1).
#pragma once

#include "args.hpp"

#include <string>
#include <vector>

namespace ujit::cli {

int run_check(const ParsedArgs& args);
int run_ast(const ParsedArgs& args);
int run_types(const ParsedArgs& args);
int run_llvm(const ParsedArgs& args);
int run_asm(const ParsedArgs& args);
int run_ptx(const ParsedArgs& args);
int run_run(const ParsedArgs& args);
int run_demo(const ParsedArgs& args);
int run_cache(const ParsedArgs& args);
int run_rng_states(const ParsedArgs& args);

const std::vector<CommandSpec>& commands();
const CommandSpec* find_command(const std::string& name);

// `ujit --help` and `ujit help CMD` text.
std::string general_help();
std::string command_help(const CommandSpec& spec);
std::string usage_line(const CommandSpec& spec);

}  // namespace ujit::cli

// What the dump commands (types, llvm, asm, ptx) share: open FILE and FUNC, pick the
// signatures and options from the command line, compile, and print one dump per signature.
#pragma once

#include "args.hpp"

#include "ujit/ujit.hpp"

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

namespace ujit::cli {

// "cpu" / "parallel" / "cuda", restricted to `allowed`; UsageError otherwise.
ujit::Target parse_target(const std::string& text, std::initializer_list<ujit::Target> allowed);

// --sig if given, else the decorator's signatures; UsageError when there are none.
std::vector<std::string> signatures_to_compile(const ujit::Function& f, const ParsedArgs& args);

// The options a dump compiles with: --target (else the decorator's target, parallel
// meaning the CPU), -O, --arch.
ujit::Options dump_options(const ujit::Function& f, const ParsedArgs& args);

using DumpFn = std::function<std::string(const ujit::Specialization&)>;

// Compiles FUNC (positional 0 and 1: FILE FUNC) for each signature with `opts` and prints
// dump(spec) on stdout; with several signatures each dump is preceded by
// "<comment> signature: SIG". Returns the exit status.
int print_dumps(const ParsedArgs& args, const ujit::Options& opts, const std::string& comment, const DumpFn& dump);
int print_dumps(const ParsedArgs& args, const std::function<ujit::Options(const ujit::Function&)>& options_for,
                const std::string& comment, const DumpFn& dump);

}  // namespace ujit::cli

// The command table: names, operands, options and help text of every ujit command.
#include "commands.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::cli {

namespace {

const OptionSpec kSig{"--sig", "S", "compile for the Numba signature S, e.g. 'float32(float32, float32)'"};
const OptionSpec kCore{"--core", "D=N,...",
                       "a gufunc: its loop for contiguous cores of these sizes, e.g. m=2,n=2,p=2 (what runs)"};
const OptionSpec kHelp{"--help", "", "show this help"};

std::vector<CommandSpec> make_commands() {
    std::vector<CommandSpec> cs;
    cs.push_back({"check",
                  "FILE",
                  "check a module: parse, type and compile every declared signature",
                  "Loads FILE, checks its module level, and compiles every function for each signature\n"
                  "its decorator declares (and for the '# verify-sig: FUNC SIG' lines of the file),\n"
                  "for the decorator's target. Prints the diagnostics; exit status 1 if there are any.\n"
                  "Top-level host code (prints, loops, non-constant assignments, imports of other\n"
                  "libraries) is left to Python, as Numba leaves it: a note counts those statements,\n"
                  "and --verbose lists each with why.\n"
                  "\n"
                  "With --verify, FILE is a test that states the errors it expects (like clang -verify):\n"
                  "\n"
                  "  y = {}  # expected-error {{dict literals are not supported}}   (inside a def)\n"
                  "  # expected-error@+1:9 {{message substring}}    error on the next line, column 9\n"
                  "  # expected-error@-2 {{...}}                    two lines above, any column\n"
                  "  # expected-error@12:5 {{...}}                  line 12, column 5\n"
                  "  # verify-sig: FUNC float64(float64)            also compile FUNC for this signature\n"
                  "  # expected-no-diagnostics                      the file must compile cleanly\n"
                  "\n"
                  "The text between {{ and }} must be a substring of the message. The check passes\n"
                  "iff every expected error is reported at its line (and column, when given) and no\n"
                  "other error is. Loading stops at the first module-level error (a syntax error, a\n"
                  "bad decorator) and each signature stops at its first error, so a test expects one\n"
                  "error per function, or a single module-level error.",
                  {{"--verify", "", "check the file's expected-error comments instead of printing errors"},
                   {"--verbose", "", "list the top-level statements left to Python, each with why"},
                   kHelp},
                  1,
                  1,
                  run_check});
    cs.push_back({"ast",
                  "FILE",
                  "show the parsed syntax tree of a module",
                  "Parses FILE (no typing, no compilation) and prints each top-level statement as an\n"
                  "S-expression, one statement per line, indented by its depth: (def NAME (params ...)\n"
                  "(decorators ...) (doc \"...\") (body ...)), (if TEST (body ...) (else ...)), an elif as an\n"
                  "if in the else part, (for TARGET ITER ...), (while ...), (= TARGETS... VALUE), (+= T V),\n"
                  "(return V), (expr E), (import ...), (from MODULE ...). In expressions an operator leads\n"
                  "its operands, so the tree shows precedence and grouping: -2 ** 2 is (- (** 2 2)),\n"
                  "a < b < c is (cmp a < b < c), x if c else y is (ifexp c x y), f(a, k=1) is\n"
                  "(call f a (= k 1)), a.b is (. a b), a[i, 1:] is ([] a (tuple i (: 1 _ _))).\n"
                  "A syntax error is printed as FILE:LINE:COL: error: MESSAGE (exit status 1).",
                  {kHelp},
                  1,
                  1,
                  run_ast});
    cs.push_back({"types",
                  "FILE FUNC",
                  "show FUNC's source annotated with the inferred types",
                  "Like Numba's inspect_types: each source line of FUNC followed by the types of the\n"
                  "variables it assigns. Without --sig, the decorator's signatures are used.",
                  {kSig, kHelp},
                  2,
                  2,
                  run_types});
    cs.push_back({"llvm",
                  "FILE FUNC",
                  "show FUNC's optimized LLVM IR",
                  "Prints the optimized LLVM IR of FUNC for the signature (--sig, else the decorator's)\n"
                  "and target (--target, else the decorator's: cuda for @cuda.jit).",
                  {kSig,
                   kCore,
                   {"--target", "T", "cpu or cuda"},
                   {"-O", "N", "optimization level 0-3 (default 3)"},
                   {"--arch", "SM", "CUDA architecture (default sm_80)"},
                   kHelp},
                  2,
                  2,
                  run_llvm});
    cs.push_back({"asm",
                  "FILE FUNC",
                  "show FUNC's x86-64 assembly",
                  "Prints the host assembly of FUNC for the signature (--sig, else the decorator's).",
                  {kSig, kCore, {"-O", "N", "optimization level 0-3 (default 3)"}, kHelp},
                  2,
                  2,
                  run_asm});
    cs.push_back({"ptx",
                  "FILE FUNC",
                  "show FUNC's PTX (CUDA)",
                  "Compiles FUNC for CUDA and prints its PTX. The PTX is plain text: no GPU is needed.\n"
                  "With --cubin OUT, FUNC calls CUDA C++ (cuda.declare_device): its PTX is linked with\n"
                  "the link= files of the source (nvJitLink) for --arch, and the cubin a GPU would load\n"
                  "is written to OUT.",
                  {kSig,
                   kCore,
                   {"--arch", "SM", "CUDA architecture, e.g. sm_90 (default sm_80)"},
                   {"--cubin", "OUT", "write the cubin linked with the link= files to OUT"},
                   {"-O", "N", "optimization level 0-3 (default 3)"},
                   kHelp},
                  2,
                  2,
                  run_ptx});
    cs.push_back({"run",
                  "FILE FUNC [ARG...]",
                  "compile FUNC and call it with ARGs (ufuncs and kernels on CUDA too)",
                  "Each ARG is a Python literal (3 is int64, 3.0 / inf / nan float64, True bool, 1+2j\n"
                  "complex128, (1, 2.0) a tuple) or the path of a .npy file (any dtype, C or Fortran\n"
                  "order). The result is printed as Python's print(result) would with NumPy (an array\n"
                  "as NumPy's str, arrays in a tuple as their repr); an array result (returned, or of a\n"
                  "@vectorize ufunc over arrays) is saved with -o OUT.npy instead. Without --sig the\n"
                  "decorator's signature is used if it accepts the arguments, else FUNC is specialized\n"
                  "for the argument types. A @vectorize FUNC is applied with NumPy broadcasting. A\n"
                  "generator FUNC (a def with yield) prints each value it yields on a line of its own,\n"
                  "as `for x in FUNC(ARG...): print(x)` would; a raise inside it ends the run with that\n"
                  "error after the lines printed before it.\n"
                  "\n"
                  "A @guvectorize gufunc is applied with NumPy's gufunc rules (loop dimensions\n"
                  "broadcast, core dimensions bound by name) to its inputs; its one output is saved with\n"
                  "-o, several with --save DIR as DIR/PARAM.npy (PARAM the def's output parameter); 0-d\n"
                  "results are printed. It runs on the GPU as a ufunc does (one thread per iteration).\n"
                  "\n"
                  "CUDA. A @vectorize ufunc runs on the GPU with --target cuda (whatever its decorator's\n"
                  "target), or without --target when its decorator says target='cuda'; inputs and result\n"
                  "as on the CPU. Where no CUDA device is usable (no driver or GPU, UJIT_DISABLE_CUDA=1)\n"
                  "it runs on the CPU instead, after a note on stderr (not when it calls a\n"
                  "@cuda.jit(device=True) function: CPU code cannot).\n"
                  "\n"
                  "A @cuda.jit kernel needs --launch GRID,BLOCK, each of 1 to 3 dimensions joined by 'x':\n"
                  "\n"
                  "  ujit run add_kernel.py add_kernel x.npy y.npy out.npy --launch 32,256 --save res\n"
                  "  ujit run tile_transpose.py tile_transpose a.npy b.npy --launch 2x2,32x32 --save res\n"
                  "\n"
                  "Its array arguments are copied to the device, and back after the kernel; --save DIR\n"
                  "then writes each one as DIR/PARAM.npy, PARAM its parameter name in the def. Scalar\n"
                  "arguments are converted to the kernel's parameter types; --sig (e.g.\n"
                  "'void(float32[:], float32[:], float32[:])') converts every argument to its type first.\n"
                  "With --target cpu, or where no CUDA device is usable (after a note on stderr), the\n"
                  "kernel is compiled for the CPU and runs on the arrays in place: its blocks in parallel,\n"
                  "a block's threads meeting at cuda.syncthreads(); results equal the GPU's for race-free\n"
                  "kernels. 'ujit --cuda-info' tells whether a device is usable.",
                  {kSig,
                   {"-o", "OUT.npy", "where to save an array result"},
                   {"--target", "T", "cpu, parallel (ufuncs: the loop on all cores) or cuda (kernels: cuda or cpu)"},
                   {"--launch", "GRID,BLOCK", "a kernel's launch configuration: 256,128 or 32x32,8x8 or 4x4x2,8x8x4"},
                   {"--save", "DIR", "after a kernel (each array argument) or a gufunc (each output): DIR/PARAM.npy"},
                   {"--boundscheck", "", "a kernel runs on the CPU with every array index checked (IndexError)"},
                   kHelp},
                  2,
                  -1,
                  run_run});
    cs.push_back({"demo",
                  "",
                  "run the course examples: results, compile and run times, PTX",
                  "Compiles and runs the CPU examples of lang/examples (hypot, monte_carlo_pi over 10M\n"
                  "samples, gaussian_pdf and polar_distance as ufuncs over 1M elements), checks the\n"
                  "results against C++ references, prints compile and run times, and dumps the PTX of\n"
                  "add_kernel. The examples are looked up in --examples DIR, then the source tree ujit\n"
                  "was built from, then the installed share/ujit/examples.",
                  {{"--examples", "DIR", "the lang/examples directory"},
                   {"--arch", "SM", "CUDA architecture for the PTX (default sm_80)"},
                   kHelp},
                  0,
                  0,
                  run_demo});
    cs.push_back({"cache",
                  "list|stats|clear",
                  "show or clear the on-disk compilation cache",
                  "ujit keeps the PTX and the CPU object code it compiles on disk, so another process\n"
                  "compiling the same function for the same argument types, target, arch and options\n"
                  "skips LLVM. The directory is $UJIT_CACHE_DIR, else $XDG_CACHE_HOME/ujit, else\n"
                  "~/.cache/ujit; UJIT_CACHE=0 turns the cache off. Entries are keyed by the source\n"
                  "text's hash, the function, signature, target, arch, options, and ujit's and LLVM's\n"
                  "versions and build; damaged or foreign files are ignored, deleted and rebuilt.\n"
                  "\n"
                  "  list    one line per entry: file, kind, bytes, target, function, signature, source\n"
                  "  stats   entries, bytes, invalid and temporary files, hits and misses so far\n"
                  "  clear   remove every entry",
                  {{"--dir", "DIR", "the cache directory (default: as above)"}, kHelp},
                  1,
                  1,
                  run_cache});
    cs.push_back({"rng-states",
                  "N SEED",
                  "write numba.cuda.random's xoroshiro128+ states for N generators to a .npy",
                  "Writes what Numba's create_xoroshiro128p_states(N, SEED, subsequence_start=K) makes,\n"
                  "in ujit's form: a uint64 array of shape (N, 2), row i the s0, s1 of generator i\n"
                  "(Numba's is a 1-D array of {s0, s1} records, the same bytes). Generator 0 is\n"
                  "splitmix64(SEED) jumped K times 2^64 steps, each next one the previous 2^64 steps on.\n"
                  "Pass the file to a kernel that draws with cuda.random.xoroshiro128p_* (numba.cuda.random):\n"
                  "\n"
                  "  ujit rng-states 1536 1 -o states.npy\n"
                  "  ujit run compute_pi.py compute_pi states.npy 10000 out.npy --launch 24,64 --save res\n"
                  "\n"
                  "--save writes the states as they are after the kernel, ready for the next launch. A\n"
                  "negative SEED wraps to uint64, as Numba's uint64(seed).",
                  {{"--subsequence-start", "K", "jump generator 0 K times 2^64 steps first (default 0)"},
                   {"-o", "STATES.npy", "where to write the states"},
                   kHelp},
                  2,
                  2,
                  run_rng_states});
    return cs;
}

}  // namespace

const std::vector<CommandSpec>& commands() {
    static const std::vector<CommandSpec> table = make_commands();
    return table;
}

const CommandSpec* find_command(const std::string& name) {
    for (const auto& c : commands())
        if (c.name == name) return &c;
    return nullptr;
}

std::string usage_line(const CommandSpec& spec) {
    std::string line = "usage: ujit " + spec.name;
    if (!spec.operands.empty()) line += " " + spec.operands;
    for (const auto& o : spec.options)
        if (o.name != "--help") line += " [" + o.name + (o.takes_value() ? " " + o.value_name : "") + "]";
    return line;
}

std::string command_help(const CommandSpec& spec) {
    std::string s = usage_line(spec) + "\n\n" + spec.summary + ".\n\n" + spec.description + "\n\noptions:\n";
    for (const auto& o : spec.options)
        s += fmt::format("  {:<20} {}\n", o.name + (o.takes_value() ? " " + o.value_name : ""), o.help);
    return s;
}

std::string general_help() {
    std::string s = "usage: ujit COMMAND [ARGS...]\n"
                    "\n"
                    "ujit compiles the numeric subset of Python that Numba compiles, to x86-64 and PTX.\n"
                    "\n"
                    "commands:\n";
    size_t width = 0;  // the names' column, as wide as the longest name
    for (const auto& c : commands()) width = std::max(width, c.name.size());
    for (const auto& c : commands()) s += fmt::format("  {:<{}} {}\n", c.name, width, c.summary);
    s += "\n"
         "  ujit help COMMAND    more about one command\n"
         "  ujit --version       the version of ujit and LLVM\n"
         "  ujit --cuda-info     whether a CUDA device can run code here, or why not\n"
         "\n"
         "Exit status: 0 success, 1 an error in the program or its inputs (printed as\n"
         "FILE:LINE:COL: error: ...), 2 a bad command line.\n";
    return s;
}

}  // namespace ujit::cli

// `ujit run` on a @guvectorize gufunc: inputs from the command line, outputs allocated,
// one output saved to -o OUT.npy (or printed when 0-d), several saved to --save DIR as
// DIR/PARAM.npy named by the def's output parameters (or printed as a tuple when all 0-d).
#pragma once

#include "args.hpp"
#include "run_values.hpp"

#include "ujit/ujit.hpp"

namespace ujit::cli {

int run_gufunc(const ujit::Function& f, RunArguments& inputs, const ujit::Options& opts, const ParsedArgs& args);

}  // namespace ujit::cli

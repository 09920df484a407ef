// A raise in CUDA code compiled for a GPU (codegen/kernel_raise.hpp says what it does): the
// raising thread's `exit`, and with debug=True the record the host reads after the launch.
#pragma once

#include <llvm/IR/IRBuilder.h>

#include <string>

namespace ujit::cuda {

// The raise sites a module's code records, numbered from 1, into its kRaiseSitesSymbol.
class RaiseSites {
public:
    // Records, unless the launch already has a raise, site `payload` (codegen::raised_payload)
    // with this thread's indices; returns its number.
    void emit_record(llvm::IRBuilder<>& b, const std::string& payload);

private:
    int count_ = 0;
    std::string blob_;  // the payloads so far, each ended by a '\0'
};

// Ends this thread, as a kernel's return would (PTX `exit`), and the block (unreachable).
void emit_thread_exit(llvm::IRBuilder<>& b);

}  // namespace ujit::cuda

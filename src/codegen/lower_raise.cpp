// `raise` and `assert`: the exception was resolved by type inference (types/infer_raise.cpp);
// the target raises it (CPU: through the error guard, which carries the class and message in
// the payload). A constant message is part of the payload; run-time arguments (Numba's
// dynamic exceptions) are formatted into it first, into the message Python's str(exc) gives:
// str(arg) for one argument, repr() of the tuple for several.
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "strings/str_convert.hpp"
#include "types/raise_arguments.hpp"

#include <fmt/format.h>
#include <llvm/IR/MDBuilder.h>

namespace ujit::codegen {

using namespace syntax;
using types::Type;

void FunctionLowering::raise_stmt(const Raise* s) {
    auto it = fn.raises.find(s->id);
    if (it == fn.raises.end()) unsupported(s->loc, "'raise' without a resolved exception");
    std::string where = fmt::format("{} at {}", fn.def->name, mod.source.file().position(s->loc));
    std::vector<const Expr*> arguments = types::raise_arguments(s);
    if (!types::raise_is_dynamic(arguments)) {
        std::string payload = raised_payload(it->second.class_name, it->second.message, where);
        leave_by_raise(b.getTrue(), [&](llvm::Value* cond) {
            mod.target.emit_error_check(b, cond, int(RuntimeError::Raised), payload);
        });
        return;
    }
    // Each argument's str() (repr() inside the tuple of several): a string as it is (or
    // quoted), numbers, bools and None as print() writes them, their str() and repr() both.
    if (!mod.target.counts_references()) unsupported(s->loc, "a raise with run-time arguments on this target");
    const bool several = arguments.size() > 1;
    std::string format = several ? "(" : "";
    std::vector<llvm::Value*> operands;
    for (size_t i = 0; i < arguments.size(); ++i) {
        const Expr* a = arguments[i];
        if (i) format += ", ";
        if (auto* text = dyn_cast<StrLit>(a)) {
            format += "%s";  // a '%' in the text stays out of the format
            operands.push_back(b.CreateGlobalString(several ? strings::python_repr(text->value) : text->value));
            continue;
        }
        const Type* t = type_of(a);
        llvm::Value* v = expr(a);
        if (!t->is_str()) {
            print_piece(format, operands, v, t, a->loc);
            continue;
        }
        format += several ? "%R" : "%U";
        operands.push_back(b.CreateExtractValue(v, 0));
        operands.push_back(str_length(v));
    }
    if (several) format += ")";
    raise_formatted(it->second.class_name, where, format, operands);
}

// Raises class_name with the message `format` (helper_raise_format's conversions) of `operands`,
// formatted while the function still holds the values (a string built for the message is a
// temporary that leave_by_raise releases); the raise after carries the payload. The builder is
// left in a dead block. CPU only (the target counts references).
void FunctionLowering::raise_formatted(const std::string& class_name, const std::string& where,
                                       const std::string& format, const std::vector<llvm::Value*>& operands) {
    // cpu/helper_raise_format.hpp: const char* (class, where, format, ...).
    llvm::FunctionType* format_type =
        llvm::FunctionType::get(b.getPtrTy(), {b.getPtrTy(), b.getPtrTy(), b.getPtrTy()}, /*isVarArg=*/true);
    std::vector<llvm::Value*> call{b.CreateGlobalString(class_name, "ujit.raise_class"),
                                   b.CreateGlobalString(where, "ujit.where"),
                                   b.CreateGlobalString(format, "ujit.raise_format")};
    call.insert(call.end(), operands.begin(), operands.end());
    llvm::Value* payload = b.CreateCall(mod.m.getOrInsertFunction("ujit_rt_format_raise", format_type), call);
    leave_by_raise(b.getTrue(), [&](llvm::Value*) {
        // cpu/helper_errors.hpp: ujit_rt_raise(int code, const char* where), which never returns.
        llvm::FunctionCallee raise = mod.m.getOrInsertFunction(
            "ujit_rt_raise", llvm::FunctionType::get(b.getVoidTy(), {b.getInt32Ty(), b.getPtrTy()}, false));
        if (auto* f = llvm::dyn_cast<llvm::Function>(raise.getCallee())) f->setDoesNotReturn();
        b.CreateCall(raise, {b.getInt32(int(RuntimeError::Raised)), payload})->setDoesNotReturn();
        b.CreateUnreachable();
        start_dead_block();
    });
}

// KeyError(key) when `missing`, as Numba's: the message is what `raise KeyError(key)` gives.
void FunctionLowering::raise_key_error(llvm::Value* missing, llvm::Value* key, const Type* kt, SourceLoc loc) {
    const bool printable = kt->is_str() || kt->is_number() || kt->is_bool();
    if (!mod.target.counts_references() || !printable) return raise_if(missing, "KeyError", "", loc);
    llvm::BasicBlock* miss = new_block("key.missing");
    llvm::BasicBlock* found = new_block("key.found");
    b.CreateCondBr(missing, miss, found, llvm::MDBuilder(mod.ctx).createUnlikelyBranchWeights());
    b.SetInsertPoint(miss);
    std::string format;
    std::vector<llvm::Value*> operands;
    if (kt->is_str()) {
        format = "%U";
        operands = {b.CreateExtractValue(key, 0), str_length(key)};
    } else {
        print_piece(format, operands, key, kt, loc);
    }
    raise_formatted("KeyError", fmt::format("{} at {}", fn.def->name, mod.source.file().position(loc)), format,
                    operands);
    b.CreateBr(found);
    b.SetInsertPoint(found);
}

}  // namespace ujit::codegen

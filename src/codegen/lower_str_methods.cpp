// The methods of str (the StrMethod rows of builtins.def), each a call of a helper of
// src/strings/str_abi.h after Python's argument handling: start/end bounds as slices take
// them, defaults for arguments left out or None, and Numba's exceptions (substring not
// found, empty separator, a fill character of another length).
#include "codegen/lower_context.hpp"

#include "codegen/llvm_types.hpp"
#include "strings/str_abi.h"
#include "types/optional_rules.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;

namespace {

int case_of(BuiltinId id) {
    switch (id) {
    case BuiltinId::StrUpper: return UJIT_STR_UPPER;
    case BuiltinId::StrLower: return UJIT_STR_LOWER;
    case BuiltinId::StrSwapcase: return UJIT_STR_SWAPCASE;
    case BuiltinId::StrCapitalize: return UJIT_STR_CAPITALIZE;
    case BuiltinId::StrTitle: return UJIT_STR_TITLE;
    case BuiltinId::StrCasefold: return UJIT_STR_CASEFOLD;
    default: return -1;
    }
}

int class_of(BuiltinId id) {
    switch (id) {
    case BuiltinId::StrIsdigit: return UJIT_STR_ISDIGIT;
    case BuiltinId::StrIsalpha: return UJIT_STR_ISALPHA;
    case BuiltinId::StrIsspace: return UJIT_STR_ISSPACE;
    case BuiltinId::StrIsalnum: return UJIT_STR_ISALNUM;
    case BuiltinId::StrIsupper: return UJIT_STR_ISUPPER;
    case BuiltinId::StrIslower: return UJIT_STR_ISLOWER;
    case BuiltinId::StrIsdecimal: return UJIT_STR_ISDECIMAL;
    case BuiltinId::StrIsnumeric: return UJIT_STR_ISNUMERIC;
    case BuiltinId::StrIstitle: return UJIT_STR_ISTITLE;
    case BuiltinId::StrIsascii: return UJIT_STR_ISASCII;
    case BuiltinId::StrIsprintable: return UJIT_STR_ISPRINTABLE;
    case BuiltinId::StrIsidentifier: return UJIT_STR_ISIDENTIFIER;
    default: return -1;
    }
}

}  // namespace

// Argument k of a method call as an i64, or `dflt` where it is left out or None.
llvm::Value* FunctionLowering::str_int_arg(const Call* e, size_t k, llvm::Value* dflt) {
    if (k >= e->args.size() || type_of(e->args[k])->is_none()) {
        if (k < e->args.size()) expr(e->args[k]);
        return dflt;
    }
    const Type* t = type_of(e->args[k]);
    return b.CreateIntCast(expr(e->args[k]), b.getInt64Ty(), t->is_int() && t->is_signed());
}

// start/end of find, count, startswith...: negative values count from the end (the helpers
// clip the rest, as Python's ADJUST_INDICES).
llvm::Value* FunctionLowering::str_bound(const Call* e, size_t k, llvm::Value* dflt, llvm::Value* n) {
    llvm::Value* v = str_int_arg(e, k, dflt);
    llvm::Value* from_end = b.CreateAdd(v, n);
    llvm::Value* wrapped = b.CreateSelect(b.CreateICmpSLT(v, b.getInt64(0)), from_end, v);
    return b.CreateSelect(b.CreateICmpSLT(wrapped, b.getInt64(0)), b.getInt64(0), wrapped);
}

llvm::Value* FunctionLowering::str_method(const Call* e, BuiltinId id, const Expr* self) {
    // An Optional str (d.get(key)) is unwrapped: TypeError "expected unicode_type, got None".
    llvm::Value* s = expr_as(self, types::strip_optional(type_of(self)));
    llvm::Value* sp = str_pointer(s);
    llvm::Value* n = str_length(s);
    auto arg = [&](size_t k) { return expr(e->args[k]); };
    if (int which = case_of(id); which >= 0) return str_new("ujit_str_case", {sp, b.getInt32(which)});
    if (int which = class_of(id); which >= 0)
        return b.CreateICmpNE(str_query("ujit_str_is", b.getInt32Ty(), {sp, b.getInt32(which)}), b.getInt32(0));
    switch (id) {
    case BuiltinId::StrStartswith:
    case BuiltinId::StrEndswith: {
        const types::Type* ft = type_of(e->args[0]);
        llvm::Value* fixes = arg(0);
        llvm::Value* start = str_bound(e, 1, b.getInt64(0), n);
        llvm::Value* end = str_bound(e, 2, n, n);
        int dir = id == BuiltinId::StrEndswith;
        auto affix = [&](llvm::Value* fix) {
            llvm::Value* r =
                str_query("ujit_str_affix", b.getInt32Ty(), {sp, str_pointer(fix), start, end, b.getInt32(dir)});
            return b.CreateICmpNE(r, b.getInt32(0));
        };
        if (!ft->is_tuple()) return affix(fixes);
        llvm::Value* any = b.getFalse();  // s.startswith(("a", "b")): any of them (each is cheap)
        for (unsigned k = 0; k < ft->elements().size(); ++k)
            any = b.CreateOr(any, affix(b.CreateExtractValue(fixes, k)));
        return any;
    }
    case BuiltinId::StrFind:
    case BuiltinId::StrRfind:
    case BuiltinId::StrIndex:
    case BuiltinId::StrRindex: {
        llvm::Value* sub = str_pointer(arg(0));
        llvm::Value* start = str_bound(e, 1, b.getInt64(0), n);
        llvm::Value* end = str_bound(e, 2, n, n);
        int dir = id == BuiltinId::StrRfind || id == BuiltinId::StrRindex;
        llvm::Value* at = str_query("ujit_str_find", b.getInt64Ty(), {sp, sub, start, end, b.getInt32(dir)});
        if (id == BuiltinId::StrIndex || id == BuiltinId::StrRindex)
            raise_if(b.CreateICmpSLT(at, b.getInt64(0)), "ValueError", "substring not found", e->loc);
        return at;
    }
    case BuiltinId::StrCount: {
        llvm::Value* sub = str_pointer(arg(0));
        llvm::Value* start = str_bound(e, 1, b.getInt64(0), n);
        llvm::Value* end = str_bound(e, 2, n, n);
        return str_query("ujit_str_count", b.getInt64Ty(), {sp, sub, start, end});
    }
    case BuiltinId::StrReplace: {
        llvm::Value* old = str_pointer(arg(0));
        llvm::Value* repl = str_pointer(arg(1));
        return str_new("ujit_str_replace", {sp, old, repl, str_int_arg(e, 2, b.getInt64(-1))});
    }
    case BuiltinId::StrStrip:
    case BuiltinId::StrLstrip:
    case BuiltinId::StrRstrip: {
        llvm::Value* chars = llvm::ConstantPointerNull::get(b.getPtrTy());
        if (!e->args.empty()) {
            llvm::Value* c = arg(0);
            if (!type_of(e->args[0])->is_none()) chars = str_pointer(c);
        }
        int sides = id == BuiltinId::StrStrip ? 3 : id == BuiltinId::StrLstrip ? 1 : 2;
        return str_new("ujit_str_strip", {sp, chars, b.getInt32(sides)});
    }
    case BuiltinId::StrZfill:
        return str_new("ujit_str_pad", {sp, str_int_arg(e, 0, nullptr), b.getInt32('0'), b.getInt32(3)});
    case BuiltinId::StrCenter:
    case BuiltinId::StrLjust:
    case BuiltinId::StrRjust: {
        llvm::Value* width = str_int_arg(e, 0, nullptr);
        llvm::Value* fill = b.getInt32(' ');
        if (e->args.size() == 2) {
            llvm::Value* f = arg(1);
            raise_if(b.CreateICmpNE(str_length(f), b.getInt64(1)), "TypeError",
                     "The fill character must be exactly one character long", e->args[1]->loc);
            fill = b.CreateLoad(b.getInt32Ty(), b.CreateExtractValue(f, 0));
        }
        int how = id == BuiltinId::StrLjust ? 0 : id == BuiltinId::StrRjust ? 1 : 2;
        return str_new("ujit_str_pad", {sp, width, fill, b.getInt32(how)});
    }
    case BuiltinId::StrPartition:
    case BuiltinId::StrRpartition: return str_partition(e, s, arg(0), id == BuiltinId::StrRpartition);
    case BuiltinId::StrJoin: return str_join(sp, e->args[0]);
    case BuiltinId::StrSplit:
    case BuiltinId::StrRsplit:
    case BuiltinId::StrSplitlines: return str_split(e, id, sp);
    default: unsupported(e->loc, fmt::format("{}() is not supported", types::builtin_name(id)));
    }
}

// (head, sep, tail) around the first (partition) or last (rpartition) `sep`; without one,
// (s, "", "") or ("", "", s). Three new strings, whichever case.
llvm::Value* FunctionLowering::str_partition(const Call* e, llvm::Value* s, llvm::Value* sep, bool last) {
    llvm::Value* n = str_length(s);
    llvm::Value* m = str_length(sep);
    raise_if(b.CreateICmpEQ(m, b.getInt64(0)), "ValueError", "empty separator", e->args[0]->loc);
    llvm::Value* at = str_query("ujit_str_find", b.getInt64Ty(),
                                {str_pointer(s), str_pointer(sep), b.getInt64(0), n, b.getInt32(last ? 1 : 0)});
    llvm::Value* found = b.CreateICmpSGE(at, b.getInt64(0));
    llvm::Value* zero = b.getInt64(0);
    llvm::Value* one = b.getInt64(1);
    llvm::Value* after = b.CreateAdd(at, m);
    llvm::Value* head = str_slice(s, zero, one, b.CreateSelect(found, at, last ? zero : n));
    llvm::Value* mid = str_slice(sep, zero, one, b.CreateSelect(found, m, zero));
    llvm::Value* tail = str_slice(s, b.CreateSelect(found, after, last ? zero : n), one,
                                  b.CreateSelect(found, b.CreateSub(n, after), last ? n : zero));
    const Type* t = type_of(e);
    llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, t));
    out = b.CreateInsertValue(out, head, 0);
    out = b.CreateInsertValue(out, mid, 1);
    return b.CreateInsertValue(out, tail, 2);
}

}  // namespace ujit::codegen

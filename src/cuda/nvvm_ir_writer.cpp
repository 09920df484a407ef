#include "cuda/nvvm_ir_writer.hpp"

#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/IR/CallingConv.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Operator.h>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>
#include <unordered_map>

namespace ujit::cuda {

namespace {

struct Refusal {
    std::string why;
};

[[noreturn]] void refuse(std::string why) { throw Refusal{std::move(why)}; }

// A string literal's body (c"...", inline asm, a quoted name): printable characters but "
// and \ as they are, the rest as \HH.
std::string escaped(llvm::StringRef s) {
    std::string out;
    for (unsigned char c : s) {
        if (c == '"' || c == '\\' || !std::isprint(c))
            out += fmt::format("\\{:02X}", c);
        else
            out += char(c);
    }
    return out;
}

// An LLVM identifier after its sigil: bare when it may be, else quoted.
std::string ident(llvm::StringRef name) {
    bool bare = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
    for (char c : name)
        bare = bare && (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '$' || c == '.' || c == '_');
    if (bare) return name.str();
    std::string quoted = "\"";
    quoted += escaped(name);
    return quoted += '"';
}

std::string addrspace(unsigned as) { return as == 0 ? "" : fmt::format(" addrspace({})", as); }

const char* linkage(llvm::GlobalValue::LinkageTypes l, bool declaration) {
    using L = llvm::GlobalValue::LinkageTypes;
    switch (l) {
    case L::ExternalLinkage: return declaration ? "external " : "";
    case L::AvailableExternallyLinkage: return "available_externally ";
    case L::LinkOnceAnyLinkage: return "linkonce ";
    case L::LinkOnceODRLinkage: return "linkonce_odr ";
    case L::WeakAnyLinkage: return "weak ";
    case L::WeakODRLinkage: return "weak_odr ";
    case L::AppendingLinkage: return "appending ";
    case L::InternalLinkage: return "internal ";
    case L::PrivateLinkage: return "private ";
    case L::ExternalWeakLinkage: return "extern_weak ";
    case L::CommonLinkage: return "common ";
    }
    return "";
}

const char* ordering(llvm::AtomicOrdering o) {
    using O = llvm::AtomicOrdering;
    switch (o) {
    case O::NotAtomic: return "";
    case O::Unordered: return "unordered";
    case O::Monotonic: return "monotonic";
    case O::Acquire: return "acquire";
    case O::Release: return "release";
    case O::AcquireRelease: return "acq_rel";
    case O::SequentiallyConsistent: return "seq_cst";
    }
    return "";
}

// Fast-math flags as LLVM 7 spells them (all of them existed by then), with a trailing space.
std::string fmf(const llvm::Instruction& i) {
    if (!llvm::isa<llvm::FPMathOperator>(i)) return "";
    llvm::FastMathFlags f = i.getFastMathFlags();
    if (f.isFast()) return "fast ";
    std::string s;
    if (f.noNaNs()) s += "nnan ";
    if (f.noInfs()) s += "ninf ";
    if (f.noSignedZeros()) s += "nsz ";
    if (f.allowReciprocal()) s += "arcp ";
    if (f.allowContract()) s += "contract ";
    if (f.approxFunc()) s += "afn ";
    if (f.allowReassoc()) s += "reassoc ";
    return s;
}

// Parameter attributes LLVM 7 reads with the same meaning; the others are dropped (noundef,
// range, ...) or, where dropping would change meaning, refused (byval, sret, ...).
std::string param_attributes(const llvm::AttributeSet& attrs, bool call_site) {
    std::string s;
    for (const llvm::Attribute& a : attrs) {
        if (a.isStringAttribute()) continue;
        switch (a.getKindAsEnum()) {
        case llvm::Attribute::NoAlias: s += " noalias"; break;
        case llvm::Attribute::NoCapture: s += " nocapture"; break;
        case llvm::Attribute::ReadOnly: s += " readonly"; break;
        case llvm::Attribute::ReadNone: s += " readnone"; break;
        case llvm::Attribute::WriteOnly: s += " writeonly"; break;
        case llvm::Attribute::NonNull: s += " nonnull"; break;
        case llvm::Attribute::SExt: s += " signext"; break;
        case llvm::Attribute::ZExt: s += " zeroext"; break;
        case llvm::Attribute::Alignment:
            if (!call_site) s += fmt::format(" align {}", a.getValueAsInt());
            break;
        case llvm::Attribute::Dereferenceable: s += fmt::format(" dereferenceable({})", a.getValueAsInt()); break;
        case llvm::Attribute::ByVal:
        case llvm::Attribute::StructRet:
        case llvm::Attribute::InAlloca:
        case llvm::Attribute::Preallocated:
        case llvm::Attribute::ByRef:
        case llvm::Attribute::ElementType: refuse(fmt::format("a '{}' parameter", a.getAsString()));
        default: break;
        }
    }
    return s;
}

// Conventions NVPTX lowers as the C one (LLVM's GlobalOpt makes internal functions fastcc):
// written as the default on both the function and its calls.
bool plain_convention(llvm::CallingConv::ID cc) {
    return cc == llvm::CallingConv::C || cc == llvm::CallingConv::Fast || cc == llvm::CallingConv::Cold ||
           cc == llvm::CallingConv::PTX_Device;
}

std::string function_attributes(const llvm::Function& f, bool kernel) {
    std::string s;
    if (f.hasFnAttribute(llvm::Attribute::AlwaysInline)) s += " alwaysinline";
    // libNVVM warns of (and so refuses) a noinline kernel.
    if (!kernel && f.hasFnAttribute(llvm::Attribute::NoInline)) s += " noinline";
    if (f.hasFnAttribute(llvm::Attribute::Convergent)) s += " convergent";
    if (f.hasFnAttribute(llvm::Attribute::NoReturn)) s += " noreturn";
    if (f.hasFnAttribute(llvm::Attribute::NoUnwind)) s += " nounwind";
    return s;
}

// The target-independent intrinsics without pointers that LLVM 7.0 had under the names LLVM
// 19 gives them. The NVVM ones pass by name: one LLVM 7 lacked becomes a call ptxas cannot
// parse, the LTO link fails, and the kernel is linked from its PTX (pipeline/device_link_files).
bool known_to_llvm7(llvm::Intrinsic::ID id) {
    namespace I = llvm::Intrinsic;
    // clang-format off
    static constexpr llvm::Intrinsic::ID kKnown[] = {
        I::fabs, I::sqrt, I::sin, I::cos, I::pow, I::powi, I::exp, I::exp2, I::log, I::log2, I::log10,
        I::fma, I::fmuladd, I::floor, I::ceil, I::trunc, I::rint, I::nearbyint, I::round, I::copysign,
        I::minnum, I::maxnum, I::canonicalize, I::ctpop, I::ctlz, I::cttz, I::bswap, I::bitreverse,
        I::fshl, I::fshr, I::trap, I::debugtrap, I::convert_to_fp16, I::convert_from_fp16,
        I::sadd_with_overflow, I::uadd_with_overflow, I::ssub_with_overflow, I::usub_with_overflow,
        I::smul_with_overflow, I::umul_with_overflow};
    // clang-format on
    return std::find(std::begin(kKnown), std::end(kKnown), id) != std::end(kKnown);
}

class Writer {
public:
    explicit Writer(const llvm::Module& m) : m_(m) {
        llvm::SmallVector<llvm::StringRef, 8> names;
        m.getContext().getSyncScopeNames(names);
        for (llvm::StringRef n : names) scopes_.push_back(n.str());
        collect_kernels();
    }

    std::string run() {
        std::string body;
        for (const llvm::GlobalVariable& g : m_.globals()) body += global(g);
        for (const llvm::Function& f : m_)
            if (!f.isDeclaration()) body += function(f);
        std::string out = fmt::format("target datalayout = \"{}\"\ntarget triple = \"{}\"\n\n",
                                      escaped(m_.getDataLayoutStr()), escaped(m_.getTargetTriple()));
        for (llvm::StructType* s : m_.getIdentifiedStructTypes()) {
            if (s->isOpaque())
                out += fmt::format("%{} = type opaque\n", ident(s->getName()));
            else
                out += fmt::format("%{} = type {}\n", ident(s->getName()), struct_body(s));
        }
        out += "\n" + body;
        for (const auto& [name, decl] : declarations_) out += decl + "\n";
        out += used() + metadata();
        return out;
    }

private:
    // --- types -------------------------------------------------------------------------
    std::string type(llvm::Type* t) {
        switch (t->getTypeID()) {
        case llvm::Type::VoidTyID: return "void";
        case llvm::Type::HalfTyID: return "half";
        case llvm::Type::FloatTyID: return "float";
        case llvm::Type::DoubleTyID: return "double";
        case llvm::Type::LabelTyID: return "label";
        case llvm::Type::IntegerTyID: return fmt::format("i{}", t->getIntegerBitWidth());
        case llvm::Type::PointerTyID: return fmt::format("i8{}*", addrspace(t->getPointerAddressSpace()));
        case llvm::Type::FunctionTyID: return function_type(llvm::cast<llvm::FunctionType>(t));
        case llvm::Type::ArrayTyID:
            return fmt::format("[{} x {}]", t->getArrayNumElements(), type(t->getArrayElementType()));
        case llvm::Type::FixedVectorTyID: {
            auto* v = llvm::cast<llvm::FixedVectorType>(t);
            if (v->getElementType()->isPointerTy()) refuse("a vector of pointers");
            return fmt::format("<{} x {}>", v->getNumElements(), type(v->getElementType()));
        }
        case llvm::Type::StructTyID: {
            auto* s = llvm::cast<llvm::StructType>(t);
            if (s->hasName()) return "%" + ident(s->getName());
            return struct_body(s);
        }
        default: break;
        }
        std::string name;
        llvm::raw_string_ostream os(name);
        t->print(os);
        refuse(fmt::format("the type {}", name));
    }

    std::string struct_body(llvm::StructType* s) {
        std::string fields;
        for (unsigned i = 0; i < s->getNumElements(); ++i) fields += (i ? ", " : "") + type(s->getElementType(i));
        if (s->isPacked()) return fields.empty() ? "<{}>" : "<{ " + fields + " }>";
        return fields.empty() ? "{}" : "{ " + fields + " }";
    }

    std::string function_type(llvm::FunctionType* f) {
        std::string params;
        for (unsigned i = 0; i < f->getNumParams(); ++i) params += (i ? ", " : "") + type(f->getParamType(i));
        if (f->isVarArg()) params += params.empty() ? "..." : ", ...";
        return fmt::format("{} ({})", type(f->getReturnType()), params);
    }

    // What a global's address is in the typed-pointer world.
    std::string address_type(const llvm::GlobalValue& g) {
        return fmt::format("{}{}*", type(g.getValueType()), addrspace(g.getAddressSpace()));
    }
    std::string typed_pointer(llvm::Type* elem, unsigned as) { return fmt::format("{}{}*", type(elem), addrspace(as)); }

    // --- constants and operands -------------------------------------------------------
    std::string constant(const llvm::Constant* c) {
        llvm::Type* t = c->getType();
        if (auto* g = llvm::dyn_cast<llvm::GlobalValue>(c)) {
            if (llvm::isa<llvm::GlobalAlias>(g) || llvm::isa<llvm::GlobalIFunc>(g)) refuse("a global alias");
            return fmt::format("bitcast ({} @{} to {})", address_type(*g), global_name(g), type(t));
        }
        if (auto* i = llvm::dyn_cast<llvm::ConstantInt>(c)) {
            if (t->isIntegerTy(1)) return i->isOne() ? "true" : "false";
            return llvm::toString(i->getValue(), 10, true);
        }
        if (auto* f = llvm::dyn_cast<llvm::ConstantFP>(c)) {
            llvm::APFloat v = f->getValueAPF();
            if (t->isHalfTy()) return fmt::format("0xH{:04X}", v.bitcastToAPInt().getZExtValue());
            if (t->isFloatTy() || t->isDoubleTy()) {
                bool lost = false;
                v.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lost);
                return fmt::format("0x{:016X}", v.bitcastToAPInt().getZExtValue());
            }
            refuse("a floating-point constant of a type LLVM 7's NVVM lacks");
        }
        if (llvm::isa<llvm::ConstantPointerNull>(c)) return "null";
        if (llvm::isa<llvm::UndefValue>(c)) return "undef";  // poison too: LLVM 7 has no poison
        if (llvm::isa<llvm::ConstantAggregateZero>(c)) return "zeroinitializer";
        if (auto* d = llvm::dyn_cast<llvm::ConstantDataSequential>(c)) {
            if (d->isString()) return "c\"" + escaped(d->getAsString()) + "\"";
            std::string items;
            for (unsigned i = 0; i < d->getNumElements(); ++i)
                items += (i ? ", " : "") + typed(d->getElementAsConstant(i));
            return t->isVectorTy() ? "<" + items + ">" : "[" + items + "]";
        }
        if (llvm::isa<llvm::ConstantArray>(c) || llvm::isa<llvm::ConstantStruct>(c) ||
            llvm::isa<llvm::ConstantVector>(c)) {
            std::string items;
            for (unsigned i = 0; i < c->getNumOperands(); ++i)
                items += (i ? ", " : "") + typed(llvm::cast<llvm::Constant>(c->getOperand(i)));
            if (llvm::isa<llvm::ConstantArray>(c)) return "[" + items + "]";
            if (llvm::isa<llvm::ConstantVector>(c)) return "<" + items + ">";
            bool packed = llvm::cast<llvm::StructType>(t)->isPacked();
            return (packed ? "<{ " : "{ ") + items + (packed ? " }>" : " }");
        }
        if (auto* e = llvm::dyn_cast<llvm::ConstantExpr>(c)) return constant_expr(e);
        refuse("a constant of a kind LLVM 7 lacks");
    }

    std::string constant_expr(const llvm::ConstantExpr* e) {
        if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(e)) {
            unsigned as = gep->getPointerAddressSpace();
            std::string src = typed_pointer(gep->getSourceElementType(), as);
            std::string text =
                fmt::format("getelementptr {}({}, {} bitcast ({} to {})", gep->isInBounds() ? "inbounds " : "",
                            type(gep->getSourceElementType()), src, typed(gep->getPointerOperand()), src);
            for (auto idx = gep->idx_begin(); idx != gep->idx_end(); ++idx)
                text += ", " + typed(llvm::cast<llvm::Constant>(idx->get()));
            text += ")";
            return fmt::format("bitcast ({} {} to {})", typed_pointer(gep->getResultElementType(), as), text,
                               type(e->getType()));
        }
        if (e->isCast())
            return fmt::format("{} ({} to {})", e->getOpcodeName(), typed(e->getOperand(0)), type(e->getType()));
        if (llvm::Instruction::isBinaryOp(e->getOpcode()))
            return fmt::format("{} ({}, {})", e->getOpcodeName(), typed(e->getOperand(0)), typed(e->getOperand(1)));
        refuse(fmt::format("a '{}' constant expression", e->getOpcodeName()));
    }

    std::string operand(const llvm::Value* v) {
        if (auto it = names_.find(v); it != names_.end()) return it->second;
        if (auto* c = llvm::dyn_cast<llvm::Constant>(v)) return constant(c);
        if (llvm::isa<llvm::MetadataAsValue>(v)) refuse("a metadata operand");
        refuse("an operand of a kind LLVM 7 lacks");
    }
    std::string typed(const llvm::Value* v) { return type(v->getType()) + " " + operand(v); }

    // --- globals ------------------------------------------------------------------------
    // A global's name after its @; an unnamed one (LLVM numbers them @0, @1) gets one of its
    // own, as LLVM 7's text numbers only what it defines in order.
    std::string global_name(const llvm::GlobalValue* g) {
        if (g->hasName()) return ident(g->getName());
        return fmt::format("ujit.unnamed.{}", unnamed_.emplace(g, unnamed_.size()).first->second);
    }

    std::string global(const llvm::GlobalVariable& g) {
        if (g.getName() == "llvm.used") {
            for (const llvm::Value* v : llvm::cast<llvm::ConstantArray>(g.getInitializer())->operands())
                keep(llvm::cast<llvm::GlobalValue>(v->stripPointerCasts()));
            return {};
        }
        if (g.isThreadLocal()) refuse("a thread-local global");
        std::string s = fmt::format("@{} = {}", global_name(&g), linkage(g.getLinkage(), g.isDeclaration()));
        if (g.hasGlobalUnnamedAddr())
            s += "unnamed_addr ";
        else if (g.hasAtLeastLocalUnnamedAddr())
            s += "local_unnamed_addr ";
        if (g.getAddressSpace() != 0) s += fmt::format("addrspace({}) ", g.getAddressSpace());
        if (g.isExternallyInitialized()) s += "externally_initialized ";
        s += g.isConstant() ? "constant " : "global ";
        s += type(g.getValueType());
        if (g.hasInitializer()) s += " " + constant(g.getInitializer());
        if (g.hasSection()) s += fmt::format(", section \"{}\"", escaped(g.getSection()));
        if (g.getAlign()) s += fmt::format(", align {}", g.getAlign()->value());
        if (!g.isDeclaration() && !g.hasLocalLinkage()) keep(&g);
        return s + "\n";
    }

    void collect_kernels() {
        for (const llvm::Function& f : m_)
            if (f.getCallingConv() == llvm::CallingConv::PTX_Kernel) kernels_.insert(&f);
        if (const llvm::NamedMDNode* md = m_.getNamedMetadata("nvvm.annotations"))
            for (const llvm::MDNode* n : md->operands())
                if (n->getNumOperands() >= 3)
                    if (auto* s = llvm::dyn_cast<llvm::MDString>(n->getOperand(1)); s && s->getString() == "kernel")
                        if (auto* v = llvm::dyn_cast_or_null<llvm::ValueAsMetadata>(n->getOperand(0).get()))
                            if (auto* f = llvm::dyn_cast<llvm::Function>(v->getValue())) kernels_.insert(f);
    }

    // @llvm.used: what libNVVM and nvJitLink's LTO must keep (kernels are dropped otherwise).
    std::string used() {
        for (const llvm::Function& f : m_)
            if (!f.isDeclaration() && !f.hasLocalLinkage()) keep(&f);
        if (used_.empty()) return {};
        std::string items;
        for (const llvm::GlobalValue* g : used_) {
            items +=
                fmt::format("{}i8* {} ({} @{} to i8*)", items.empty() ? "" : ", ",
                            g->getAddressSpace() == 0 ? "bitcast" : "addrspacecast", address_type(*g), global_name(g));
        }
        return fmt::format("@llvm.used = appending global [{} x i8*] [{}], section \"llvm.metadata\"\n\n", used_.size(),
                           items);
    }
    void keep(const llvm::GlobalValue* g) {
        if (std::find(used_.begin(), used_.end(), g) == used_.end()) used_.push_back(g);
    }

    // !nvvm.annotations (kernels, launch bounds) and the NVVM IR version libNVVM checks.
    std::string metadata() {
        std::vector<std::string> nodes;
        std::set<const llvm::Function*> annotated;
        if (const llvm::NamedMDNode* md = m_.getNamedMetadata("nvvm.annotations")) {
            for (const llvm::MDNode* n : md->operands()) {
                std::string items;
                for (const llvm::MDOperand& op : n->operands()) {
                    items += items.empty() ? "" : ", ";
                    if (auto* s = llvm::dyn_cast_or_null<llvm::MDString>(op.get())) {
                        // LLVM's name for the cluster bound; NVVM's is numba-cuda's.
                        llvm::StringRef key =
                            s->getString() == "maxclusterrank" ? "cluster_max_blocks" : s->getString();
                        items += "!\"" + escaped(key) + "\"";
                    } else if (auto* v = llvm::dyn_cast_or_null<llvm::ValueAsMetadata>(op.get())) {
                        if (auto* g = llvm::dyn_cast<llvm::GlobalValue>(v->getValue())) {
                            items += fmt::format("{} @{}", address_type(*g), global_name(g));
                            if (auto* f = llvm::dyn_cast<llvm::Function>(g)) annotated.insert(f);
                        } else {
                            items += typed(v->getValue());
                        }
                    } else {
                        refuse("an nvvm.annotations entry of a kind LLVM 7 lacks");
                    }
                }
                nodes.push_back("!{" + items + "}");
            }
        }
        for (const llvm::Function& f : m_)
            if (kernels_.count(&f) && !annotated.count(&f))
                nodes.push_back(fmt::format("!{{{} @{}, !\"kernel\", i32 1}}", address_type(f), global_name(&f)));
        std::string refs, defs;
        for (size_t i = 0; i < nodes.size(); ++i) {
            refs += fmt::format("{}!{}", i ? ", " : "", i);
            defs += fmt::format("!{} = {}\n", i, nodes[i]);
        }
        size_t version = nodes.size();
        return fmt::format("!nvvm.annotations = !{{{}}}\n!nvvmir.version = !{{!{}}}\n{}!{} = !{{i32 2, i32 0}}\n", refs,
                           version, defs, version);
    }

    // --- functions ----------------------------------------------------------------------
    std::string function(const llvm::Function& f) {
        if (f.hasPersonalityFn() || f.hasGC() || f.hasPrefixData() || f.hasPrologueData())
            refuse(fmt::format("function '{}' has exception or GC data", f.getName().str()));
        if (!plain_convention(f.getCallingConv()) && f.getCallingConv() != llvm::CallingConv::PTX_Kernel)
            refuse(fmt::format("function '{}' has a calling convention LLVM 7's NVVM lacks", f.getName().str()));
        bool kernel = kernels_.count(&f) != 0;
        names_.clear();
        temps_ = 0;
        std::string params;
        unsigned n = 0;
        for (const llvm::Argument& a : f.args()) {
            names_[&a] = fmt::format("%a{}", n);
            params += fmt::format("{}{}{} %a{}", n ? ", " : "", type(a.getType()),
                                  param_attributes(f.getAttributes().getParamAttrs(n), false), n);
            ++n;
        }
        if (f.isVarArg()) refuse("a variadic function");
        unsigned b = 0, v = 0;
        for (const llvm::BasicBlock& bb : f) {
            names_[&bb] = fmt::format("%b{}", b++);
            for (const llvm::Instruction& i : bb)
                if (!i.getType()->isVoidTy()) names_[&i] = fmt::format("%v{}", v++);
        }
        std::string s = fmt::format("define {}{} @{}({}){}{} {{\n", linkage(f.getLinkage(), false),
                                    type(f.getReturnType()), global_name(&f), params,
                                    f.hasGlobalUnnamedAddr() ? " unnamed_addr" : "", function_attributes(f, kernel));
        for (const llvm::BasicBlock& bb : f) {
            s += names_[&bb].substr(1) + ":\n";
            for (const llvm::Instruction& i : bb) s += instruction(i);
        }
        return s + "}\n\n";
    }

    std::string temp() { return fmt::format("%t{}", temps_++); }

    // `p` (an i8 addrspace(N)*) as a pointer to `elem`: the cast's text and the new name.
    std::string cast_pointer(const llvm::Value* p, llvm::Type* elem, std::string& out) {
        std::string t = temp();
        unsigned as = p->getType()->getPointerAddressSpace();
        out += fmt::format("  {} = bitcast {} to {}\n", t, typed(p), typed_pointer(elem, as));
        return typed_pointer(elem, as) + " " + t;
    }

    std::string scope(llvm::SyncScope::ID id) {
        if (id == llvm::SyncScope::System) return "";
        return fmt::format("syncscope(\"{}\") ", id < scopes_.size() ? escaped(scopes_[id]) : "");
    }

    std::string instruction(const llvm::Instruction& i) {
        std::string out;
        std::string name = i.getType()->isVoidTy() ? "" : names_[&i] + " = ";
        switch (i.getOpcode()) {
        case llvm::Instruction::Ret:
            out = i.getNumOperands() ? "  ret " + typed(i.getOperand(0)) : "  ret void";
            return out + "\n";
        case llvm::Instruction::Br: {
            auto& br = llvm::cast<llvm::BranchInst>(i);
            if (br.isUnconditional()) return fmt::format("  br label {}\n", names_[br.getSuccessor(0)]);
            return fmt::format("  br {}, label {}, label {}\n", typed(br.getCondition()), names_[br.getSuccessor(0)],
                               names_[br.getSuccessor(1)]);
        }
        case llvm::Instruction::Switch: {
            auto& sw = llvm::cast<llvm::SwitchInst>(i);
            out = fmt::format("  switch {}, label {} [\n", typed(sw.getCondition()), names_[sw.getDefaultDest()]);
            for (const auto& c : sw.cases())
                out += fmt::format("    {}, label {}\n", typed(c.getCaseValue()), names_[c.getCaseSuccessor()]);
            return out + "  ]\n";
        }
        case llvm::Instruction::Unreachable: return "  unreachable\n";
        case llvm::Instruction::FNeg: {
            // LLVM 7 has no fneg: -0.0 - x is the same value (the sign flipped, NaN kept).
            llvm::Type* t = i.getType();
            std::string zero = "-0.0";
            if (auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(t)) {
                std::string e = type(vt->getElementType()) + " -0.0";
                zero = "<" + e;
                for (unsigned k = 1; k < vt->getNumElements(); ++k) zero += ", " + e;
                zero += ">";
            }
            return fmt::format("  {}fsub {}{} {}, {}\n", name, fmf(i), type(t), zero, operand(i.getOperand(0)));
        }
        case llvm::Instruction::Alloca: {
            auto& a = llvm::cast<llvm::AllocaInst>(i);
            std::string t = temp();
            out = fmt::format("  {} = alloca {}", t, type(a.getAllocatedType()));
            if (a.isArrayAllocation()) out += ", " + typed(a.getArraySize());
            if (a.getAddressSpace() != 0) out += fmt::format(", addrspace({})", a.getAddressSpace());
            out += fmt::format(", align {}\n", a.getAlign().value());
            return out + fmt::format("  {}bitcast {} {} to {}\n", name,
                                     typed_pointer(a.getAllocatedType(), a.getAddressSpace()), t, type(a.getType()));
        }
        case llvm::Instruction::Load: {
            auto& l = llvm::cast<llvm::LoadInst>(i);
            std::string p = cast_pointer(l.getPointerOperand(), l.getType(), out);
            std::string atomic = l.isAtomic() ? "atomic " : "";
            out += fmt::format("  {}load {}{}{}, {}", name, atomic, l.isVolatile() ? "volatile " : "",
                               type(l.getType()), p);
            if (l.isAtomic()) out += fmt::format(" {}{}", scope(l.getSyncScopeID()), ordering(l.getOrdering()));
            return out + fmt::format(", align {}\n", l.getAlign().value());
        }
        case llvm::Instruction::Store: {
            auto& st = llvm::cast<llvm::StoreInst>(i);
            std::string p = cast_pointer(st.getPointerOperand(), st.getValueOperand()->getType(), out);
            out += fmt::format("  store {}{}{}, {}", st.isAtomic() ? "atomic " : "", st.isVolatile() ? "volatile " : "",
                               typed(st.getValueOperand()), p);
            if (st.isAtomic()) out += fmt::format(" {}{}", scope(st.getSyncScopeID()), ordering(st.getOrdering()));
            return out + fmt::format(", align {}\n", st.getAlign().value());
        }
        case llvm::Instruction::GetElementPtr: {
            auto& g = llvm::cast<llvm::GetElementPtrInst>(i);
            if (g.getType()->isVectorTy()) refuse("a vector getelementptr");
            std::string p = cast_pointer(g.getPointerOperand(), g.getSourceElementType(), out);
            std::string t = temp();
            out += fmt::format("  {} = getelementptr {}{}, {}", t, g.isInBounds() ? "inbounds " : "",
                               type(g.getSourceElementType()), p);
            for (const llvm::Use& idx : g.indices()) out += ", " + typed(idx.get());
            return out + fmt::format("\n  {}bitcast {} {} to {}\n", name,
                                     typed_pointer(g.getResultElementType(), g.getAddressSpace()), t,
                                     type(g.getType()));
        }
        case llvm::Instruction::Fence: {
            auto& f = llvm::cast<llvm::FenceInst>(i);
            return fmt::format("  fence {}{}\n", scope(f.getSyncScopeID()), ordering(f.getOrdering()));
        }
        case llvm::Instruction::AtomicCmpXchg: {
            auto& x = llvm::cast<llvm::AtomicCmpXchgInst>(i);
            std::string p = cast_pointer(x.getPointerOperand(), x.getCompareOperand()->getType(), out);
            return out + fmt::format("  {}cmpxchg {}{}{}, {}, {} {}{} {}\n", name, x.isWeak() ? "weak " : "",
                                     x.isVolatile() ? "volatile " : "", p, typed(x.getCompareOperand()),
                                     typed(x.getNewValOperand()), scope(x.getSyncScopeID()),
                                     ordering(x.getSuccessOrdering()), ordering(x.getFailureOrdering()));
        }
        case llvm::Instruction::AtomicRMW: {
            auto& x = llvm::cast<llvm::AtomicRMWInst>(i);
            if (std::string intrinsic = nvvm_atomic(x); !intrinsic.empty())
                return atomic_call(intrinsic, x.getPointerOperand(), x.getValOperand(), name);
            std::string p = cast_pointer(x.getPointerOperand(), x.getValOperand()->getType(), out);
            return out + fmt::format("  {}atomicrmw {}{} {}, {} {}{}\n", name, x.isVolatile() ? "volatile " : "",
                                     llvm::AtomicRMWInst::getOperationName(x.getOperation()).str(), p,
                                     typed(x.getValOperand()), scope(x.getSyncScopeID()), ordering(x.getOrdering()));
        }
        case llvm::Instruction::ICmp:
        case llvm::Instruction::FCmp: {
            auto& c = llvm::cast<llvm::CmpInst>(i);
            return fmt::format("  {}{} {}{} {}, {}\n", name, i.getOpcodeName(), fmf(i),
                               llvm::CmpInst::getPredicateName(c.getPredicate()).str(), typed(c.getOperand(0)),
                               operand(c.getOperand(1)));
        }
        case llvm::Instruction::PHI: {
            auto& phi = llvm::cast<llvm::PHINode>(i);
            out = fmt::format("  {}phi {} ", name, type(phi.getType()));
            for (unsigned k = 0; k < phi.getNumIncomingValues(); ++k)
                out += fmt::format("{}[ {}, {} ]", k ? ", " : "", operand(phi.getIncomingValue(k)),
                                   names_[phi.getIncomingBlock(k)]);
            return out + "\n";
        }
        case llvm::Instruction::Select:
            return fmt::format("  {}select {}, {}, {}\n", name, typed(i.getOperand(0)), typed(i.getOperand(1)),
                               typed(i.getOperand(2)));
        case llvm::Instruction::Freeze:
            // LLVM 7 has no freeze; before it, LLVM read the value itself (what freeze of a
            // value that is not poison is).
            if (i.getType()->isAggregateType()) refuse("freeze of an aggregate");
            return fmt::format("  {}bitcast {} to {}\n", name, typed(i.getOperand(0)), type(i.getType()));
        case llvm::Instruction::ExtractElement:
            return fmt::format("  {}extractelement {}, {}\n", name, typed(i.getOperand(0)), typed(i.getOperand(1)));
        case llvm::Instruction::InsertElement:
            return fmt::format("  {}insertelement {}, {}, {}\n", name, typed(i.getOperand(0)), typed(i.getOperand(1)),
                               typed(i.getOperand(2)));
        case llvm::Instruction::ShuffleVector: {
            auto& sv = llvm::cast<llvm::ShuffleVectorInst>(i);
            std::string mask;
            for (int e : sv.getShuffleMask())
                mask += (mask.empty() ? "" : ", ") + (e < 0 ? std::string("i32 undef") : fmt::format("i32 {}", e));
            return fmt::format("  {}shufflevector {}, {}, <{} x i32> <{}>\n", name, typed(sv.getOperand(0)),
                               typed(sv.getOperand(1)), sv.getShuffleMask().size(), mask);
        }
        case llvm::Instruction::ExtractValue: {
            auto& e = llvm::cast<llvm::ExtractValueInst>(i);
            out = fmt::format("  {}extractvalue {}", name, typed(e.getAggregateOperand()));
            for (unsigned idx : e.indices()) out += fmt::format(", {}", idx);
            return out + "\n";
        }
        case llvm::Instruction::InsertValue: {
            auto& e = llvm::cast<llvm::InsertValueInst>(i);
            out = fmt::format("  {}insertvalue {}, {}", name, typed(e.getAggregateOperand()),
                              typed(e.getInsertedValueOperand()));
            for (unsigned idx : e.indices()) out += fmt::format(", {}", idx);
            return out + "\n";
        }
        case llvm::Instruction::Call: return call(llvm::cast<llvm::CallInst>(i), name);
        default: break;
        }
        if (i.isCast())
            return fmt::format("  {}{} {} to {}\n", name, i.getOpcodeName(), typed(i.getOperand(0)), type(i.getType()));
        if (i.isBinaryOp()) {
            std::string flags = fmf(i);
            if (llvm::isa<llvm::OverflowingBinaryOperator>(i)) {
                if (i.hasNoUnsignedWrap()) flags += "nuw ";
                if (i.hasNoSignedWrap()) flags += "nsw ";
            }
            if (llvm::isa<llvm::PossiblyExactOperator>(i) && i.isExact()) flags += "exact ";
            return fmt::format("  {}{} {}{}, {}\n", name, i.getOpcodeName(), flags, typed(i.getOperand(0)),
                               operand(i.getOperand(1)));
        }
        refuse(fmt::format("the instruction '{}'", i.getOpcodeName()));
    }

    // LLVM 7's atomicrmw has integer operations only: a relaxed float add and CUDA's wrapping
    // increment and decrement are NVVM intrinsics there ("" for what atomicrmw spells itself).
    std::string nvvm_atomic(const llvm::AtomicRMWInst& x) {
        using Op = llvm::AtomicRMWInst::BinOp;
        llvm::Type* t = x.getValOperand()->getType();
        unsigned as = x.getPointerAddressSpace();
        bool relaxed =
            x.getOrdering() == llvm::AtomicOrdering::Monotonic && x.getSyncScopeID() == llvm::SyncScope::System;
        switch (x.getOperation()) {
        case Op::FAdd:
            if (!relaxed || !(t->isFloatTy() || t->isDoubleTy())) break;
            return t->isFloatTy() ? fmt::format("llvm.nvvm.atomic.load.add.f32.p{}f32", as)
                                  : fmt::format("llvm.nvvm.atomic.load.add.f64.p{}f64", as);
        case Op::UIncWrap:
        case Op::UDecWrap:
            if (!relaxed || !t->isIntegerTy(32)) break;
            return wrapping_atomic(x.getOperation() == Op::UIncWrap, as);
        case Op::Xchg:
        case Op::Add:
        case Op::Sub:
        case Op::And:
        case Op::Nand:
        case Op::Or:
        case Op::Xor:
        case Op::Max:
        case Op::Min:
        case Op::UMax:
        case Op::UMin:
            if (t->isIntegerTy()) return {};
            break;
        default: break;
        }
        refuse(
            fmt::format("atomicrmw {} on {}", llvm::AtomicRMWInst::getOperationName(x.getOperation()).str(), type(t)));
    }

    // LLVM 7's name of CUDA's wrapping atomic increment (decrement) of an i32.
    static std::string wrapping_atomic(bool increment, unsigned as) {
        return fmt::format("llvm.nvvm.atomic.load.{}.32.p{}i32", increment ? "inc" : "dec", as);
    }

    // A call of NVVM's atomic `intrinsic` on `pointer` (typed as `value`'s pointer) and `value`.
    std::string atomic_call(const std::string& intrinsic, const llvm::Value* pointer, const llvm::Value* value,
                            const std::string& name) {
        std::string out;
        std::string p = cast_pointer(pointer, value->getType(), out);
        std::string t = type(value->getType());
        declare(intrinsic,
                fmt::format("declare {} @{}({}, {})", t, intrinsic,
                            typed_pointer(value->getType(), pointer->getType()->getPointerAddressSpace()), t));
        return out + fmt::format("  {}call {} @{}({}, {})\n", name, t, intrinsic, p, typed(value));
    }

    std::string arguments(const llvm::CallInst& c) {
        std::string args;
        for (unsigned k = 0; k < c.arg_size(); ++k)
            args +=
                fmt::format("{}{}{} {}", k ? ", " : "", type(c.getArgOperand(k)->getType()),
                            param_attributes(c.getAttributes().getParamAttrs(k), true), operand(c.getArgOperand(k)));
        return args;
    }

    void declare(const std::string& name, const std::string& text) { declarations_.emplace(name, text); }

    std::string call(const llvm::CallInst& c, const std::string& name) {
        if (!plain_convention(c.getCallingConv())) refuse("a call with a calling convention LLVM 7's NVVM lacks");
        if (c.hasOperandBundles()) refuse("a call with operand bundles");
        const llvm::Value* callee = c.getCalledOperand();
        std::string ret = type(c.getType());
        if (auto* asm_ = llvm::dyn_cast<llvm::InlineAsm>(callee)) {
            return fmt::format("  {}call {} asm {}{}\"{}\", \"{}\"({})\n", name, ret,
                               asm_->hasSideEffects() ? "sideeffect " : "", asm_->isAlignStack() ? "alignstack " : "",
                               escaped(asm_->getAsmString()), escaped(asm_->getConstraintString()), arguments(c));
        }
        const auto* f = llvm::dyn_cast<llvm::Function>(callee);
        if (f && f->isIntrinsic()) return intrinsic(c, *f, name);
        if (!f) {  // through a pointer: cast it to the function's pointer type
            std::string out;
            std::string fty = function_type(c.getFunctionType()) + "*";
            std::string t = temp();
            out += fmt::format("  {} = bitcast {} to {}\n", t, typed(callee), fty);
            return out + fmt::format("  {}call {}{} {}({})\n", name, fmf(c), ret, t, arguments(c));
        }
        if (f->isDeclaration())
            declare(f->getName().str(), fmt::format("declare {} @{}({}){}", type(f->getReturnType()), global_name(f),
                                                    declared_params(*f), function_attributes(*f, false)));
        std::string callee_type = f->isVarArg() ? function_type(f->getFunctionType()) : ret;
        return fmt::format("  {}call {}{} @{}({})\n", name, fmf(c), callee_type, global_name(f), arguments(c));
    }

    std::string declared_params(const llvm::Function& f) {
        std::string params;
        for (unsigned k = 0; k < f.arg_size(); ++k)
            params += fmt::format("{}{}{}", k ? ", " : "", type(f.getArg(k)->getType()),
                                  param_attributes(f.getAttributes().getParamAttrs(k), false));
        if (f.isVarArg()) params += f.arg_size() ? ", ..." : "...";
        return params;
    }

    // An intrinsic call: passed on where LLVM 7 has it under the same name and no pointer is in
    // its signature, renamed where only the pointers' mangling differs, rewritten or dropped
    // where LLVM 7 lacks it; refused otherwise.
    std::string intrinsic(const llvm::CallInst& c, const llvm::Function& f, const std::string& name) {
        using ID = llvm::Intrinsic::ID;
        ID id = f.getIntrinsicID();
        switch (id) {
        case llvm::Intrinsic::lifetime_start:
        case llvm::Intrinsic::lifetime_end:
        case llvm::Intrinsic::assume:
        case llvm::Intrinsic::experimental_noalias_scope_decl:
        case llvm::Intrinsic::dbg_declare:
        case llvm::Intrinsic::dbg_value:
        case llvm::Intrinsic::dbg_label:
        case llvm::Intrinsic::sideeffect:
        case llvm::Intrinsic::donothing: return {};  // hints only
        case llvm::Intrinsic::expect:
            return fmt::format("  {}bitcast {} to {}\n", name, typed(c.getArgOperand(0)), type(c.getType()));
        case llvm::Intrinsic::smax:
        case llvm::Intrinsic::smin:
        case llvm::Intrinsic::umax:
        case llvm::Intrinsic::umin: {
            const char* pred = id == llvm::Intrinsic::smax   ? "sgt"
                               : id == llvm::Intrinsic::smin ? "slt"
                               : id == llvm::Intrinsic::umax ? "ugt"
                                                             : "ult";
            std::string t = temp();
            std::string out =
                fmt::format("  {} = icmp {} {}, {}\n", t, pred, typed(c.getArgOperand(0)), operand(c.getArgOperand(1)));
            return out + fmt::format("  {}select {} {}, {}, {}\n", name, condition_type(c.getType()), t,
                                     typed(c.getArgOperand(0)), typed(c.getArgOperand(1)));
        }
        case llvm::Intrinsic::abs: {
            std::string zero = c.getType()->isVectorTy() ? "zeroinitializer" : "0";
            std::string neg = temp(), is_neg = temp();
            std::string out =
                fmt::format("  {} = sub {} {}, {}\n", neg, type(c.getType()), zero, operand(c.getArgOperand(0)));
            out += fmt::format("  {} = icmp slt {}, {}\n", is_neg, typed(c.getArgOperand(0)), zero);
            return out + fmt::format("  {}select {} {}, {} {}, {}\n", name, condition_type(c.getType()), is_neg,
                                     type(c.getType()), neg, typed(c.getArgOperand(0)));
        }
        case llvm::Intrinsic::memcpy:
        case llvm::Intrinsic::memmove:
        case llvm::Intrinsic::memset: {
            // LLVM 7 mangles a pointer by its pointee: llvm.memcpy.p0i8.p0i8.i64.
            std::string renamed = fmt::format("llvm.{}", id == llvm::Intrinsic::memset   ? "memset"
                                                         : id == llvm::Intrinsic::memcpy ? "memcpy"
                                                                                         : "memmove");
            for (const llvm::Value* a : {c.getArgOperand(0), c.getArgOperand(1)})
                if (a->getType()->isPointerTy())
                    renamed += fmt::format(".p{}i8", a->getType()->getPointerAddressSpace());
            renamed += fmt::format(".i{}", c.getArgOperand(2)->getType()->getIntegerBitWidth());
            std::string params;
            for (const llvm::Value* a : c.args()) params += (params.empty() ? "" : ", ") + type(a->getType());
            declare(renamed, fmt::format("declare void @{}({})", renamed, params));
            return fmt::format("  call void @{}({})\n", renamed, arguments(c));
        }
        case llvm::Intrinsic::roundeven: {
            // LLVM 11's; rint rounds by the default mode, to the nearest even, as cvt.rni does.
            std::string renamed = "llvm.rint." + f.getName().substr(std::strlen("llvm.roundeven.")).str();
            std::string t = type(c.getType());
            declare(renamed, fmt::format("declare {} @{}({})", t, renamed, t));
            return fmt::format("  {}call {}{} @{}({})\n", name, fmf(c), t, renamed, arguments(c));
        }
        case llvm::Intrinsic::maximum:
        case llvm::Intrinsic::minimum: return nan_propagating_extreme(c, id == llvm::Intrinsic::maximum, name);
        case llvm::Intrinsic::nvvm_activemask:  // LLVM 9's: the instruction itself
            return fmt::format("  {}call i32 asm sideeffect \"activemask.b32 $0;\", \"=r\"()\n", name);
        case llvm::Intrinsic::nvvm_atomic_load_inc_32:
        case llvm::Intrinsic::nvvm_atomic_load_dec_32:
            return atomic_call(wrapping_atomic(id == llvm::Intrinsic::nvvm_atomic_load_inc_32,
                                               c.getArgOperand(0)->getType()->getPointerAddressSpace()),
                               c.getArgOperand(0), c.getArgOperand(1), name);
        default: break;
        }
        // libNVVM does not refuse an intrinsic its LLVM 7 lacks: it calls a function of that
        // name, which ptxas then cannot parse. So only what LLVM 7 had goes through.
        if (!f.getName().starts_with("llvm.nvvm.") && !known_to_llvm7(id))
            refuse(fmt::format("the intrinsic {} (newer than LLVM 7)", f.getName().str()));
        llvm::FunctionType* ft = f.getFunctionType();
        bool pointers = ft->getReturnType()->isPointerTy();
        for (llvm::Type* p : ft->params()) pointers = pointers || p->isPointerTy() || p->isMetadataTy();
        if (pointers) refuse(fmt::format("the intrinsic {}", f.getName().str()));
        declare(f.getName().str(), fmt::format("declare {} @{}({}){}", type(f.getReturnType()), global_name(&f),
                                               declared_params(f), function_attributes(f, false)));
        return fmt::format("  {}call {}{} @{}({})\n", name, fmf(c), type(c.getType()), global_name(&f), arguments(c));
    }

    // LLVM 8's maximum/minimum (IEEE 754-2019: a NaN operand gives NaN, -0 < +0) of a float or
    // double from compares and selects: the larger (smaller) operand; for equal ones the AND
    // (OR) of their bits, which is +0 (-0) for a pair of zeros and the value otherwise; a + b
    // where either is NaN (a NaN as the hardware makes it).
    std::string nan_propagating_extreme(const llvm::CallInst& c, bool maximum, const std::string& name) {
        llvm::Type* t = c.getType();
        if (!t->isFloatTy() && !t->isDoubleTy())
            refuse(fmt::format("the intrinsic {}", c.getCalledFunction()->getName().str()));
        std::string ft = type(t), it = t->isFloatTy() ? "i32" : "i64";
        std::string a = typed(c.getArgOperand(0)), b = operand(c.getArgOperand(1));
        std::string order = temp(), pick = temp(), ai = temp(), bi = temp(), joined = temp(), both = temp(),
                    equal = temp(), extreme = temp(), nan = temp(), sum = temp();
        std::string out = fmt::format("  {} = fcmp {} {}, {}\n", order, maximum ? "ogt" : "olt", a, b);
        out += fmt::format("  {} = select i1 {}, {}, {} {}\n", pick, order, a, ft, b);
        out += fmt::format("  {} = bitcast {} to {}\n", ai, a, it);
        out += fmt::format("  {} = bitcast {} {} to {}\n", bi, ft, b, it);
        out += fmt::format("  {} = {} {} {}, {}\n", joined, maximum ? "and" : "or", it, ai, bi);
        out += fmt::format("  {} = bitcast {} {} to {}\n", both, it, joined, ft);
        out += fmt::format("  {} = fcmp oeq {}, {}\n", equal, a, b);
        out += fmt::format("  {} = select i1 {}, {} {}, {} {}\n", extreme, equal, ft, both, ft, pick);
        out += fmt::format("  {} = fcmp uno {}, {}\n", nan, a, b);
        out += fmt::format("  {} = fadd {}, {}\n", sum, a, b);
        return out + fmt::format("  {}select i1 {}, {} {}, {} {}\n", name, nan, ft, sum, ft, extreme);
    }

    std::string condition_type(llvm::Type* t) {
        if (auto* v = llvm::dyn_cast<llvm::FixedVectorType>(t)) return fmt::format("<{} x i1>", v->getNumElements());
        return "i1";
    }

    const llvm::Module& m_;
    std::vector<std::string> scopes_;
    std::map<const llvm::GlobalValue*, size_t> unnamed_;
    std::set<const llvm::Function*> kernels_;  // membership only: output follows the module's order
    std::vector<const llvm::GlobalValue*> used_;  // in the module's order (the text is a cache key)
    std::map<std::string, std::string> declarations_;
    std::unordered_map<const llvm::Value*, std::string> names_;
    unsigned temps_ = 0;
};

}  // namespace

std::vector<std::string> nvvm_options(int opt_level, bool fastmath) {
    const char* precise = fastmath ? "0" : "1";
    return {fmt::format("-opt={}", std::clamp(opt_level, 0, 3)), "-fma=1", fastmath ? "-ftz=1" : "-ftz=0",
            std::string("-prec-div=") + precise, std::string("-prec-sqrt=") + precise};
}

NvvmIr write_nvvm_ir(const llvm::Module& m) {
    if (m.getNamedMetadata("llvm.dbg.cu")) return {{}, "debug information (kept in ujit's own PTX)"};
    try {
        return {Writer(m).run(), {}};
    } catch (const Refusal& r) {
        return {{}, r.why};
    }
}

}  // namespace ujit::cuda

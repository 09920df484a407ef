#include "syntax/ast.hpp"

#include <algorithm>

namespace ujit::syntax {

const char* spelling(BinOp op) {
    switch (op) {
    case BinOp::Add: return "+";
    case BinOp::Sub: return "-";
    case BinOp::Mul: return "*";
    case BinOp::Div: return "/";
    case BinOp::FloorDiv: return "//";
    case BinOp::Mod: return "%";
    case BinOp::Pow: return "**";
    case BinOp::LShift: return "<<";
    case BinOp::RShift: return ">>";
    case BinOp::BitAnd: return "&";
    case BinOp::BitOr: return "|";
    case BinOp::BitXor: return "^";
    case BinOp::MatMul: return "@";
    }
    return "?";
}

const char* spelling(UnaryOp op) {
    switch (op) {
    case UnaryOp::Neg: return "-";
    case UnaryOp::Pos: return "+";
    case UnaryOp::Invert: return "~";
    case UnaryOp::Not: return "not";
    }
    return "?";
}

const char* spelling(CmpOp op) {
    switch (op) {
    case CmpOp::Lt: return "<";
    case CmpOp::Le: return "<=";
    case CmpOp::Gt: return ">";
    case CmpOp::Ge: return ">=";
    case CmpOp::Eq: return "==";
    case CmpOp::Ne: return "!=";
    case CmpOp::Is: return "is";
    case CmpOp::IsNot: return "is not";
    case CmpOp::In: return "in";
    case CmpOp::NotIn: return "not in";
    }
    return "?";
}

// A later `def` of the same name replaces the earlier one, as in Python.
const FunctionDef* Module::find_function(const std::string& name) const {
    const FunctionDef* found = nullptr;
    for (const Stmt* s : body_)
        if (const auto* fn = dyn_cast<FunctionDef>(s); fn && fn->name == name) found = fn;
    return found;
}

// ---- jitclass: methods are named "Class.method"; a setter is decorated `@name.setter`.
const FunctionDef* JitClassDef::method(const std::string& member, bool setter) const {
    const std::string qualified = name + "." + member;
    for (const FunctionDef* fn : methods) {
        if (fn->name != qualified) continue;
        const bool is_setter = std::any_of(fn->decorators.begin(), fn->decorators.end(), [](const Expr* d) {
            const auto* a = dyn_cast<Attribute>(d);
            return a && a->attr == "setter";
        });
        if (is_setter == setter) return fn;
    }
    return nullptr;
}

}  // namespace ujit::syntax

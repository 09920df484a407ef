// Deep copies of statements, made after parsing: numba.literal_unroll compiles a loop body once
// per item of a tuple whose items differ in type (types/literal_unroll.hpp), and each copy
// needs nodes of its own, since typing keeps one result per node id.
//
// Copies belong to one specialization, not to the Module (which every specialization shares):
// a NodeArena owns them and numbers them from kClonedIdBase up, above every parsed node, so a
// copy's id never names a node of the module.
#pragma once

#include "syntax/ast.hpp"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ujit::syntax {

inline constexpr uint32_t kClonedIdBase = 0x80000000u;

class NodeArena {
public:
    template <class T> T* make(SourceLoc loc) {
        auto node = std::make_unique<T>();
        node->loc = loc;
        static_cast<Node&>(*node).id = kClonedIdBase + static_cast<uint32_t>(nodes_.size());
        T* raw = node.get();
        nodes_.push_back(std::move(node));
        return raw;
    }

private:
    std::vector<std::unique_ptr<Node>> nodes_;
};

// Copies of statements and expressions into `arena`, with each Name whose identifier is a key
// of `renames` spelled as its value instead. A def or lambda is refused with a located error
// (the only copies are literal_unroll's, which say so).
class Cloner {
public:
    Cloner(NodeArena& arena, const std::map<std::string, std::string>& renames) : arena_(arena), renames_(renames) {}
    Block block(const Block& b);
    Stmt* stmt(const Stmt* s);
    Expr* expr(const Expr* e);

private:
    Expr* expr_kind(const Expr* e);
    std::vector<Expr*> exprs(const std::vector<Expr*>& es);
    Expr* starred(const Starred* s);
    NodeArena& arena_;
    const std::map<std::string, std::string>& renames_;
    // The copies of Starred arguments and of their items so far: a spread call's StarItems are
    // its Starred's items, and its copy's must be the copy's.
    std::map<const Starred*, const Starred*> starred_;
    std::map<const StarItem*, StarItem*> star_items_;
};

}  // namespace ujit::syntax

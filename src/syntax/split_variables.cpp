// Numba's variable versions (syntax/split_variables.hpp): reaching definitions over a flow
// graph of the function's statements, definitions that reach one use joined into webs, one
// name per web.
#include "syntax/split_variables.hpp"

#include "syntax/ast_names.hpp"
#include "syntax/stack_budget.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace ujit::syntax {

namespace {

struct Definition {
    std::string_view name;  // the Name node's or the parameter's own text
    Name* node = nullptr;   // null: a parameter, defined on entry
};

// What one Name node does where it stands: is read (`use`), is assigned (`def`, an index into
// the definitions), or both (the target of `x += 1`).
struct Event {
    Name* node = nullptr;
    std::string_view name;
    int def = -1;
    bool use = false;
};

// A straight run of events; control leaves it for any of `succ`.
struct FlowBlock {
    std::vector<Event> events;
    std::vector<int> succ;
};

// Builds the flow graph of a def's body: blocks of events in evaluation order, edges where
// control may go. Block 0 is the entry, where the parameters are defined.
class GraphBuilder {
public:
    std::vector<FlowBlock> blocks;
    std::vector<Definition> defs;
    std::set<std::string> left_whole;  // names never split (split_variables.hpp says which)

    explicit GraphBuilder(FunctionDef& def) {
        cur_ = add_block();
        for (const Param& p : def.params) {
            defs.push_back({p.name, nullptr});
            blocks[0].events.push_back({nullptr, p.name, static_cast<int>(defs.size() - 1), false});
        }
        statements(def.body);
    }

private:
    struct Loop {
        int head, after;
    };
    int cur_ = -1;  // the block being filled; -1 after a jump (what follows is unreachable)
    std::vector<Loop> loops_;

    int add_block() {
        blocks.emplace_back();
        return static_cast<int>(blocks.size() - 1);
    }
    void edge(int from, int to) {
        if (from >= 0) blocks[from].succ.push_back(to);
    }
    // The block to add events to: after a jump, a fresh block no edge reaches.
    FlowBlock& here() {
        if (cur_ < 0) cur_ = add_block();
        return blocks[cur_];
    }
    // A block entered from the current one (if control reaches here).
    int branch() {
        int b = add_block();
        edge(cur_, b);
        return b;
    }
    // A block entered from each of `ends` that control reaches, or -1 when none does.
    int join(const std::vector<int>& ends) {
        int b = -1;
        for (int e : ends)
            if (e >= 0) {
                if (b < 0) b = add_block();
                edge(e, b);
            }
        return b;
    }

    void use(Name* n) { here().events.push_back({n, n->id, -1, true}); }
    void define(Name* n, bool also_use = false) {
        defs.push_back({n->id, n});
        here().events.push_back({n, n->id, static_cast<int>(defs.size() - 1), also_use});
    }

    void reads(const std::vector<Expr*>& es) {
        for (Expr* e : es) reads(e);
    }
    void reads(Expr* e) {
        if (!e) return;
        check_stack(e->loc, "expressions");
        switch (e->kind) {
        case ExprKind::Name: return use(cast<Name>(e));
        case ExprKind::Attribute: return reads(cast<Attribute>(e)->value);
        case ExprKind::Subscript: reads(cast<Subscript>(e)->value); return reads(cast<Subscript>(e)->index);
        case ExprKind::Slice:
            reads(cast<Slice>(e)->lower), reads(cast<Slice>(e)->upper);
            return reads(cast<Slice>(e)->step);
        case ExprKind::Call:
            reads(cast<Call>(e)->callee);
            reads(cast<Call>(e)->args);  // a starred argument's spread calls share these nodes
            for (Keyword& k : cast<Call>(e)->keywords) reads(k.value);
            return;
        case ExprKind::Unary: return reads(cast<Unary>(e)->operand);
        case ExprKind::Binary: reads(cast<Binary>(e)->lhs); return reads(cast<Binary>(e)->rhs);
        case ExprKind::Compare: return reads(cast<Compare>(e)->operands);
        case ExprKind::BoolOp: return reads(cast<BoolOp>(e)->values);
        case ExprKind::IfExp:
            reads(cast<IfExp>(e)->test), reads(cast<IfExp>(e)->body);
            return reads(cast<IfExp>(e)->orelse);
        case ExprKind::Tuple: return reads(cast<Tuple>(e)->elts);
        case ExprKind::ListComp:  // its own variables are `x$c<id>` names, left whole
            reads(cast<ListComp>(e)->elt);
            for (ListComp::Generator& g : cast<ListComp>(e)->generators) reads(g.iter), reads(g.ifs);
            return;
        case ExprKind::Lambda: return names_in(e, left_whole);  // a closure reads by name
        case ExprKind::Starred: return reads(cast<Starred>(e)->value);
        default: return;  // literals, spread items
        }
    }
    // An assignment target: names are defined, the parts of subscripts and attributes read.
    void assigns(Expr* t) {
        if (auto* n = dyn_cast<Name>(t)) return define(n);
        if (auto* tu = dyn_cast<Tuple>(t)) {
            for (Expr* e : tu->elts) assigns(e);
            return;
        }
        if (auto* s = dyn_cast<Starred>(t)) return assigns(s->value);
        reads(t);
    }

    void statements(Block& b) {
        for (Stmt* s : b) statement(s);
    }
    void statement(Stmt* s) {
        check_stack(s->loc, "blocks");
        switch (s->kind) {
        case StmtKind::ExprStmt: return reads(cast<ExprStmt>(s)->value);
        case StmtKind::Assign: {
            auto* a = cast<Assign>(s);
            reads(a->value);
            for (Expr* t : a->targets) assigns(t);
            return;
        }
        case StmtKind::AugAssign: {
            auto* a = cast<AugAssign>(s);
            reads(a->value);
            if (auto* n = dyn_cast<Name>(a->target)) return define(n, /*also_use=*/true);
            return reads(a->target);
        }
        case StmtKind::If: return if_statement(cast<If>(s));
        case StmtKind::While: return while_loop(cast<While>(s));
        case StmtKind::For: return for_loop(cast<For>(s));
        case StmtKind::Break:
            edge(cur_, loops_.back().after);
            cur_ = -1;
            return;
        case StmtKind::Continue:
            edge(cur_, loops_.back().head);
            cur_ = -1;
            return;
        case StmtKind::Return:
            reads(cast<Return>(s)->value);
            if (!cast<Return>(s)->yields) cur_ = -1;  // a yield resumes where it stood
            return;
        case StmtKind::Raise:
            reads(cast<Raise>(s)->exc);
            cur_ = -1;
            return;
        case StmtKind::Try: return try_statement(cast<Try>(s));
        case StmtKind::FunctionDef: {
            auto* f = cast<FunctionDef>(s);
            reads(f->decorators);
            names_in(Block{s}, left_whole);  // its name, parameters, defaults and body
            return;
        }
        case StmtKind::Import:
            for (const ImportAlias& a : cast<Import>(s)->names)
                left_whole.insert(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname);
            return;
        case StmtKind::ImportFrom:
            for (const ImportAlias& a : cast<ImportFrom>(s)->names)
                left_whole.insert(a.asname.empty() ? a.name : a.asname);
            return;
        case StmtKind::Pass: return;
        }
    }

    void if_statement(If* s) {
        std::vector<int> ends;
        for (;;) {
            reads(s->test);
            const int before = cur_;
            cur_ = branch();
            statements(s->body);
            ends.push_back(cur_);
            cur_ = before;
            cur_ = branch();
            if (If* elif = elif_of(s)) {  // a chain of thousands is a loop here, not a recursion
                s = elif;
                continue;
            }
            statements(s->orelse);
            ends.push_back(cur_);
            break;
        }
        cur_ = join(ends);
    }

    static bool always_true(const Expr* test) {
        if (auto* b = dyn_cast<BoolLit>(test)) return b->value;
        if (auto* i = dyn_cast<IntLit>(test)) return i->value != 0;
        return false;
    }

    void while_loop(While* s) {
        cur_ = branch();
        reads(s->test);
        loop(s->body, s->orelse, nullptr, /*test_ends_it=*/!always_true(s->test));  // `while True`: break only
    }

    void for_loop(For* s) {
        reads(s->iter);
        cur_ = branch();
        loop(s->body, s->orelse, s->target, /*test_ends_it=*/true);
    }

    // A loop whose head is the current block: each turn assigns `target` (a for's) and runs
    // the body, back to the head (continue too); the else part runs when the head ends the
    // loop, and break leaves past it.
    void loop(Block& body, Block& orelse, Expr* target, bool test_ends_it) {
        const int head = cur_;
        const int after = add_block();
        cur_ = branch();
        loops_.push_back({head, after});
        if (target) assigns(target);
        statements(body);
        edge(cur_, head);
        loops_.pop_back();
        cur_ = -1;
        if (test_ends_it) {
            cur_ = head;
            cur_ = branch();
            statements(orelse);
            edge(cur_, after);
        }
        cur_ = after;
    }

    // Names bound anywhere in the statement are left whole, so the graph need only carry the
    // others, whose definitions all precede the statement: the handler may start where the
    // body starts, finally runs after either.
    void try_statement(Try* s) {
        for (const Block* part : {&s->body, &s->handler, &s->orelse, &s->finalbody}) names_bound(*part, left_whole);
        const int before = cur_;
        cur_ = branch();
        statements(s->body);
        statements(s->orelse);
        const int body_end = cur_;
        int handler_end = -1;
        if (s->has_handler) {
            cur_ = before;
            cur_ = branch();
            statements(s->handler);
            handler_end = cur_;
        }
        cur_ = join({body_end, handler_end});
        statements(s->finalbody);
    }
};

// A set of definitions, one bit each.
using Bits = std::vector<uint64_t>;

bool merge_into(Bits& into, const Bits& from) {
    bool changed = false;
    for (size_t w = 0; w < into.size(); ++w) {
        const uint64_t next = into[w] | from[w];
        changed |= next != into[w];
        into[w] = next;
    }
    return changed;
}

class Webs {
public:
    explicit Webs(size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
    int root(int d) {
        while (parent_[d] != d) d = parent_[d] = parent_[parent_[d]];
        return d;
    }
    void join(int a, int b) { parent_[root(a)] = root(b); }

private:
    std::vector<int> parent_;
};

}  // namespace

void split_variables(FunctionDef& def) {
    GraphBuilder g(def);

    // Only a name defined twice or more can split; only those take part below.
    std::map<std::string_view, std::vector<int>> defs_of;
    for (size_t d = 0; d < g.defs.size(); ++d) defs_of[g.defs[d].name].push_back(static_cast<int>(d));
    std::vector<int> bit(g.defs.size(), -1);  // definition -> its bit, -1 when not taking part
    std::map<std::string_view, Bits> mask;    // a name -> the bits of its definitions
    std::vector<int> def_of_bit;
    for (auto& [name, ds] : defs_of) {
        if (ds.size() < 2 || g.left_whole.count(std::string(name)) || name.find('$') != std::string_view::npos)
            continue;
        for (int d : ds) {
            bit[d] = static_cast<int>(def_of_bit.size());
            def_of_bit.push_back(d);
        }
    }
    if (def_of_bit.empty()) return;
    const size_t words = (def_of_bit.size() + 63) / 64;
    for (auto& [name, ds] : defs_of) {
        if (bit[ds.front()] < 0) continue;
        Bits m(words, 0);
        for (int d : ds) m[bit[d] / 64] |= uint64_t(1) << (bit[d] % 64);
        mask.emplace(name, std::move(m));
    }

    // Reaching definitions: the bits live on entry to each block, to a fixed point.
    const size_t n = g.blocks.size();
    auto transfer = [&](Bits s, const FlowBlock& b) {
        for (const Event& e : b.events)
            if (e.def >= 0 && bit[e.def] >= 0) {
                const Bits& m = mask.at(e.name);
                for (size_t w = 0; w < words; ++w) s[w] &= ~m[w];
                s[bit[e.def] / 64] |= uint64_t(1) << (bit[e.def] % 64);
            }
        return s;
    };
    std::vector<Bits> in(n, Bits(words, 0));
    std::vector<int> work(n);
    std::iota(work.rbegin(), work.rend(), 0);  // popped from the back: block 0 first
    std::vector<char> queued(n, 1);
    while (!work.empty()) {
        const int b = work.back();
        work.pop_back();
        queued[b] = 0;
        const Bits out = transfer(in[b], g.blocks[b]);
        for (int s : g.blocks[b].succ)
            if (merge_into(in[s], out) && !queued[s]) queued[s] = 1, work.push_back(s);
    }

    // Webs: every definition a Name node stands for (those reaching it as a use, the one it
    // makes as a target) is one variable.
    Webs webs(def_of_bit.size());
    std::map<Name*, int> web_of_node;  // a node -> one definition bit of its web
    auto stands_for = [&](Name* node, int b) {
        auto [it, fresh] = web_of_node.emplace(node, b);
        if (!fresh) webs.join(it->second, b);
    };
    for (size_t b = 0; b < n; ++b) {
        Bits s = in[b];
        for (const Event& e : g.blocks[b].events) {
            auto m = mask.find(e.name);
            if (m == mask.end()) continue;
            if (e.use)
                for (size_t w = 0; w < words; ++w)
                    for (uint64_t live = s[w] & m->second[w]; live; live &= live - 1)
                        stands_for(e.node, static_cast<int>(w * 64 + __builtin_ctzll(live)));
            if (e.def >= 0) {
                if (e.node) stands_for(e.node, bit[e.def]);
                for (size_t w = 0; w < words; ++w) s[w] &= ~m->second[w];
                s[bit[e.def] / 64] |= uint64_t(1) << (bit[e.def] % 64);
            }
        }
    }

    // One name per web: the parameter's web, or else the web defined first, keeps the name;
    // the others are Numba's `name.1`, `name.2`, ... in source order.
    std::map<int, std::string> name_of_root;
    for (auto& [name, ds] : defs_of) {
        if (bit[ds.front()] < 0) continue;
        std::vector<int> roots;  // in the order of first definition: parameters, then node ids
        std::vector<int> order(ds);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            const uint32_t ia = g.defs[a].node ? g.defs[a].node->Node::id + 1 : 0;
            const uint32_t ib = g.defs[b].node ? g.defs[b].node->Node::id + 1 : 0;
            return ia < ib;
        });
        for (int d : order) {
            const int r = webs.root(bit[d]);
            if (std::find(roots.begin(), roots.end(), r) == roots.end()) roots.push_back(r);
        }
        if (roots.size() < 2) continue;
        for (size_t k = 0; k < roots.size(); ++k)
            name_of_root[roots[k]] = k == 0 ? std::string(name) : fmt::format("{}.{}", name, k);
    }
    for (auto& [node, b] : web_of_node) {
        auto it = name_of_root.find(webs.root(b));
        if (it != name_of_root.end()) node->id = it->second;
    }
}

std::string unversioned_name(const std::string& variable) { return variable.substr(0, variable.find('.')); }

}  // namespace ujit::syntax

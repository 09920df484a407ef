#include "types/heapq_typing.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

namespace {

constexpr const char* kFunctions[] = {"heapq.heappush",    "heapq.heappop",   "heapq.heapify", "heapq.heapreplace",
                                      "heapq.heappushpop", "heapq.nsmallest", "heapq.nlargest"};

// What '<' orders in Numba's heap: numbers, strings and tuples of them (complex is refused).
bool heap_orders(const Type* t) {
    if (t->is_tuple()) {
        for (const Type* e : t->elements())
            if (!heap_orders(e)) return false;
        return true;
    }
    return t->is_int() || t->is_float() || t->is_bool() || t->is_str();
}

void check_items(const Type* item, const Expr* at, const std::string& name, const HeapqTyping& h) {
    if (item->is_complex()) h.error(at->loc, "'<' not supported between instances of 'complex' and 'complex'");
    if (!heap_orders(item))
        h.error(at->loc,
                fmt::format("ujit's {} orders numbers, strings and tuples of them, not {}", name, item->str()));
}

}  // namespace

bool is_heapq_function(const std::string& path) {
    for (const char* f : kFunctions)
        if (path == f) return true;
    return false;
}

const Type* heapq_call_type(const Call* c, const std::string& path, const HeapqTyping& h,
                            std::vector<const Type*>* operands) {
    const std::string name = path.substr(6);  // "heappush"
    const bool two = name == "heappush" || name == "heapreplace" || name == "heappushpop" || name == "nsmallest" ||
                     name == "nlargest";
    if (!c->keywords.empty()) h.error(c->keywords[0].loc, fmt::format("{}() takes no keyword arguments", name));
    if (c->args.size() != (two ? 2u : 1u))
        h.error(c->loc, fmt::format("{}() takes exactly {} argument{} ({} given)", name, two ? 2 : 1, two ? "s" : "",
                                    c->args.size()));
    std::vector<const Type*> args;
    for (const Expr* a : c->args) {
        const Type* t = h.expr(a);
        if (!t) return nullptr;
        args.push_back(t);
    }
    if (name == "nsmallest" || name == "nlargest") {
        if (!args[0]->is_int() && !args[0]->is_bool())
            h.error(c->args[0]->loc, "First argument 'n' must be an integer");
        const Type* it = args[1];
        if (!it->is_list() && !(it->is_array() && it->ndim() == 1))
            h.error(c->args[1]->loc, "Second argument 'iterable' must be iterable");
        const Type* item = it->is_list() ? it->item() : it->dtype();
        if (!item) return nullptr;
        check_items(item, c->args[1], name, h);
        *operands = {int64(), it};
        return list_of(item);
    }
    const Type* heap = args[0];
    if (!heap->is_list()) h.error(c->args[0]->loc, "heap argument must be a list");
    const Type* item = heap->item();
    if (two && !item) {
        h.refine_list(c->args[0], heap, args[1], c->args[1]->loc);  // `h = []; heappush(h, x)`
        return nullptr;                                              // the next pass sees the item type
    }
    if (!item) return nullptr;
    if (two && args[1] != item && h.final_pass)
        h.error(c->args[1]->loc,
                fmt::format("heap type must be the same as item type ({} and {})", item->str(), args[1]->str()));
    check_items(item, c->args[0], name, h);
    *operands = {heap};
    if (two) operands->push_back(item);
    return name == "heappush" || name == "heapify" ? none() : item;
}

}  // namespace ujit::types

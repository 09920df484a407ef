// ujit::Module: load, check and look up functions.
#include "cache/hash.hpp"
#include "pipeline/module_state.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/parser.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace ujit {

Module Module::from_string(const std::string& source, const std::string& filename) {
    auto state = std::make_shared<detail::ModuleState>();
    state->file = std::make_shared<syntax::SourceFile>(filename, source);
    state->source_hash = cache::hex64(cache::fnv1a64(source));
    try {
        state->ast = syntax::parse_module(state->file);
        state->typer = std::make_unique<types::ModuleTyper>(*state->ast);
        state->typer->check_module();
    } catch (const syntax::CompileError&) {
        detail::rethrow_compile_error(*state, std::current_exception());
    }
    Module m;
    m.m_ = std::move(state);
    return m;
}

Module Module::from_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(Error::Kind::Argument, fmt::format("{}: error: cannot open file", path), path);
    std::ostringstream text;
    text << in.rdbuf();
    return from_string(text.str(), path);
}

Function Module::function(const std::string& name) const {
    const syntax::FunctionDef* def = m_->ast->find_function(name);
    if (!def)
        throw Error(Error::Kind::Argument,
                    fmt::format("{}: error: no function named '{}' in this module", m_->file->name(), name),
                    m_->file->name());
    Function f;
    f.m_ = m_;
    f.def_ = def;
    return f;
}

std::vector<std::string> Module::function_names() const {
    std::vector<std::string> names;
    for (const syntax::Stmt* s : m_->ast->body())
        if (auto* fn = syntax::dyn_cast<syntax::FunctionDef>(s)) names.push_back(fn->name);
    return names;
}

const std::string& Module::filename() const { return m_->file->name(); }

}  // namespace ujit

// ujit::Module: load, check and look up functions.
#include "cache/hash.hpp"
#include "cudadrv/cuda_warmup.hpp"
#include "cudalink/device_link.hpp"
#include "pipeline/call_cache.hpp"
#include "pipeline/marshal.hpp"
#include "pipeline/module_state.hpp"
#include "pipeline/record_values.hpp"
#include "runtime/dtype.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/parser.hpp"
#include "syntax/stack_budget.hpp"
#include "types/const_array.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace ujit {

HostGlobal HostGlobal::constant(Value v) {
    HostGlobal g;
    g.value = std::move(v);
    return g;
}

HostGlobal HostGlobal::module(std::string name) {
    HostGlobal g;
    g.kind = Kind::Module;
    g.target = std::move(name);
    return g;
}

HostGlobal HostGlobal::module_member(std::string module, std::string member) {
    HostGlobal g;
    g.kind = Kind::Member;
    g.target = std::move(module);
    g.member = std::move(member);
    return g;
}

HostGlobal HostGlobal::device_array(ArrayRef a) {
    HostGlobal g;
    g.kind = Kind::DeviceArray;
    g.value = Value(std::move(a));
    return g;
}

HostGlobal HostGlobal::function(std::string def_name) {
    HostGlobal g;
    g.kind = Kind::Function;
    g.target = std::move(def_name);
    return g;
}

namespace {

// A global array frozen as Numba freezes one: its items copied now, in C order.
std::string c_order_bytes(const ArrayRef& a) {
    const auto item = static_cast<int64_t>(ujit::itemsize(a.dtype));
    std::vector<int64_t> strides = a.strides.empty() ? ArrayRef::c_order(a.data, a.dtype, a.shape).strides : a.strides;
    std::string out;
    out.reserve(static_cast<size_t>(a.size() * item));
    std::vector<int64_t> index(a.shape.size(), 0);
    for (int64_t n = a.size(); n > 0; --n) {
        const char* at = static_cast<const char*>(a.data);
        for (size_t k = 0; k < index.size(); ++k) at += index[k] * strides[k];
        out.append(at, static_cast<size_t>(item));
        for (size_t k = index.size(); k-- > 0;) {  // the next index, the last axis fastest
            if (++index[k] < a.shape[k]) break;
            index[k] = 0;
        }
    }
    return out;
}

types::ConstValue const_of(const std::string& name, const Value& v) {
    if (v.is_array()) {
        const ArrayRef& a = v.array();
        pipeline::refuse_records(a, "a module global (ujit freezes arrays of numbers only)");
        return types::make_const_array(pipeline::type_of_dtype(a.dtype), a.shape, c_order_bytes(a));
    }
    types::ConstValue c;
    if (v.is_tuple()) {
        std::vector<const types::Type*> elems;
        for (const Value& e : v.tuple()) {
            c.elems.push_back(const_of(name, e));
            elems.push_back(c.elems.back().type);
        }
        c.type = types::tuple(std::move(elems));
        return c;
    }
    if (!v.is_scalar())
        throw Error(Error::Kind::Argument,
                    fmt::format("error: global '{}' must be a number, a tuple of numbers or an array", name));
    const Value::Scalar& s = v.scalar();
    c.type = pipeline::type_of_dtype(s.type);
    switch (runtime::dtype_kind(s.type)) {
    case runtime::DKind::Bool:
    case runtime::DKind::Int:
    case runtime::DKind::UInt:
    case runtime::DKind::Datetime: c.i = s.i; break;  // dt64: its count
    case runtime::DKind::Float: c.f = s.f; break;
    case runtime::DKind::Complex: c.c = s.c; break;
    }
    return c;
}

types::HostGlobal host_global(const std::string& name, const HostGlobal& g) {
    types::HostGlobal out;
    out.name = name;
    out.target = g.target;
    switch (g.kind) {
    case HostGlobal::Kind::Constant: out.constant = const_of(name, g.value); break;
    case HostGlobal::Kind::Module: out.kind = types::HostGlobal::Kind::Namespace; break;
    case HostGlobal::Kind::Member:
        out.kind = types::HostGlobal::Kind::Member;
        out.member = g.member;
        break;
    case HostGlobal::Kind::Function: out.kind = types::HostGlobal::Kind::FunctionAlias; break;
    case HostGlobal::Kind::DeviceArray: {
        const ArrayRef& a = g.value.array();
        std::vector<int64_t> strides =
            a.strides.empty() ? ArrayRef::c_order(a.data, a.dtype, a.shape).strides : a.strides;
        out.constant = types::make_captured_array(pipeline::type_of_dtype(a.dtype), a.shape, std::move(strides),
                                                  reinterpret_cast<uint64_t>(a.data));
        break;
    }
    }
    return out;
}

// The value as the disk cache key must see it: dtypes included (2.0 as float32 and as
// float64 compile differently).
std::string key_text(const Value& v) {
    if (v.is_scalar()) return fmt::format("{}:{}", dtype_name(v.scalar().type), v.repr());
    if (v.is_array())
        return fmt::format("{}{}:", dtype_name(v.array().dtype), fmt::join(v.array().shape, ",")) +
               c_order_bytes(v.array());
    std::string s = "(";
    if (v.is_tuple())
        for (const Value& e : v.tuple()) s += key_text(e) + ",";
    return s + ")";
}

// Everything besides the text that changes the compiled code: the globals, and the
// offsets (runtime error messages quote source positions).
std::string source_key(const std::string& source, const ModuleOptions& o) {
    std::string key = source;
    if (o.first_line > 1 || o.column_offset > 0 || !o.globals.empty()) {
        key += fmt::format("\n#ujit-offset {} {}\n", o.first_line, o.column_offset);
        for (const auto& [name, g] : o.globals) {
            // A captured device array is its address and layout (its memory is never read here).
            std::string value =
                g.kind == HostGlobal::Kind::DeviceArray
                    ? fmt::format("{}@{:x}{}/{}", dtype_name(g.value.array().dtype),
                                  reinterpret_cast<uintptr_t>(g.value.array().data),
                                  fmt::join(g.value.array().shape, ","), fmt::join(g.value.array().strides, ","))
                    : key_text(g.value);
            key += fmt::format("#ujit-global {} {} {} {} {}\n", name, int(g.kind), g.target, g.member, value);
        }
    }
    return key;
}

}  // namespace

Module Module::from_string(const std::string& source, const std::string& filename) {
    ModuleOptions o;
    o.filename = filename;
    return from_string(source, o);
}

namespace {

// ModuleOptions::link, each file's kind and presence checked now (Error naming it).
std::vector<types::LinkFile> module_link_files(const std::vector<std::string>& paths) {
    std::vector<types::LinkFile> out;
    for (const std::string& p : paths) {
        cudalink::link_kind_of(p);
        if (!std::ifstream(p, std::ios::binary))
            throw Error(Error::Kind::Argument, fmt::format("error: cannot read link file '{}'", p));
        out.push_back({p, {}});
    }
    return out;
}

}  // namespace

Module Module::from_string(const std::string& source, const ModuleOptions& options) {
    if (options.first_line < 0 || options.column_offset < 0)
        throw Error(Error::Kind::Argument, "error: first_line and column_offset must not be negative");
    std::vector<types::HostGlobal> globals;
    for (const auto& [name, g] : options.globals) {
        if (name.empty()) throw Error(Error::Kind::Argument, "error: a global without a name");
        globals.push_back(host_global(name, g));
    }
    auto state = std::make_shared<detail::ModuleState>();
    syntax::SourceOffset offset{uint32_t(options.first_line > 1 ? options.first_line - 1 : 0),
                                uint32_t(options.column_offset)};
    state->file = std::make_shared<syntax::SourceFile>(options.filename, source, offset);
    state->source_hash = cache::hex64(cache::fnv1a64(source_key(source, options)));
    try {
        // On a stack that can hold the parser and the module check (a thread of 256 KiB cannot
        // under TSan): both start afresh if a first try on the caller's stack runs short.
        syntax::run_on_compile_stack([&] {
            state->typer.reset();
            state->ast = syntax::parse_module(state->file);
            try {
                state->typer = std::make_unique<types::ModuleTyper>(*state->ast, globals);
                state->typer->set_module_link(module_link_files(options.link));
            } catch (const std::invalid_argument& e) {
                throw Error(Error::Kind::Argument, fmt::format("error: {}", e.what()));
            }
            state->typer->check_module();
        });
    } catch (const syntax::CompileError&) {
        detail::rethrow_compile_error(*state, std::current_exception());
    }
    for (const syntax::Stmt* s : state->ast->body())
        if (auto* fn = syntax::dyn_cast<syntax::FunctionDef>(s)) {
            state->call_caches[fn] = std::make_unique<pipeline::CallCache>();
            const types::Decorator& d = state->typer->decorator_of(fn);
            // A CUDA function: the driver starts now, beside what the caller does until its launch.
            if (d.kind == types::Decorator::Kind::CudaJit || d.target == types::TargetKind::CUDA)
                cuda::start_cuda_warmup();
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
    f.calls_ = m_->call_caches.at(def).get();
    return f;
}

std::vector<std::string> Module::function_names() const {
    std::vector<std::string> names;
    for (const syntax::Stmt* s : m_->ast->body())
        if (auto* fn = syntax::dyn_cast<syntax::FunctionDef>(s);
            fn && std::find(names.begin(), names.end(), fn->name) == names.end())
            names.push_back(fn->name);  // a redefined name once: its later def is the function
    return names;
}

const std::string& Module::filename() const { return m_->file->name(); }

std::vector<Module::HostStatement> Module::host_statements() const {
    std::vector<HostStatement> out;
    std::lock_guard lock(m_->typer_mutex);
    for (const types::SkippedStatement& s : m_->typer->skipped_statements())
        out.push_back({int(s.loc.line), int(s.loc.col), s.reason});
    return out;
}

}  // namespace ujit

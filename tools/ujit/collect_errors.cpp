#include "collect_errors.hpp"

#include "ujit/ujit.hpp"

#include <algorithm>
#include <exception>

namespace ujit::cli {

namespace {

SeenError seen_of(const ujit::Error& e) {
    SeenError s;
    s.line = e.line();
    s.col = e.column();
    s.rendered = e.what();
    std::string first = s.rendered.substr(0, s.rendered.find('\n'));
    size_t at = first.find("error: ");
    s.message = at == std::string::npos ? first : first.substr(at + 7);
    return s;
}

void add(CheckOutcome& out, SeenError s) {
    bool duplicate = std::any_of(out.errors.begin(), out.errors.end(), [&](const SeenError& o) {
        return o.line == s.line && o.col == s.col && o.message == s.message;
    });
    if (!duplicate) out.errors.push_back(std::move(s));
}

// Runs `step`, recording a failure instead of propagating it.
template <class F> bool attempt(CheckOutcome& out, F&& step) {
    try {
        step();
        return true;
    } catch (const ujit::Error& e) {
        add(out, seen_of(e));
    } catch (const std::exception& e) {
        add(out,
            SeenError{0, 0, std::string("internal error: ") + e.what(), std::string("internal error: ") + e.what()});
    }
    return false;
}

}  // namespace

CheckOutcome collect_errors(const std::string& path, const std::vector<std::pair<std::string, std::string>>& extra) {
    CheckOutcome out;
    ujit::Module module;
    if (!attempt(out, [&] { module = ujit::Module::from_file(path); })) return out;  // nothing else can be checked

    out.host = module.host_statements();
    std::vector<std::string> names = module.function_names();
    out.functions = static_cast<int>(names.size());
    for (const auto& [name, sig] : extra)
        if (std::find(names.begin(), names.end(), name) == names.end())
            add(out, SeenError{0, 0, "verify-sig names no function '" + name + "'", ""});

    for (const std::string& name : names) {
        ujit::Function f = module.function(name);
        std::vector<std::string> sigs = f.declared_signatures();
        for (const auto& [fn, sig] : extra)
            if (fn == name) sigs.push_back(sig);
        ujit::Options opts;
        opts.target = f.declared_target();
        for (const std::string& sig : sigs)
            if (attempt(out, [&] { f.compile(sig, opts); })) ++out.compiled;
    }
    return out;
}

}  // namespace ujit::cli

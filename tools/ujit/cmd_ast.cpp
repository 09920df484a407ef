// ujit ast FILE: the parser's AST of a module as indented S-expressions. Only parsing:
// no typing, so a module that would not type still shows its tree.
#include "commands.hpp"

#include "syntax/ast_dump.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/parser.hpp"
#include "ujit/ujit.hpp"

#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

namespace ujit::cli {

int run_ast(const ParsedArgs& args) {
    const std::string& path = args.positional.at(0);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ujit::Error(ujit::Error::Kind::Argument, path + ": error: cannot open file", path);
    std::ostringstream text;
    text << in.rdbuf();
    auto file = std::make_shared<syntax::SourceFile>(path, text.str());
    std::unique_ptr<syntax::Module> module;
    try {
        module = syntax::parse_module(file);
    } catch (const syntax::CompileError& e) {
        // Rendered like every other located error (FILE:LINE:COL: error: ..., the line, a caret).
        const syntax::Diagnostic& d = e.diagnostic();
        throw ujit::Error(ujit::Error::Kind::Compile, syntax::render(d, file.get()), path, int(d.loc.line),
                          int(d.loc.col));
    }
    std::fputs(syntax::dump_ast_tree(*module).c_str(), stdout);
    return 0;
}

}  // namespace ujit::cli

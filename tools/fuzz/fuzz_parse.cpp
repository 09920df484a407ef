// libFuzzer target: the lexer and parser, then the AST dump (a recursive walk, as every
// later stage is). Any input must parse or end in one CompileError; nothing else may
// escape, and no input may crash or overflow the stack.
#include "syntax/ast_dump.hpp"
#include "syntax/parser.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace ujit::syntax;
    auto file = std::make_shared<SourceFile>("fuzz.py", std::string(reinterpret_cast<const char*>(data), size));
    try {
        auto module = parse_module(file);
        (void)dump_ast(*module);
    } catch (const CompileError& e) {
        (void)render(e.diagnostic(), file.get());  // rendering a diagnostic on junk must not crash either
    }
    return 0;
}

// lower_gufunc_loop on both targets: the general loop and one for constant core sizes,
// verified by LLVM, and on CUDA assembled by ptxas; the constant CPU loop's core loops
// unroll completely (a 2x2 matmul keeps only the loop over its iterations).
#include "codegen/lower.hpp"
#include "cpu/jit.hpp"
#include "cpu/optimize.hpp"
#include "cuda/ptx.hpp"
#include "support/ptxas.hpp"
#include "syntax/parser.hpp"
#include "types/infer.hpp"

#include <catch2/catch.hpp>

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

using namespace ujit;

namespace {

const char* kSource = R"(
from numba import guvectorize

@guvectorize(['void(float32[:,:], float32[:,:], float32[:,:])'], '(m, n), (n, p) -> (m, p)')
def batch_matrix_mult(a, b, c):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            tmp = 0.
            for k in range(a.shape[1]):
                tmp += a[i, k] * b[k, j]
            c[i, j] = tmp
)";

// 2x2 @ 2x2, float32, C-contiguous: sizes m, n, p then each operand's two strides.
const std::vector<int64_t> kCore2x2 = {2, 2, 2, 8, 4, 8, 4, 8, 4};

std::string build(bool cuda, const std::vector<int64_t>& core) {
    auto file = std::make_shared<syntax::SourceFile>("mm.py", kSource);
    auto module = syntax::parse_module(file);
    types::ModuleTyper typer(*module);
    typer.check_module();
    const syntax::FunctionDef* def = module->find_function("batch_matrix_mult");
    const types::Decorator& d = typer.decorator_of(def);
    REQUIRE(d.gufunc.str() == "(m,n),(n,p)->(m,p)");
    const types::TypedFunction& fn =
        typer.specialize(def, d.signatures[0].args, cuda ? types::TargetKind::CUDA : types::TargetKind::CPU);
    llvm::LLVMContext ctx;
    auto target = cuda ? codegen::make_cuda_target("sm_80") : codegen::make_cpu_target();
    auto m = codegen::lower_gufunc_loop(ctx, *target, *module, fn, d.gufunc, core);
    std::string err;
    llvm::raw_string_ostream es(err);
    REQUIRE_FALSE(llvm::verifyModule(*m, &es));
    REQUIRE(m->getFunction(codegen::gufunc_symbol(fn.symbol)));
    if (cuda) {
        std::string ptx = cuda::emit_ptx(*m, cuda::PtxOptions{}, false).ptx;
        INFO(ptx);
        CHECK(test::ptxas_check(ptx, "sm_80").empty());
        return ptx;
    }
    cpu::optimize_module(*m, cpu::Jit::instance().target_machine(), 3);
    std::string ir;
    llvm::raw_string_ostream os(ir);
    m->print(os, nullptr);
    return ir;
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("codegen gufunc: the general and the constant-core loop on the CPU", "[codegen][gufunc]") {
    std::string general = build(false, {});
    CHECK(general.find("%core0 = load") != std::string::npos);  // the table is read at run time
    std::string constant = build(false, kCore2x2);
    // The table is not read, and the core loops are gone: far fewer branches remain.
    CHECK(constant.find("%core0 = load") == std::string::npos);
    CHECK(count(constant, "fmul") >= 1);
    CHECK(count(constant, "br i1") * 2 < count(general, "br i1"));
    CHECK_THROWS_WITH(build(false, {2, 2}), Catch::Matchers::Contains("internal error: a gufunc core table of 2"));
}

TEST_CASE("codegen gufunc: the CUDA kernels pass ptxas", "[codegen][gufunc]") {
    std::string general = build(true, {});
    CHECK(general.find(".entry batch_matrix_mult") != std::string::npos);
    std::string constant = build(true, kCore2x2);
    CHECK(count(constant, "mul.f32") + count(constant, "mul.rn.f32") >= 8);
}

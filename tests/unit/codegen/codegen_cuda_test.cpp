// The course's CUDA programs through the shared lowering with the CUDA target:
// parse → specialize (CUDA) → lower_function / lower_ufunc_loop → verify → emit_ptx → ptxas.
#include "codegen/abi.hpp"
#include "codegen/lower.hpp"
#include "cuda/ptx.hpp"
#include "support/ptxas.hpp"
#include "support/source_dir.hpp"
#include "syntax/parser.hpp"
#include "types/infer.hpp"

#include <catch2/catch.hpp>

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <fstream>
#include <sstream>

using namespace ujit;
using types::float32;
using types::Layout;

namespace {

std::string read_example(const std::string& name) {
    std::ifstream in(ujit::test::source_dir() + "/lang/examples/" + name);
    REQUIRE(in);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct CudaBuilt {
    std::string ir;   // lowered, before optimization
    std::string ptx;
};

CudaBuilt build_cuda(const std::string& source, const std::string& name, std::vector<const types::Type*> args,
                     bool ufunc = false) {
    auto file = std::make_shared<syntax::SourceFile>(name + ".py", source);
    auto module = syntax::parse_module(file);
    types::ModuleTyper typer(*module);
    typer.check_module();
    const syntax::FunctionDef* def = module->find_function(name);
    REQUIRE(def);
    const types::TypedFunction& fn = typer.specialize(def, args, types::TargetKind::CUDA);

    llvm::LLVMContext ctx;
    auto target = codegen::make_cuda_target("sm_80");
    auto m = ufunc ? codegen::lower_ufunc_loop(ctx, *target, *module, fn)
                   : codegen::lower_function(ctx, *target, *module, fn);
    CudaBuilt out;
    llvm::raw_string_ostream os(out.ir);
    m->print(os, nullptr);
    std::string err;
    llvm::raw_string_ostream es(err);
    INFO(out.ir);
    REQUIRE_FALSE(llvm::verifyModule(*m, &es));
    CHECK(m->getFunction(ufunc ? codegen::loop_symbol(fn.symbol) : fn.symbol));
    CHECK_FALSE(m->getFunction(codegen::packed_symbol(fn.symbol)));  // no packed wrapper on CUDA
    cuda::PtxOptions o;
    out.ptx = cuda::emit_ptx(*m, o, false).ptx;
    INFO(out.ptx);
    CHECK(test::ptxas_check(out.ptx, "sm_80").empty());
    return out;
}

const types::Type* f32_1d() { return types::array(float32(), 1, Layout::A); }

}  // namespace

TEST_CASE("codegen cuda: grid-stride add_kernel", "[codegen]") {
    auto k = build_cuda(read_example("add_kernel.py"), "add_kernel", {f32_1d(), f32_1d(), f32_1d()});
    CHECK(k.ptx.find(".entry add_kernel") != std::string::npos);
    CHECK((k.ptx.find("add.f32") != std::string::npos || k.ptx.find("add.rn.f32") != std::string::npos));
}

TEST_CASE("codegen cuda: histogram with atomics", "[codegen]") {
    auto k = build_cuda(read_example("histogram.py"), "cuda_histogram",
                        {f32_1d(), float32(), float32(), types::array(types::int32(), 1, Layout::A)});
    CHECK(k.ptx.find("atom.global.add") != std::string::npos);
}

TEST_CASE("codegen cuda: shared-memory tile transpose", "[codegen]") {
    auto f32_2d = types::array(float32(), 2, Layout::A);
    auto k = build_cuda(read_example("tile_transpose.py"), "tile_transpose", {f32_2d, f32_2d});
    CHECK(k.ptx.find(".shared") != std::string::npos);
    CHECK(k.ptx.find("bar.sync") != std::string::npos);
}

TEST_CASE("codegen cuda: ufunc grid-stride kernel with a device function", "[codegen]") {
    auto k = build_cuda(read_example("polar_distance_cuda.py"), "polar_distance",
                        {float32(), float32(), float32(), float32()}, /*ufunc=*/true);
    CHECK(k.ptx.find("polar_distance$") != std::string::npos);
    auto p = build_cuda(read_example("make_pulses.py"), "make_pulses", {float32(), float32(), float32()}, true);
    CHECK(p.ptx.find(".entry make_pulses$") != std::string::npos);
}

TEST_CASE("codegen cuda: padded tile and thread counters", "[codegen]") {
    auto f32_2d = types::array(float32(), 2, Layout::A);
    auto k = build_cuda(read_example("tile_transpose_padded.py"), "tile_transpose_padded", {f32_2d, f32_2d});
    CHECK(k.ptx.find(".shared") != std::string::npos);
    auto counter = types::array(types::int32(), 1, Layout::A);
    auto racy = build_cuda(read_example("thread_counter.py"), "thread_counter_race_condition", {counter});
    CHECK(racy.ptx.find("atom") == std::string::npos);
    auto safe = build_cuda(read_example("thread_counter.py"), "thread_counter_safe", {counter});
    CHECK(safe.ptx.find("atom.global.add") != std::string::npos);
}

TEST_CASE("codegen cuda: every operator family selects on NVPTX", "[codegen]") {
    const char* src = R"(
import math
from numba import cuda

@cuda.jit
def ops(a, f, d, n):
    i = cuda.grid(1)
    if i >= a.shape[0]:
        return
    x = a[i]
    a[i] = x // n + x % n + x ** n + (x << 3) + (x >> n) + abs(x) + min(x, n) + round(f[i])
    f[i] = f[i] // 1.5 + f[i] % 2.5 + f[i] ** 2 + f[i] ** n + math.sqrt(f[i]) + f[i] ** 0.5
    z = complex(d[i], 1.0) / complex(2.0, d[i])
    d[i] = z.real + abs(z) + round(d[i], 2) + math.floor(d[i]) + math.atan2(d[i], 1.0)
    for k in range(n, 0, -1):
        if k == 3:
            continue
        d[i] += k
    print("value", i, d[i])
)";
    auto i64_1d = types::array(types::int64(), 1, Layout::A);
    auto f64_1d = types::array(types::float64(), 1, Layout::A);
    auto k = build_cuda(src, "ops", {i64_1d, f32_1d(), f64_1d, types::int64()});
    CHECK(k.ptx.find("vprintf") != std::string::npos);
}

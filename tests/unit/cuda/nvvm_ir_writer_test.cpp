// write_nvvm_ir: LLVM 19 IR (opaque pointers) in the LLVM 7.0 dialect libNVVM reads, checked
// by its spellings and, where the toolkit has libNVVM, by libNVVM itself making LTO-IR of it.
#include "cuda/nvvm_ir_writer.hpp"
#include "cudalink/nvvm_lto.hpp"
#include "cudalink/toolkit_libs.hpp"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/SourceMgr.h>

#include <catch2/catch.hpp>

#include <memory>
#include <string>

using Catch::Matchers::Contains;

namespace {

const char* kHeader = "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
                      "target triple = \"nvptx64-nvidia-cuda\"\n";

std::unique_ptr<llvm::Module> parse(llvm::LLVMContext& ctx, const std::string& body) {
    llvm::SMDiagnostic err;
    std::unique_ptr<llvm::Module> m = llvm::parseAssemblyString(kHeader + body, err, ctx);
    if (!m) {
        std::string msg;
        llvm::raw_string_ostream os(msg);
        err.print("test", os);
        FAIL(msg);
    }
    return m;
}

ujit::cuda::NvvmIr write(const std::string& body) {
    llvm::LLVMContext ctx;
    return ujit::cuda::write_nvvm_ir(*parse(ctx, body));
}

// libNVVM's verdict on the text: "" when it made LTO-IR (or is absent here), else its log.
std::string nvvm_verdict(const std::string& text) {
    std::string why;
    if (!ujit::cudalink::nvvm_available(&why)) {
        WARN("libNVVM absent, its check skipped: " << why);
        return "";
    }
    try {
        ujit::cudalink::nvvm_lto_ir(text, "sm_80", ujit::cuda::nvvm_options(3, false));
        return "";
    } catch (const ujit::Error& e) {
        return e.what();
    }
}

// A kernel touching what ujit's CUDA code generator emits: byte GEPs into arrays, a local
// array, shared memory, a barrier, float and integer atomics, libdevice-style intrinsics,
// LLVM 19's integer min/max, fneg, freeze, memcpy, a called internal fastcc function.
const char* kKernel = R"(
@tile = internal addrspace(3) global [32 x float] undef, align 4
@record = addrspace(1) global { i32, i64 } zeroinitializer, align 8
@table = internal addrspace(4) constant [3 x double] [double 1.0, double -2.5, double 0x7FF8000000000000], align 8

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare float @llvm.fma.f32(float, float, float)
declare i64 @llvm.smax.i64(i64, i64)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.abs.i32(i32, i1 immarg)
declare double @llvm.roundeven.f64(double)
declare double @llvm.maximum.f64(double, double)
declare float @llvm.minimum.f32(float, float)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

define internal fastcc float @twice(float %x) unnamed_addr {
  %r = fmul contract float %x, 2.0
  ret float %r
}

define ptx_kernel void @"k$1"(ptr noalias nocapture %out, i64 %n, ptr readonly %in, ptr addrspace(1) %counts) {
entry:
  %local = alloca [4 x float], align 4
  call void @llvm.lifetime.start.p0(i64 16, ptr %local)
  %tid = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext nneg i32 %tid to i64
  %off = mul nuw nsw i64 %i, 4
  %src = getelementptr i8, ptr %in, i64 %off
  %x = load float, ptr %src, align 4
  %slot = getelementptr inbounds [32 x float], ptr addrspace(3) @tile, i64 0, i64 %i
  store float %x, ptr addrspace(3) %slot, align 4
  call void @llvm.nvvm.barrier0()
  %y = load float, ptr addrspace(3) %slot, align 4
  %neg = fneg float %y
  %t = call fastcc float @twice(float %neg)
  %f = call float @llvm.fma.f32(float %t, float %x, float 1.0)
  %frozen = freeze float %f
  %l0 = getelementptr inbounds [4 x float], ptr %local, i64 0, i64 1
  store float %frozen, ptr %l0, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %out, ptr align 4 %local, i64 16, i1 false)
  %old = atomicrmw fadd ptr %out, float %x monotonic, align 4
  %c = getelementptr i32, ptr addrspace(1) %counts, i64 %i
  %inc = atomicrmw uinc_wrap ptr addrspace(1) %c, i32 7 monotonic, align 4
  %sum = atomicrmw add ptr addrspace(1) %c, i32 1 monotonic, align 4
  %m = call i64 @llvm.smax.i64(i64 %n, i64 %i)
  %u = call i32 @llvm.umin.i32(i32 %inc, i32 %sum)
  %a = call i32 @llvm.abs.i32(i32 %u, i1 false)
  %cell = getelementptr inbounds { i32, i64 }, ptr addrspace(1) @record, i64 0, i32 1
  store i64 %m, ptr addrspace(1) %cell, align 8
  %d = getelementptr [3 x double], ptr addrspace(4) @table, i64 0, i64 1
  %dl = load double, ptr addrspace(4) %d, align 8
  %dr = call double @llvm.roundeven.f64(double %dl)
  %dv = call double @llvm.maximum.f64(double %dr, double -0.0)
  %fm = call float @llvm.minimum.f32(float %x, float %y)
  store float %fm, ptr %in, align 4
  %pair = cmpxchg ptr addrspace(1) %c, i32 %a, i32 0 monotonic monotonic, align 4
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %more
more:
  %p = phi double [ %dv, %entry ]
  %h = fptrunc double %p to float
  store float %h, ptr %out, align 4
  br label %done
done:
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @"k$1", !"kernel", i32 1}
!1 = !{ptr @"k$1", !"maxclusterrank", i32 2}
)";

}  // namespace

TEST_CASE("NVVM IR: pointers are typed at each use, LLVM 19's newer forms in LLVM 7's spelling", "[nvvm]") {
    ujit::cuda::NvvmIr ir = write(kKernel);
    REQUIRE(ir.refused == "");
    const std::string& t = ir.text;
    CHECK(t.find(" ptr") == std::string::npos);  // no opaque pointer left
    CHECK_THAT(t, Contains("define void @k$1(i8* noalias nocapture %a0, i64 %a1, i8* readonly %a2, "
                           "i8 addrspace(1)* %a3)"));
    CHECK_THAT(t, Contains("load float, float* %"));
    CHECK_THAT(t, Contains("getelementptr inbounds [32 x float], [32 x float] addrspace(3)* %"));
    CHECK_THAT(t, Contains("alloca [4 x float], align 4"));
    CHECK_THAT(t, Contains("fsub float -0.0, %"));                   // fneg
    CHECK_THAT(t, Contains("icmp sgt i64 %a1, %"));                  // smax
    CHECK_THAT(t, Contains("icmp ult i32 %"));                       // umin
    CHECK_THAT(t, Contains("sub i32 0, %"));                         // abs
    CHECK_THAT(t, Contains("call double @llvm.rint.f64(double %"));   // roundeven
    CHECK_THAT(t, Contains("fcmp ogt double %"));                     // maximum
    CHECK_THAT(t, Contains("and i64 %"));
    CHECK_THAT(t, Contains("fcmp olt float %"));                      // minimum
    CHECK_THAT(t, Contains("or i32 %"));
    CHECK(t.find("llvm.maximum") == std::string::npos);
    CHECK_THAT(t, Contains("= bitcast float %"));                    // freeze
    CHECK_THAT(t, Contains("call void @llvm.memcpy.p0i8.p0i8.i64(i8* %a0, i8* %"));
    CHECK_THAT(t, Contains("declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)"));
    CHECK_THAT(t, Contains("call float @llvm.nvvm.atomic.load.add.f32.p0f32(float* %"));
    CHECK_THAT(t, Contains("call i32 @llvm.nvvm.atomic.load.inc.32.p1i32(i32 addrspace(1)* %"));
    CHECK_THAT(t, Contains("atomicrmw add i32 addrspace(1)* %"));
    CHECK_THAT(t, Contains("cmpxchg i32 addrspace(1)* %"));
    CHECK_THAT(t, Contains("define internal float @twice(float %a0) unnamed_addr"));
    CHECK_THAT(t, Contains("call float @twice("));
    CHECK(t.find("lifetime") == std::string::npos);
    CHECK(t.find("nneg") == std::string::npos);
    CHECK(t.find("range(") == std::string::npos);
    CHECK_THAT(t, Contains("@table = internal addrspace(4) constant [3 x double] [double 0x3FF0000000000000, "
                           "double 0xC004000000000000, double 0x7FF8000000000000], align 8"));
    // The kernel and the external global stay through LTO; NVVM's names for the annotations.
    CHECK_THAT(t, Contains("@llvm.used = appending global [2 x i8*] [i8* addrspacecast ({ i32, i64 } addrspace(1)* "
                           "@record to i8*), i8* bitcast (void (i8*, i64, i8*, i8 addrspace(1)*)* @k$1 to i8*)]"));
    CHECK_THAT(t, Contains("!\"kernel\", i32 1}"));
    CHECK_THAT(t, Contains("!\"cluster_max_blocks\", i32 2}"));
    CHECK_THAT(t, Contains("!nvvmir.version = "));
    CHECK(nvvm_verdict(t) == "");
    CHECK(write(kKernel).text == t);  // the text is a cache key: the same module, the same text
}

TEST_CASE("NVVM IR: a kernel known only by its calling convention is annotated", "[nvvm]") {
    ujit::cuda::NvvmIr ir = write("define ptx_kernel void @k() {\n  ret void\n}\n");
    REQUIRE(ir.refused == "");
    CHECK_THAT(ir.text, Contains("!0 = !{void ()* @k, !\"kernel\", i32 1}"));
    CHECK(nvvm_verdict(ir.text) == "");
}

TEST_CASE("NVVM IR: what LLVM 7 cannot say is refused, naming it", "[nvvm]") {
    CHECK_THAT(write("define ptx_kernel void @k(ptr %p) {\n  store bfloat 1.0, ptr %p\n  ret void\n}\n").refused,
               Contains("bfloat"));
    CHECK_THAT(write("declare void @f(ptr byval(i32))\n"
                     "define ptx_kernel void @k(ptr %p) {\n  call void @f(ptr byval(i32) %p)\n  ret void\n}\n")
                   .refused,
               Contains("byval"));
    CHECK_THAT(write("define ptx_kernel void @k(ptr %p) {\n"
                     "  %o = atomicrmw fmax ptr %p, float 1.0 monotonic\n  ret void\n}\n")
                   .refused,
               Contains("atomicrmw fmax"));
    // libNVVM would make a call of an intrinsic its LLVM 7 lacks, which ptxas cannot parse.
    CHECK_THAT(write("declare float @llvm.exp10.f32(float)\n"
                     "define ptx_kernel void @k(ptr %p) {\n  %x = load float, ptr %p\n"
                     "  %m = call float @llvm.exp10.f32(float %x)\n  store float %m, ptr %p\n"
                     "  ret void\n}\n")
                   .refused,
               Contains("llvm.exp10.f32 (newer than LLVM 7)"));
    CHECK_THAT(write("declare ptr @llvm.ptrmask.p0.i64(ptr, i64)\n"
                     "define ptx_kernel void @k(ptr %p) {\n"
                     "  %q = call ptr @llvm.ptrmask.p0.i64(ptr %p, i64 -16)\n  ret void\n}\n")
                   .refused,
               Contains("llvm.ptrmask"));
    CHECK_THAT(write("define ptx_kernel void @k() !dbg !3 {\n  ret void\n}\n"
                     "!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!5}\n"
                     "!0 = distinct !DICompileUnit(language: DW_LANG_Python, file: !1, emissionKind: FullDebug)\n"
                     "!1 = !DIFile(filename: \"k.py\", directory: \"/\")\n"
                     "!3 = distinct !DISubprogram(name: \"k\", scope: !1, file: !1, line: 1, type: !4, unit: !0, "
                     "spFlags: DISPFlagDefinition)\n"
                     "!4 = !DISubroutineType(types: !{})\n!5 = !{i32 2, !\"Debug Info Version\", i32 3}\n")
                   .refused,
               Contains("debug information"));
}

TEST_CASE("NVVM IR: names LLVM must quote or numbers, strings and inline assembly", "[nvvm]") {
    ujit::cuda::NvvmIr ir = write(R"(
@msg = private unnamed_addr addrspace(1) constant [6 x i8] c"a\22b\0A\00\FF", align 1
@0 = private unnamed_addr addrspace(1) constant [2 x i8] c"x\00", align 1
@1 = private unnamed_addr addrspace(1) constant [2 x i8] c"y\00", align 1
declare i32 @vprintf(ptr, ptr)
declare i32 @llvm.nvvm.activemask()
declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr, i32)
define ptx_kernel void @"odd name\22"(ptr %p) {
  %g = addrspacecast ptr addrspace(1) @msg to ptr
  %r = call i32 @vprintf(ptr %g, ptr null)
  %g0 = addrspacecast ptr addrspace(1) @0 to ptr
  %r0 = call i32 @vprintf(ptr %g0, ptr null)
  %g1 = addrspacecast ptr addrspace(1) @1 to ptr
  %r1 = call i32 @vprintf(ptr %g1, ptr null)
  %mask = call i32 @llvm.nvvm.activemask()
  %old = call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %p, i32 %mask)
  %x = load float, ptr %p
  %y = call float asm "tanh.approx.f32 $0, $1;", "=f,f"(float %x)
  store float %y, ptr %p
  ret void
}
)");
    REQUIRE(ir.refused == "");
    CHECK_THAT(ir.text, Contains("@msg = private unnamed_addr addrspace(1) constant [6 x i8] c\"a\\22b\\0A\\00\\FF\""));
    CHECK_THAT(ir.text, Contains("define void @\"odd name\\22\"(i8* %a0)"));
    CHECK_THAT(ir.text, Contains("addrspacecast i8 addrspace(1)* bitcast ([6 x i8] addrspace(1)* @msg to i8 "
                                 "addrspace(1)*) to i8*"));
    CHECK_THAT(ir.text, Contains("call float asm \"tanh.approx.f32 $0, $1;\", \"=f,f\"(float %"));
    CHECK_THAT(ir.text, Contains("declare i32 @vprintf(i8*, i8*)"));
    CHECK_THAT(ir.text, Contains("@ujit.unnamed.0 = private unnamed_addr addrspace(1) constant [2 x i8] c\"x\\00\""));
    CHECK_THAT(ir.text, Contains("@ujit.unnamed.1 = private unnamed_addr addrspace(1) constant [2 x i8] c\"y\\00\""));
    CHECK_THAT(ir.text, Contains("call i32 asm sideeffect \"activemask.b32 $0;\", \"=r\"()"));
    CHECK_THAT(ir.text, Contains("call i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32* %"));
    CHECK(nvvm_verdict(ir.text) == "");
}

#include "cpu_test_support.hpp"

#include "codegen/abi.hpp"
#include "cpu/helper_errors.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace ujit::cpu;
using namespace ujit::cpu::test;

namespace {

using DivFn = int64_t (*)(int64_t, int64_t);

// int64 div(a, b) { if (b == 0) raise ZeroDivision "div at t.py:1:5"; return a / b; }
DivFn checked_div() {
    static DivFn fn = [] {
        TestModule t;
        t.define("div", llvm::FunctionType::get(t.i64(), {t.i64(), t.i64()}, false),
                 [&](llvm::IRBuilder<>& b, llvm::Function& f) {
                     llvm::Value* zero = b.CreateICmpEQ(f.getArg(1), b.getInt64(0));
                     t.target->emit_error_check(b, zero, int(ujit::codegen::RuntimeError::ZeroDivision),
                                                "div at t.py:1:5");
                     b.CreateRet(b.CreateSDiv(f.getArg(0), f.getArg(1)));
                 });
        std::string ir = t.ir();
        REQUIRE(ir.find("call void @ujit_rt_raise(i32 1") != std::string::npos);
        return lookup_fn<DivFn>(t.jit(), "div");
    }();
    return fn;
}

}  // namespace

TEST_CASE("runtime errors: guarded_call returns true when nothing raises", "[cpu]") {
    RuntimeErrorInfo err;
    int64_t r = 0;
    CHECK(guarded_call([&] { r = checked_div()(7, 2); }, err));
    CHECK(r == 3);
    CHECK(err.code == 0);
    CHECK(current_error_guard() == nullptr);
}

TEST_CASE("runtime errors: a raise in generated code reaches the guard", "[cpu]") {
    RuntimeErrorInfo err;
    CHECK_FALSE(guarded_call([&] { checked_div()(7, 0); }, err));
    CHECK(err.code == int(ujit::codegen::RuntimeError::ZeroDivision));
    CHECK(std::string(err.where) == "div at t.py:1:5");
    CHECK(err.str() == "ZeroDivisionError: division by zero (in div at t.py:1:5)");
    CHECK(current_error_guard() == nullptr);
}

TEST_CASE("runtime errors: guards nest and a raise reaches the innermost", "[cpu]") {
    RuntimeErrorInfo outer_err, inner_err;
    bool inner_ok = true;
    int64_t after = 0;
    bool outer_ok = guarded_call(
        [&] {
            inner_ok = guarded_call([&] { checked_div()(1, 0); }, inner_err);
            after = checked_div()(9, 3);  // the outer guard is still in place
        },
        outer_err);
    CHECK(outer_ok);
    CHECK_FALSE(inner_ok);
    CHECK(inner_err.code == 1);
    CHECK(after == 3);
    CHECK(outer_err.code == 0);

    // After an inner guard completes normally, a raise goes to the outer one.
    RuntimeErrorInfo e1, e2;
    bool inner2 = false;
    bool outer2 = guarded_call(
        [&] {
            inner2 = guarded_call([&] { checked_div()(4, 2); }, e2);
            checked_div()(4, 0);
        },
        e1);
    CHECK(inner2);
    CHECK_FALSE(outer2);
    CHECK(e1.code == 1);
    CHECK(current_error_guard() == nullptr);
}

TEST_CASE("runtime errors: the process stays usable after 1000 raises", "[cpu]") {
    int caught = 0;
    for (int i = 0; i < 1000; ++i) {
        RuntimeErrorInfo err;
        if (!guarded_call([&] { checked_div()(i, 0); }, err) && err.code == 1) ++caught;
    }
    CHECK(caught == 1000);
    RuntimeErrorInfo err;
    int64_t r = 0;
    CHECK(guarded_call([&] { r = checked_div()(100, 7); }, err));
    CHECK(r == 14);
    CHECK(current_error_guard() == nullptr);
}

TEST_CASE("runtime errors: C++ exceptions pass through and pop the guard", "[cpu]") {
    RuntimeErrorInfo err;
    CHECK_THROWS_AS(guarded_call([] { throw std::logic_error("boom"); }, err), std::logic_error);
    CHECK(current_error_guard() == nullptr);
}

TEST_CASE("runtime errors: messages name Python's exceptions", "[cpu]") {
    CHECK(RuntimeErrorInfo{2, "f at a.py:2:3"}.str().rfind("ValueError: ", 0) == 0);
    CHECK(RuntimeErrorInfo{1, ""}.str() == "ZeroDivisionError: division by zero");
    CHECK(RuntimeErrorInfo{99, ""}.str().find("99") != std::string::npos);
}

TEST_CASE("runtime errors: a constant false condition emits no check", "[cpu]") {
    TestModule t;
    t.define("g", llvm::FunctionType::get(t.i64(), false), [&](llvm::IRBuilder<>& b, llvm::Function&) {
        t.target->emit_error_check(b, b.getFalse(), 1, "g");
        b.CreateRet(b.getInt64(5));
    });
    CHECK(t.ir().find("ujit_rt_raise") == std::string::npos);
}

namespace {

// Sets rbx and r12-r15 (saved in this prologue, restored in an epilogue the raise skips),
// then raises: as generated code that used them and raised does.
[[gnu::noinline]] void clobber_callee_saved_and_raise() {
#if defined(__x86_64__)
    asm volatile("mov $1, %%rbx\n\tmov $2, %%r12\n\tmov $3, %%r13\n\tmov $4, %%r14\n\tmov $5, %%r15" ::
                     : "rbx", "r12", "r13", "r14", "r15");
#endif
    ujit_rt_raise(int(ujit::codegen::RuntimeError::ZeroDivision), "clobber");
}

// The guard in the shape of Function::call_scalars: the landing throws. (Where the landing
// returns instead, GCC saved the registers by itself; here it did not.)
[[gnu::noinline]] void guarded_throwing_call(void (*f)()) {
    ErrorGuardFrame frame;
    push_guard(frame);
    if (UJIT_GUARD_SETJMP(frame.env) != 0) [[unlikely]] {
        pop_guard(frame);
        throw std::runtime_error("raised");
    }
    f();
    pop_guard(frame);
}

// Holds sentinels in the callee-saved registers across guarded calls that raise: the guard
// must give them back as a returning call would.
[[gnu::noinline]] bool callee_saved_registers_survive_a_raise() {
#if defined(__x86_64__)
    register uint64_t rbx asm("rbx") = 0x1111;
    register uint64_t r12 asm("r12") = 0x2222;
    register uint64_t r13 asm("r13") = 0x3333;
    register uint64_t r14 asm("r14") = 0x4444;
    register uint64_t r15 asm("r15") = 0x5555;
    asm volatile("" : "+r"(rbx), "+r"(r12), "+r"(r13), "+r"(r14), "+r"(r15));
    bool threw = false;
    try {
        guarded_throwing_call(clobber_callee_saved_and_raise);
    } catch (const std::runtime_error&) {
        threw = true;
    }
    asm volatile("" : "+r"(rbx), "+r"(r12), "+r"(r13), "+r"(r14), "+r"(r15));
    bool kept = rbx == 0x1111 && r12 == 0x2222 && r13 == 0x3333 && r14 == 0x4444 && r15 == 0x5555;
    RuntimeErrorInfo err;
    bool returned = guarded_call([] { clobber_callee_saved_and_raise(); }, err);
    asm volatile("" : "+r"(rbx), "+r"(r12), "+r"(r13), "+r"(r14), "+r"(r15));
    kept = kept && rbx == 0x1111 && r12 == 0x2222 && r13 == 0x3333 && r14 == 0x4444 && r15 == 0x5555;
    return threw && !returned && kept;
#else
    return true;
#endif
}

}  // namespace

TEST_CASE("a raise gives the guard's caller its callee-saved registers back", "[cpu][errors]") {
    CHECK(callee_saved_registers_survive_a_raise());
    CHECK(current_error_guard() == nullptr);
}

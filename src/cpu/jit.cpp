#include "cpu/jit.hpp"

#include "cpu/helper_symbols.hpp"

#include <llvm/ExecutionEngine/Orc/Core.h>
#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/ExecutorProcessControl.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/Mangling.h>
#include <llvm/ExecutionEngine/Orc/TaskDispatch.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/TargetSelect.h>

#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace ujit::cpu {

namespace {

template <class T> T unwrap(llvm::Expected<T> v, const char* what) {
    if (!v) throw std::runtime_error(std::string(what) + ": " + llvm::toString(v.takeError()));
    return std::move(*v);
}

// Link errors (a missing symbol) reach the session's error reporter, not the lookup's
// Error; keep them for the lookup's message instead of printing to stderr. Compilation
// runs on the looking-up thread (no compile threads), so thread_local is enough.
thread_local std::string last_session_error;

void check(llvm::Error e, const char* what) {
    if (e) throw std::runtime_error(std::string(what) + ": " + llvm::toString(std::move(e)));
}

}  // namespace

Jit& Jit::instance() {
    // Never destroyed: worker threads may still run JIT code while static destructors
    // run at exit, and LLVM's own statics may already be gone by then.
    static Jit* jit = new Jit;  // thread-safe initialization (C++11 magic statics)
    return *jit;
}

Jit::Jit() {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
    libmvec_available();  // load it before the process symbol generator is asked

    auto jtmb = unwrap(llvm::orc::JITTargetMachineBuilder::detectHost(), "ujit: cannot detect the host CPU");
    // UJIT_FAST_CODEGEN=1: LLVM's fast instruction selection and register allocation, for
    // tools that compile many throwaway kernels (the kernel paths fuzzer: 3x its throughput).
    const char* fast = std::getenv("UJIT_FAST_CODEGEN");
    jtmb.setCodeGenOptLevel(fast && std::string(fast) == "1" ? llvm::CodeGenOptLevel::None
                                                             : llvm::CodeGenOptLevel::Aggressive);
    // bf16: the x86 instructions that convert float32 to bfloat16 (AVX512-BF16's vcvtneps2bf16,
    // AVX-NE-CONVERT's) treat a subnormal float32 as zero; without them LLVM calls
    // __truncsfbf2 (cpu/helper_bf16.hpp), which rounds it as the GPU's cvt.rn.bf16.f32 does.
    jtmb.getFeatures().AddFeature("avx512bf16", false);
    jtmb.getFeatures().AddFeature("avxneconvert", false);
    host_ = std::make_unique<llvm::orc::JITTargetMachineBuilder>(jtmb);
    target_machine();  // fail here, not on first use, when the host has no target
    // Modules reach the JIT as object code made by each thread's own machine (add_module),
    // so several threads compile at once; the IR compile layer's settings below only
    // matter to LLVM's own use of it.
    // Materialization runs on the thread that looks a symbol up (InPlaceTaskDispatcher):
    // with concurrent compilation on and no session given, LLJIT would dispatch each
    // compile to a freshly spawned thread (about 2 ms of a 5 ms hypot compile here).
    auto epc = unwrap(
        llvm::orc::SelfExecutorProcessControl::Create(nullptr, std::make_unique<llvm::orc::InPlaceTaskDispatcher>()),
        "ujit: cannot create the JIT's process control");
    // Start-up time: the data layout comes from the machine made above (else LLJIT builds
    // a second TargetMachine just to ask it); no platform (ujit's objects have no static
    // initializers or atexit handlers to run) and no process-symbols dylib (the runtime
    // dylib below has its own generator): neither is set up for a first call to ignore.
    jit_ = unwrap(llvm::orc::LLJITBuilder()
                      .setExecutionSession(std::make_unique<llvm::orc::ExecutionSession>(std::move(epc)))
                      .setJITTargetMachineBuilder(std::move(jtmb))
                      .setDataLayout(target_machine().createDataLayout())
                      .setPlatformSetUp(llvm::orc::setUpInactivePlatform)
                      .setLinkProcessSymbolsByDefault(false)
                      .setSupportConcurrentCompilation(true)
                      .create(),
                  "ujit: cannot create the JIT");

    // One dylib every module links against: ujit's runtime functions by address, then
    // whatever the process has loaded (libm's sin, libmvec's _ZGVdN4v_sin, ...).
    llvm::orc::ExecutionSession& es = jit_->getExecutionSession();
    es.setErrorReporter([](llvm::Error e) {
        std::string msg = llvm::toString(std::move(e));
        last_session_error = last_session_error.empty() ? msg : last_session_error + "; " + msg;
    });
    runtime_ = &es.createBareJITDylib("ujit_runtime");
    llvm::orc::MangleAndInterner mangle(es, jit_->getDataLayout());
    llvm::orc::SymbolMap symbols;
    for (const RuntimeSymbol& s : runtime_symbols())
        symbols[mangle(s.name)] =
            llvm::orc::ExecutorSymbolDef(llvm::orc::ExecutorAddr::fromPtr(s.address),
                                         llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable);
    check(runtime_->define(llvm::orc::absoluteSymbols(std::move(symbols))), "ujit: cannot define runtime symbols");
    runtime_->addGenerator(
        unwrap(llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(jit_->getDataLayout().getGlobalPrefix()),
               "ujit: cannot search the process for symbols"));
}

Jit::~Jit() = default;

llvm::TargetMachine& Jit::target_machine() {
    thread_local std::unique_ptr<llvm::TargetMachine> tm;
    if (!tm) tm = unwrap(host_->createTargetMachine(), "ujit: cannot create the host target machine");
    return *tm;
}

void Jit::check_externals(const llvm::Module& m) {
    // ORC reports a missing symbol only as "failed to materialize <entry>"; name it here.
    llvm::orc::MangleAndInterner mangle(jit_->getExecutionSession(), jit_->getDataLayout());
    llvm::orc::SymbolLookupSet wanted;
    for (const llvm::Function& f : m.functions())
        if (f.isDeclaration() && !f.isIntrinsic())
            wanted.add(mangle(f.getName()), llvm::orc::SymbolLookupFlags::WeaklyReferencedSymbol);
    if (wanted.empty()) return;
    auto found = unwrap(jit_->getExecutionSession().lookup(llvm::orc::makeJITDylibSearchOrder(runtime_), wanted),
                        "ujit: cannot resolve external symbols");
    for (const auto& [name, flags] : wanted)
        if (!found.count(name))
            throw std::runtime_error("ujit: generated code calls '" + (*name).str() +
                                     "', which is neither a ujit runtime function nor a symbol of the process");
}

llvm::orc::JITDylib& Jit::new_module_dylib() {
    // Its own dylib: another specialization may define the same symbol names.
    static std::atomic<uint64_t> counter{0};
    llvm::orc::JITDylib& jd =
        jit_->getExecutionSession().createBareJITDylib("ujit_module_" + std::to_string(counter++));
    jd.addToLinkOrder(*runtime_);
    return jd;
}

// Compiled now, on this thread, by its cached machine, not by the JIT's compile layer:
// that one (ConcurrentIRCompiler) builds a new TargetMachine for every module, which was
// most of a small function's compile (hypot: 5 ms cold, of which ~2 ms the machine).
Jit::Handle Jit::add_module(std::unique_ptr<llvm::Module> m, std::unique_ptr<llvm::LLVMContext> ctx) {
    std::string object = emit_object(*m);
    m.reset();
    ctx.reset();
    return add_object(object);
}

void* Jit::lookup(Handle h, const std::string& symbol) {
    if (!h.dylib) throw std::runtime_error("ujit: lookup of '" + symbol + "' in no module");
    last_session_error.clear();
    llvm::Expected<llvm::orc::ExecutorAddr> addr = jit_->lookup(*h.dylib, symbol);
    if (!addr) {
        std::string msg = "ujit: JIT lookup of '" + symbol + "' failed: " + llvm::toString(addr.takeError());
        if (!last_session_error.empty()) msg += " (" + last_session_error + ")";
        last_session_error.clear();
        throw std::runtime_error(msg);
    }
    return addr->toPtr<void*>();
}

}  // namespace ujit::cpu

// Object code in and out of the JIT, for the disk cache: the same bytes the JIT's own
// compile layer would make from a module (LLJIT links with JITLink on x86-64 ELF and so
// configures its machines for PIC and the small code model; the machine here copies
// that), and objects linked into a fresh module dylib.
#include "cpu/jit.hpp"

#include <llvm/ADT/SmallString.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <stdexcept>

namespace ujit::cpu {

llvm::TargetMachine& Jit::object_machine() {
    thread_local std::unique_ptr<llvm::TargetMachine> tm;  // see target_machine()
    if (!tm) {
        llvm::orc::JITTargetMachineBuilder b = *host_;
        b.setRelocationModel(llvm::Reloc::PIC_);
        b.setCodeModel(llvm::CodeModel::Small);
        auto made = b.createTargetMachine();
        if (!made)
            throw std::runtime_error("ujit: cannot create the host target machine: " +
                                     llvm::toString(made.takeError()));
        tm = std::move(*made);
    }
    return *tm;
}

std::string Jit::emit_object(llvm::Module& m) {
    if (m.getDataLayout().isDefault()) m.setDataLayout(jit_->getDataLayout());
    if (m.getTargetTriple().empty()) m.setTargetTriple(host_->getTargetTriple().str());
    check_externals(m);
    llvm::SmallString<0> bytes;
    llvm::raw_svector_ostream os(bytes);
    llvm::legacy::PassManager pm;
    if (object_machine().addPassesToEmitFile(pm, os, nullptr, llvm::CodeGenFileType::ObjectFile))
        throw std::runtime_error("ujit: the host target cannot emit object code");
    pm.run(m);
    return std::string(bytes.str());
}

Jit::Handle Jit::add_object(std::string_view object) {
    llvm::orc::JITDylib& jd = new_module_dylib();
    auto buffer = llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(object.data(), object.size()), jd.getName());
    if (llvm::Error e = jit_->addObjectFile(jd, std::move(buffer)))
        throw std::runtime_error("ujit: cannot add object code to the JIT: " + llvm::toString(std::move(e)));
    return Handle{&jd};
}

}  // namespace ujit::cpu

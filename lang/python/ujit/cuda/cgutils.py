"""numba.cuda.cgutils: Numba's llvmlite IR-building helpers. ujit builds no llvmlite IR
(its code generator is C++, src/codegen), so every helper is a NotImplementedError naming
it; the module imports, so that extension modules written for Numba do."""


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise NotImplementedError("numba.cuda.cgutils.%s: ujit has no llvmlite IR builder (it compiles in C++)" % name)

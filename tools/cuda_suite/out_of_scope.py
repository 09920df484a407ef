"""The suite's files that test Numba's compiler internals, out of scope for ujit (issue 20),
each with what it imports. They fail at import; the runner still counts their tests as
errors, and its report lists them apart with these reasons."""

OUT_OF_SCOPE = {
    "test_analysis": "Numba's bytecode front end and IR analyses (numba.cuda.compiler.run_frontend)",
    "test_byteflow": "Numba's bytecode flow analysis (run_frontend)",
    "test_compiler": "Numba's NVRTC bindings and calling-convention classes (numba.cuda.cudadrv.nvrtc, "
                     "numba.cuda.core.callconv) and NVVM's LTO-IR",
    "test_copy_propagate": "Numba's IR and its copy propagation (numba.cuda.core.ir)",
    "test_debug": "Numba's debug dumps of bytecode, CFG and IR (numba.cuda.utils, NUMBA_DUMP_*)",
    "test_extending": "Numba's typing templates, lowering registry and llvmlite IR (llvmlite, "
                      "numba.cuda.typing.templates, numba.cuda.cudadecl)",
    "test_extending_types": "Numba's lowering registry and data models (numba.cuda.core.imputils)",
    "test_flow_control": "Numba's control-flow graph of bytecode (numba.cuda.core.controlflow)",
    "test_gufunc_scheduling": "Numba's gufunc scheduler class (numba.cuda.deviceufunc.GUFuncEngine)",
    "test_ir": "Numba's IR classes (numba.cuda.core.ir)",
    "test_ir_utils": "Numba's IR utilities and compiler pipeline (numba.cuda.core.compiler)",
    "test_tracing": "Numba's tracing helper for its own code (numba.cuda.core.tracing)",
    "test_typeconv": "Numba's type-conversion tables (numba.cuda.typeconv)",
    "test_typeinfer": "Numba's type-inference passes (numba.cuda.core.typed_passes, compiler_machinery)",
}


def out_of_scope(name, rows):
    """The reason file `name` is out of scope, where it failed at import; else None."""
    if name in OUT_OF_SCOPE and rows and rows[0]["test"].endswith("(not imported)"):
        return OUT_OF_SCOPE[name]
    return None

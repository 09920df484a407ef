"""`numba.cuda._internal`: the module paths numba-cuda's generated bindings live at
(cuda_bf16, cuda_fp8), which its tests import."""

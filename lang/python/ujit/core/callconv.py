class CUDACallConv: pass

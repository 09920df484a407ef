# A CUDA ufunc's loop moves 16-byte vectors where every operand is aligned to one (checked
# at each launch: the `and ... 15` of the operands' addresses), then a scalar tail; the
# scalar loop runs otherwise. float32: ld.global.v4.f32; float64: v2.f64; float32 -> float64
# takes two elements per access (the widest operand sets the width: v2.f32 in, v2.f64 out);
# a complex operand is a pair, not a lane: no vector path. Nor for a heavy kernel such as
# gaussian_pdf (float64 exp and division from libdevice): one copy per lane would cost a
# cold compile 2.5x the ptxas time, for a kernel that keeps pace with scalar loads; nor for
# a division by a variable (ptxas expands each div.rn into a long sequence), while a
# division by a constant stays light.
# RUN: %ujit ptx %s add_f32 --arch sm_90 > %t.f32.ptx
# RUN: FileCheck %s --check-prefix=F32 < %t.f32.ptx
# RUN: ptxas -arch=sm_90 %t.f32.ptx -o %t.f32.cubin
# RUN: %ujit ptx %s axpy --arch sm_90 > %t.f64.ptx
# RUN: FileCheck %s --check-prefix=F64 < %t.f64.ptx
# RUN: ptxas -arch=sm_90 %t.f64.ptx -o %t.f64.cubin
# RUN: %ujit ptx %s widen --arch sm_90 > %t.widen.ptx
# RUN: FileCheck %s --check-prefix=WIDEN < %t.widen.ptx
# RUN: ptxas -arch=sm_90 %t.widen.ptx -o %t.widen.cubin
# RUN: %ujit ptx %s gaussian_pdf --arch sm_90 > %t.heavy.ptx
# RUN: FileCheck %s --check-prefix=HEAVY < %t.heavy.ptx
# RUN: %ujit ptx %s add_f16 --arch sm_90 > %t.f16.ptx
# RUN: FileCheck %s --check-prefix=F16 < %t.f16.ptx
# RUN: ptxas -arch=sm_90 %t.f16.ptx -o %t.f16.cubin
# RUN: %ujit ptx %s ratio --arch sm_90 | FileCheck %s --check-prefix=DIV
# RUN: %ujit ptx %s half --arch sm_90 | FileCheck %s --check-prefix=HALF
# RUN: %ujit ptx %s add_c64 --arch sm_90 > %t.c64.ptx
# RUN: FileCheck %s --check-prefix=C64 < %t.c64.ptx
# RUN: ptxas -arch=sm_90 %t.c64.ptx -o %t.c64.cubin
import math

from numba import vectorize


@vectorize(['float32(float32, float32)'], target='cuda')
def add_f32(x, y):
    return x + y


@vectorize(['float64(float64, float64, float64)'], target='cuda')
def gaussian_pdf(x, mean, sigma):
    return math.exp(-0.5 * ((x - mean) / sigma) ** 2) / (sigma * math.sqrt(2 * math.pi))


@vectorize(['float64(float64, float64, float64)'], target='cuda')
def axpy(a, x, y):
    return a * x + y


@vectorize(['float64(float32)'], target='cuda')
def widen(x):
    return x * 0.5


@vectorize(['float16(float16, float16)'], target='cuda')
def add_f16(x, y):
    return x + y


@vectorize(['float32(float32, float32)'], target='cuda')
def ratio(x, y):
    return x / y


@vectorize(['float32(float32)'], target='cuda')
def half(x):
    return x / 2


@vectorize(['complex64(complex64, complex64)'], target='cuda')
def add_c64(x, y):
    return x + y


# F32: .entry {{.*}}add_f32{{.*}}$loop(
# F32: and.b64 {{.*}}, 15;
# F32: ld.global.v4.f32
# F32-NEXT: ld.global.v4.f32
# F32: add.f32
# F32: st.global.v4.f32
# F32: ld.global.f32
# F32: ld.global.f32
# F32: st.global.f32
# F32: ret;
# F64: .entry {{.*}}axpy{{.*}}$loop(
# F64: and.b64 {{.*}}, 15;
# F64-DAG: ld.global.v2.f64
# F64-DAG: st.global.v2.f64
# F64-DAG: ld.global.f64
# F64-DAG: st.global.f64
# F64: ret;
# WIDEN: and.b64 {{.*}}, 15;
# WIDEN: ld.global.v2.f32
# WIDEN: st.global.v2.f64
# WIDEN: ld.global.f32
# WIDEN: st.global.f64
# F16: and.b64 {{.*}}, 7;
# F16: ld.global.v4.b16
# F16: st.global.v4.b16
# HEAVY: .entry {{.*}}gaussian_pdf{{.*}}$loop(
# HEAVY-NOT: .v2
# HEAVY: ret;
# DIV: .entry {{.*}}ratio{{.*}}$loop(
# DIV-NOT: .v4
# DIV: div.rn.f32
# DIV-NOT: .v4
# DIV: ret;
# HALF: .entry {{.*}}half{{.*}}$loop(
# HALF: ld.global.v4.f32
# HALF: st.global.v4.f32
# C64: .entry {{.*}}add_c64{{.*}}$loop(
# C64-NOT: .v2
# C64-NOT: .v4
# C64: ret;

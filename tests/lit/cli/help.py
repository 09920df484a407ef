# --help, help CMD, --version, --cuda-info.
# RUN: %ujit --help | FileCheck %s
# RUN: %ujit help run | FileCheck %s --check-prefix=RUN-HELP
# RUN: %ujit check --help | FileCheck %s --check-prefix=CHECK-HELP
# RUN: %ujit help ast | FileCheck %s --check-prefix=AST-HELP
# RUN: %ujit help run | FileCheck %s --check-prefix=RUN-CUDA
# RUN: %ujit --version | FileCheck %s --check-prefix=VERSION
# RUN: %ujit --cuda-info | FileCheck %s --check-prefix=CUDA-INFO
# RUN: env UJIT_DISABLE_CUDA=1 %ujit --cuda-info | FileCheck %s --check-prefix=CUDA-OFF
# RUN: %expect-status 2 %ujit help nosuchcommand
# RUN: %expect-status 2 %ujit
# CHECK: usage: ujit COMMAND
# CHECK-DAG: check
# CHECK-DAG: ast
# CHECK-DAG: types
# CHECK-DAG: llvm
# CHECK-DAG: asm
# CHECK-DAG: ptx
# CHECK-DAG: run
# CHECK-DAG: demo
# CHECK-DAG: rng-states
# CHECK: ujit --cuda-info
# RUN-HELP: usage: ujit run FILE FUNC [ARG...] [--sig S] [-o OUT.npy] [--target T]
# RUN-HELP: .npy
# CHECK-HELP: expected-error@+1:9
# AST-HELP: usage: ujit ast FILE
# AST-HELP: -2 ** 2 is (- (** 2 2))
# RUN-CUDA: usage: ujit run {{.*}} [--target T] [--launch GRID,BLOCK] [--save DIR]
# RUN-CUDA: A @cuda.jit kernel needs --launch GRID,BLOCK
# RUN-CUDA: --launch GRID,BLOCK  a kernel's launch configuration: 256,128 or 32x32,8x8 or 4x4x2,8x8x4
# RUN-CUDA: --save DIR           after a kernel (each array argument) or a gufunc (each output): DIR/PARAM.npy
# VERSION: ujit 0.1.0 (LLVM 19
# CUDA-INFO: {{^}}cuda: {{(available|unavailable): .+}}
# CUDA-OFF: {{^}}cuda: unavailable: CUDA is disabled by UJIT_DISABLE_CUDA=1{{$}}

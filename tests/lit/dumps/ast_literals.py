# `ujit ast`: literals of every kind (integers in every base with underscores, floats,
# imaginary numbers, constants, strings), tuples, calls with keywords, attributes,
# subscripts and slices, and what decorators accept (signature strings and lists of them).
# RUN: %ujit ast %s | FileCheck %s --match-full-lines
from numba import vectorize, cuda, float32, int64

# Integers: decimal, underscores, hex, octal, binary (any letter case), up to 2**64 - 1.
n = 42
n = 0
n = 1_000_000
n = 0xFF
n = 0Xff_ff
n = 0o17
n = 0b1010
n = 0B_1_1
n = 18446744073709551615
# Floats: fraction, exponent, leading or trailing dot, underscores; too large is inf.
f = 1.5
f = .5
f = 5.
f = 1e3
f = 2.5E-3
f = 1_0.2_5
f = 1e400
# Imaginary literals (a complex is a sum).
z = 2j
z = 1.5J
z = 1e1j
z = 1 + 2j
# Constants.
t = True
t = False
t = None
# Strings: concatenated, escaped, raw, triple-quoted.
s = 'a' "b" """c"""
s = 'tab\there\n'
s = r'raw\n'
s = '\x41\101\u00e9'
# Tuples: empty, one element, bare, nested.
u = ()
u = (1,)
u = 1, 2
u = ((1, 2), (3,))
# Calls: positional, keyword, trailing comma, nested; attributes; subscripts and slices.
c = f()
c = f(a, b,)
c = f(a, k=1, j=g(2))
c = np.zeros((2, 3), dtype=np.float32)
c = f(a, *t, b)
c = a.b.c
c = a.b(c)[d]
c = a[i]
c = a[i, j]
c = a[:]
c = a[1:]
c = a[:n]
c = a[::2]
c = a[1:n:2]
c = a[::-1]
c = a[:, 0]
c = a[i, 1:, ::2]


# Decorator arguments: signature strings, a list of them, keywords, typed signatures.
@vectorize(['float32(float32, float32)', 'float64(float64, float64)'], target='cuda')
def add(x, y):
    return x + y


@cuda.jit(float32(float32[:], int64), device=True)
def get(a, i):
    return a[i]


# CHECK: (from numba vectorize cuda float32 int64)
# CHECK-NEXT: (= n 42)
# CHECK-NEXT: (= n 0)
# CHECK-NEXT: (= n 1000000)
# CHECK-NEXT: (= n 255)
# CHECK-NEXT: (= n 65535)
# CHECK-NEXT: (= n 15)
# CHECK-NEXT: (= n 10)
# CHECK-NEXT: (= n 3)
# CHECK-NEXT: (= n 18446744073709551615)
# CHECK-NEXT: (= f 1.5)
# CHECK-NEXT: (= f 0.5)
# CHECK-NEXT: (= f 5.0)
# CHECK-NEXT: (= f 1000.0)
# CHECK-NEXT: (= f 0.0025)
# CHECK-NEXT: (= f 10.25)
# CHECK-NEXT: (= f inf)
# CHECK-NEXT: (= z 2.0j)
# CHECK-NEXT: (= z 1.5j)
# CHECK-NEXT: (= z 10.0j)
# CHECK-NEXT: (= z (+ 1 2.0j))
# CHECK-NEXT: (= t True)
# CHECK-NEXT: (= t False)
# CHECK-NEXT: (= t None)
# CHECK-NEXT: (= s "abc")
# CHECK-NEXT: (= s "tab\there\n")
# CHECK-NEXT: (= s "raw\\n")
# CHECK-NEXT: (= s "AAé")
# CHECK-NEXT: (= u (tuple))
# CHECK-NEXT: (= u (tuple 1))
# CHECK-NEXT: (= u (tuple 1 2))
# CHECK-NEXT: (= u (tuple (tuple 1 2) (tuple 3)))
# CHECK-NEXT: (= c (call f))
# CHECK-NEXT: (= c (call f a b))
# CHECK-NEXT: (= c (call f a (= k 1) (= j (call g 2))))
# CHECK-NEXT: (= c (call (. np zeros) (tuple 2 3) (= dtype (. np float32))))
# CHECK-NEXT: (= c (call f a (* t) b))
# CHECK-NEXT: (= c (. (. a b) c))
# CHECK-NEXT: (= c ([] (call (. a b) c) d))
# CHECK-NEXT: (= c ([] a i))
# CHECK-NEXT: (= c ([] a (tuple i j)))
# CHECK-NEXT: (= c ([] a (: _ _ _)))
# CHECK-NEXT: (= c ([] a (: 1 _ _)))
# CHECK-NEXT: (= c ([] a (: _ n _)))
# CHECK-NEXT: (= c ([] a (: _ _ 2)))
# CHECK-NEXT: (= c ([] a (: 1 n 2)))
# CHECK-NEXT: (= c ([] a (: _ _ (- 1))))
# CHECK-NEXT: (= c ([] a (tuple (: _ _ _) 0)))
# CHECK-NEXT: (= c ([] a (tuple i (: 1 _ _) (: _ _ 2))))
# CHECK-NEXT: (def add (params x y) (decorators (call vectorize (list "float32(float32, float32)" "float64(float64, float64)") (= target "cuda")))
# CHECK-NEXT:   (body
# CHECK-NEXT:     (return (+ x y))))
# CHECK-NEXT: (def get (params a i) (decorators (call (. cuda jit) (call float32 ([] float32 (: _ _ _)) int64) (= device True)))
# CHECK-NEXT:   (body
# CHECK-NEXT:     (return ([] a i))))

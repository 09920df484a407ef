# `ujit ast`: every operator (binary, unary, comparison, boolean, conditional), chained
# comparisons, and Python's precedence and associativity as the tree's grouping.
# RUN: %ujit ast %s | FileCheck %s --match-full-lines
# Binary operators, each once, then the precedence levels from highest to lowest.
r = a + b
r = a - b
r = a * b
r = a / b
r = a // b
r = a % b
r = a ** b
r = a << b
r = a >> b
r = a & b
r = a | b
r = a ^ b
# Unary operators.
r = -a
r = +a
r = ~a
r = not a
# Comparisons, alone and chained (one node for the whole chain).
r = a < b
r = a <= b
r = a > b
r = a >= b
r = a == b
r = a != b
r = a is b
r = a is not b
r = a in b
r = a not in b
r = 0 <= i < n
r = a == b != c is not None
# Boolean operators: one node per run of the same operator.
r = a and b and c
r = a or b or c
r = a and b or c and not d
# Conditional expressions, nested to the right.
r = a if c else b
r = a if c else b if d else e
# ** is right-associative and binds tighter than a unary operator on its left, looser
# than one on its right.
r = a ** b ** c
r = -a ** b
r = a ** -b
r = -a ** -b ** c
r = (-a) ** b
# Left associativity within a level.
r = a - b - c
r = a / b * c // d % e
r = a << b >> c
# Level against level: * over +, + over shifts, shifts over &, & over ^, ^ over |,
# | over comparisons, comparisons over not, not over and, and over or, or over if-else.
r = a + b * c
r = a << b + c
r = a & b << c
r = a ^ b & c
r = a | b ^ c
r = a < b | c
r = not a < b
r = not a and b
r = a or b and c
r = a or b if c else d
r = -a * b
r = a * -b
# Parentheses group.
r = (a + b) * c
r = a - (b - c)
r = (a < b) == c


# CHECK: (= r (+ a b))
# CHECK-NEXT: (= r (- a b))
# CHECK-NEXT: (= r (* a b))
# CHECK-NEXT: (= r (/ a b))
# CHECK-NEXT: (= r (// a b))
# CHECK-NEXT: (= r (% a b))
# CHECK-NEXT: (= r (** a b))
# CHECK-NEXT: (= r (<< a b))
# CHECK-NEXT: (= r (>> a b))
# CHECK-NEXT: (= r (& a b))
# CHECK-NEXT: (= r (| a b))
# CHECK-NEXT: (= r (^ a b))
# CHECK-NEXT: (= r (- a))
# CHECK-NEXT: (= r (+ a))
# CHECK-NEXT: (= r (~ a))
# CHECK-NEXT: (= r (not a))
# CHECK-NEXT: (= r (cmp a < b))
# CHECK-NEXT: (= r (cmp a <= b))
# CHECK-NEXT: (= r (cmp a > b))
# CHECK-NEXT: (= r (cmp a >= b))
# CHECK-NEXT: (= r (cmp a == b))
# CHECK-NEXT: (= r (cmp a != b))
# CHECK-NEXT: (= r (cmp a is b))
# CHECK-NEXT: (= r (cmp a is not b))
# CHECK-NEXT: (= r (cmp a in b))
# CHECK-NEXT: (= r (cmp a not in b))
# CHECK-NEXT: (= r (cmp 0 <= i < n))
# CHECK-NEXT: (= r (cmp a == b != c is not None))
# CHECK-NEXT: (= r (and a b c))
# CHECK-NEXT: (= r (or a b c))
# CHECK-NEXT: (= r (or (and a b) (and c (not d))))
# CHECK-NEXT: (= r (ifexp c a b))
# CHECK-NEXT: (= r (ifexp c a (ifexp d b e)))
# CHECK-NEXT: (= r (** a (** b c)))
# CHECK-NEXT: (= r (- (** a b)))
# CHECK-NEXT: (= r (** a (- b)))
# CHECK-NEXT: (= r (- (** a (- (** b c)))))
# CHECK-NEXT: (= r (** (- a) b))
# CHECK-NEXT: (= r (- (- a b) c))
# CHECK-NEXT: (= r (% (// (* (/ a b) c) d) e))
# CHECK-NEXT: (= r (>> (<< a b) c))
# CHECK-NEXT: (= r (+ a (* b c)))
# CHECK-NEXT: (= r (<< a (+ b c)))
# CHECK-NEXT: (= r (& a (<< b c)))
# CHECK-NEXT: (= r (^ a (& b c)))
# CHECK-NEXT: (= r (| a (^ b c)))
# CHECK-NEXT: (= r (cmp a < (| b c)))
# CHECK-NEXT: (= r (not (cmp a < b)))
# CHECK-NEXT: (= r (and (not a) b))
# CHECK-NEXT: (= r (or a (and b c)))
# CHECK-NEXT: (= r (ifexp c (or a b) d))
# CHECK-NEXT: (= r (* (- a) b))
# CHECK-NEXT: (= r (* a (- b)))
# CHECK-NEXT: (= r (* (+ a b) c))
# CHECK-NEXT: (= r (- a (- b c)))
# CHECK-NEXT: (= r (cmp (cmp a < b) == c))

# Module-level strings are frozen into the compiled code as Numba freezes them (`G = 'abc'`,
# tuples holding strings, constant concatenation), and a parameter's default may be a string
# (`mode='valid'`): the CLI calls with the default when the argument is left out.
# RUN: %ujit run %s char_of 1 | FileCheck %s --check-prefix=CHAR
# RUN: %ujit run %s greeting | FileCheck %s --check-prefix=GREET
# RUN: %ujit run %s pair_text | FileCheck %s --check-prefix=PAIR
# RUN: %ujit run %s count_vowels | FileCheck %s --check-prefix=NVOWEL
# RUN: %ujit run %s scaled 2.0 | FileCheck %s --check-prefix=DEFAULT
# RUN: %ujit run %s scaled 2.0 "'half'" | FileCheck %s --check-prefix=HALF
# RUN: %ujit run %s calls_default 3 | FileCheck %s --check-prefix=CALLS
from numba import njit

NAME = 'héllo'
PAIR = ('key', 7)
BANNER = 'ab' + '-' * 3 + NAME
VOWELS = 'aeiou'


@njit
def char_of(i):
    return NAME[i]


@njit
def greeting():
    return BANNER, len(BANNER), NAME == 'héllo'


@njit
def pair_text():
    return PAIR[0] + '=' + str(PAIR[1])


@njit
def count_vowels():
    n = 0
    for c in NAME:
        if c in VOWELS:
            n += 1
    return n


@njit
def scaled(x, mode='double'):
    if mode == 'double':
        return x * 2
    return x / 2


@njit
def calls_default(x):
    return scaled(x), scaled(x, 'half'), scaled(x, mode='other')

# CHAR: é
# GREET: ('ab---héllo', 10, True)
# PAIR: key=7
# NVOWEL: 1
# DEFAULT: 4.0
# HALF: 1.0
# CALLS: (6.0, 1.5, 1.5)

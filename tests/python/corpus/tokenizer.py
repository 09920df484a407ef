"""A hand-written tokenizer: words of letters, numbers of digits, one list of strings."""
from numba import njit
from _same import check_same


@njit
def tokenize(text):
    tokens = []
    cur = ""
    for ch in text:
        if ch.isalnum():
            cur += ch
        else:
            if len(cur) > 0:
                tokens.append(cur)
                cur = ""
            if ch != " ":
                tokens.append(ch)
    if len(cur) > 0:
        tokens.append(cur)
    return tokens


def check():
    check_same(tokenize, "x = 3 + foo(12, bar)")
    check_same(tokenize, "")

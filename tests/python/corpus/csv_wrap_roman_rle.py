"""Text processing: a quoted-field CSV splitter, greedy word wrap, Roman numerals both ways,
anagram groups in a dict of lists, run-length encode/decode, a Caesar shift per word and a
palindrome test."""
from numba import njit
from _same import check_same


@njit
def csv_parse(text):
    rows = []
    for line in text.split("\n"):
        if len(line.strip()) == 0:
            continue
        fields = []
        cur = ""
        inq = False
        for ch in line:
            if ch == '"':
                inq = not inq
            elif ch == "," and not inq:
                fields.append(cur)
                cur = ""
            else:
                cur += ch
        fields.append(cur)
        rows.append(fields)
    return rows


@njit
def word_wrap(text, width):
    lines = []
    cur = ""
    for w in text.split():
        if len(cur) == 0:
            cur = w
        elif len(cur) + 1 + len(w) <= width:
            cur = cur + " " + w
        else:
            lines.append(cur)
            cur = w
    if len(cur) > 0:
        lines.append(cur)
    return lines


@njit
def to_roman(n):
    vals = (1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1)
    syms = ("M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I")
    out = ""
    for i in range(len(vals)):
        while n >= vals[i]:
            out += syms[i]
            n -= vals[i]
    return out


@njit
def from_roman(s):
    m = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for i in range(len(s)):
        v = m[s[i]]
        if i + 1 < len(s) and m[s[i + 1]] > v:
            total -= v
        else:
            total += v
    return total


@njit
def roman_roundtrip(n):
    bad = 0
    for i in range(1, n):
        if from_roman(to_roman(i)) != i:
            bad += 1
    return bad, to_roman(n)


@njit
def anagram_groups(words):
    groups = {}
    for w in words:
        chars = [c for c in w]
        chars.sort()
        key = "".join(chars)
        if key in groups:
            groups[key].append(w)
        else:
            groups[key] = [w]
    out = []
    for k, v in groups.items():
        if len(v) > 1:
            out.append(",".join(v))
    return out


@njit
def rle(s):
    if len(s) == 0:
        return ""
    out = []
    prev = s[0]
    n = 1
    for ch in s[1:]:
        if ch == prev:
            n += 1
        else:
            out.append(str(n) + prev)
            prev = ch
            n = 1
    out.append(str(n) + prev)
    return "".join(out)


@njit
def unrle(s):
    out = ""
    num = 0
    for ch in s:
        if ch.isdigit():
            num = num * 10 + ord(ch) - ord("0")
        else:
            out += ch * num
            num = 0
    return out


@njit
def caesar_words(s, k):
    res = []
    for w in s.split(" "):
        t = ""
        for c in w:
            if "a" <= c <= "z":
                t += chr((ord(c) - 97 + k) % 26 + 97)
            elif "A" <= c <= "Z":
                t += chr((ord(c) - 65 + k) % 26 + 65)
            else:
                t += c
        res.append(t)
    return " ".join(res)


@njit
def is_palin(s):
    t = ""
    for c in s.lower():
        if c.isalnum():
            t += c
    return t == t[::-1], t


def check():
    check_same(csv_parse, 'a,b,c\n1,"x,y",3\n\n"q",,\n')
    check_same(word_wrap, "the quick brown fox jumps over the lazy dog and keeps running far away", 16)
    check_same(word_wrap, "", 5)
    check_same(roman_roundtrip, 2024)
    check_same(from_roman, "MCMXCIV")
    check_same(anagram_groups, ["listen", "silent", "enlist", "google", "gogole", "cat", "act", "dog"])
    check_same(rle, "aaabccddddde")
    check_same(rle, "")
    check_same(unrle, "3a1b2c12d")
    check_same(caesar_words, "Hello, World! xyz", 3)
    check_same(caesar_words, "Hello, World! xyz", -29)
    check_same(is_palin, "A man, a plan, a canal: Panama")

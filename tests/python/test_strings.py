"""Strings in compiled code as Numba's unicode_type (issue 19, item 2), CPython as the
oracle: every operation compiled and run on ASCII and non-ASCII text (Latin-1, CJK,
astral characters, lone surrogates) must give what the same Python function gives, the
exceptions of the same class and message, and leave nothing allocated."""
import re

import pytest

import ujit
from ujit import njit, types
from ujit._native import ext
from ujit.experimental import jitclass
from ujit.typed import List

TEXTS = ["", "a", "hello world", "  padded\t\n", "héllo wörld", "ÀÉÎõü ß", "日本語のテキスト", "emoji 😀 and 𝔘",
         "Σίσυφος ΣΑΣ", "a\ud800b", "MiXeD CaSe 123", "x,y,,z", "straße", "ǅungla İstanbul"]


def same(fn, *args):
    expected = fn(*args)
    got = njit(fn)(*args)
    assert got == expected and type(got) is type(expected), (fn.__name__, args, got, expected)


def literal():
    s = "héllo 日本 😀"
    return s


def literal_in_tuple():
    t = ("a", 1, "bé")
    return t[2] + t[0], t


def concat(a, b):
    return a + b + "!"


def repeat(a, n):
    return a * n, n * a


def augmented(a, b):
    s = a
    for _ in range(3):
        s += b
    return s


def length(s):
    return len(s)


def compare(a, b):
    return a == b, a != b, a < b, a <= b, a > b, a >= b


def contains(a, b):
    return a in b, a not in b


def truth(s):
    return (1 if s else 0), not s


def index(s, i):
    return s[i]


def slices(s, a, b, c):
    return s[a:b], s[a:], s[:b], s[::c], s[a:b:c], s[::-1]


def chars(s):
    out = ""
    n = 0
    for c in s:
        out = c + out
        n += 1
    return out, n


def enumerated(s):
    out = ""
    total = 0
    for i, c in enumerate(s):
        total += i * ord(c)
        out += c * (i % 3)
    return out, total


def to_str(n, x):
    return str(n) + "|" + str(x) + "|" + str(n < 0)


def codes(s):
    total = 0
    for c in s:
        total += ord(c)
    return total, chr(total % 0x10FFFF)


def searches(s, sub):
    return (s.find(sub), s.rfind(sub), s.count(sub), s.startswith(sub), s.endswith(sub), s.find(sub, 2),
            s.rfind(sub, -5, -1), s.count(sub, 1, 7), s.startswith(sub, 1), s.endswith(sub, 0, 4))


def affix_tuples(s, sub):
    # A tuple of affixes: any of them (Numba's unicode startswith/endswith take one too).
    return (s.startswith((sub, "h", "日")), s.endswith(("d", sub)), s.startswith((), 1), s.endswith((sub,), 0, 4),
            s.startswith(("zz", sub[1:]), 1))


def replaces(s, old, new):
    return s.replace(old, new), s.replace(old, new, 1), s.replace("", "-")


def strips(s):
    return s.strip(), s.lstrip(), s.rstrip(), s.strip("a h"), s.lstrip("Σé"), s.rstrip("dz")


def cases(s):
    return s.upper(), s.lower(), s.swapcase(), s.capitalize(), s.title(), s.casefold()


def classes(s):
    return (s.isdigit(), s.isalpha(), s.isspace(), s.isalnum(), s.isupper(), s.islower(), s.isdecimal(),
            s.isnumeric(), s.istitle(), s.isascii(), s.isprintable(), s.isidentifier())


def pads(s, w):
    return s.zfill(w), s.center(w), s.ljust(w, "*"), s.rjust(w, "é"), s.center(w, "😀")


def partitions(s, sep):
    return s.partition(sep), s.rpartition(sep)


def fstrings(s, n):
    a = f"<{s}|{n}>"
    b = f'{n * 2}{{x}}' f"{s[::-1]}" "!"
    c = f"{s}é\t{len(s) + 1}{'q'}"
    return a, b, c, f"", f"plain"


def joins(sep, a, b):
    return sep.join((a, b, a)), sep.join((a,)), sep.join(())


def hashes(s):
    return hash(s)


def printing(s):
    print(s, len(s), "end")


@pytest.mark.parametrize("fn", [literal, literal_in_tuple])
def test_literals_are_values(fn):
    same(fn)


@njit
def exclaim(s):
    return s + "!"


@njit
def nested(s, n):
    out = s
    for _ in range(n):
        out = exclaim(out)
    return out, exclaim("é"), s  # an argument returned as it came


def test_calls_between_compiled_functions():
    assert nested("héllo", 3) == ("héllo!!!", "é!", "héllo")
    before = live()
    for _ in range(100):
        nested("héllo", 3)
    assert live() == before


@pytest.mark.parametrize("s", TEXTS)
def test_unary_operations(s):
    for fn in (length, truth, chars, enumerated, codes, strips, cases, classes, hashes):
        same(fn, s)


@pytest.mark.parametrize("a", TEXTS[:8])
@pytest.mark.parametrize("b", ["", "o", "é", "wörld", "😀", "héllo wörld"])
def test_binary_operations(a, b):
    for fn in (concat, augmented, compare, contains, searches, affix_tuples):
        same(fn, a, b)
    same(replaces, a, b or "l", "→")
    same(partitions, a, b or " ")
    same(joins, b, a, "é")


@pytest.mark.parametrize("s", TEXTS)
def test_indexing_and_slicing(s):
    for i in range(-len(s), len(s)):
        same(index, s, i)
    for a, b, c in [(0, 3, 1), (1, -1, 2), (-3, 100, 1), (5, 1, -1), (-1, -100, -2), (100, 200, 3)]:
        same(slices, s, a, b, c)


@pytest.mark.parametrize("s", ["ab", "héllo", "-12", "+5", "日本"])
@pytest.mark.parametrize("n", [-1, 0, 3, 7])
def test_repeat_and_pad(s, n):
    same(repeat, s, n)
    same(pads, s, n)


@pytest.mark.parametrize("s", TEXTS[:8])
def test_fstrings(s):
    for n in (-3, 0, 42):
        same(fstrings, s, n)


@pytest.mark.parametrize("n,x", [(0, 0.0), (-42, 0.1), (2**63 - 1, 1e16), (7, -1.5e-7), (12, float("inf")),
                                 (3, float("nan")), (5, -0.0)])
def test_str_of_numbers(n, x):
    same(to_str, n, x)


def test_hash_matches_cpython():
    # Python's own hash of str, with this interpreter's secret (as Numba's).
    for s in TEXTS:
        assert njit(hashes)(s) == hash(s)


def test_print(capfd):
    for s in TEXTS[:9]:
        printing(s)
        expected = capfd.readouterr().out
        njit(printing)(s)
        assert capfd.readouterr().out == expected


def raises(fn, args, exc, message):
    with pytest.raises(exc) as py:
        fn(*args)
    with pytest.raises(exc) as jit:
        njit(fn)(*args)
    # (ujit's own runtime errors name where they were raised: " (in f at file:line:col)")
    assert str(jit.value).split(" (in ")[0] == message, (str(jit.value), str(py.value))


def finder(s, sub):
    return s.index(sub) + s.rindex(sub)


def ord_of(s):
    return ord(s)


def chr_of(n):
    return chr(n)


def stepped(s, c):
    return s[::c]


def padded(s, fill):
    return s.center(9, fill)


def parted(s):
    return s.partition("")


def test_runtime_errors():
    raises(index, ("héllo", 5), IndexError, "string index out of range")
    raises(index, ("héllo", -6), IndexError, "string index out of range")
    raises(finder, ("héllo", "x"), ValueError, "substring not found")
    raises(ord_of, ("ab",), TypeError, "ord() expected a character")
    raises(chr_of, (0x110000,), ValueError, "chr() arg not in range(0x110000)")
    raises(chr_of, (-1,), ValueError, "chr() arg not in range(0x110000)")
    raises(stepped, ("abc", 0), ValueError, "slice step cannot be zero")
    raises(padded, ("abc", "ab"), TypeError, "The fill character must be exactly one character long")
    raises(parted, ("abc",), ValueError, "empty separator")


def test_typing_errors_are_located():
    def bad(s):
        return s + 1

    with pytest.raises(ujit.CompileError) as e:
        njit(bad)("x")
    assert "unsupported operand types for +: unicode_type and int64" in str(e.value)


@njit
def tuple_arg(t):
    return t[1][0] + t[0] * t[1][1]


def test_str_inside_tuple_arguments():
    assert tuple_arg(("é", ("x", 3))) == "xééé"


@pytest.mark.parametrize("body,arg,message", [
    ("f'{s!r}'", "x", "f-strings with a conversion (!r, !s, !a) are not supported"),
    ("f'{s=}'", "x", "f-strings with the debugging specifier '=' are not supported"),
    ("f'{s:>5}'", "x", "f-strings with a format spec are not supported")])
def test_fstrings_numba_refuses_are_located(tmp_path, monkeypatch, body, arg, message):
    path = tmp_path / "fstr_bad.py"
    path.write_text("from ujit import njit\n\n\n@njit\ndef f(s):\n    return %s\n" % body)
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib
    mod = importlib.import_module("fstr_bad")
    importlib.reload(mod)
    with pytest.raises(ujit.CompileError, match=re.escape(message)) as e:
        mod.f(arg)
    assert ":6:12" in str(e.value)


def test_explicit_signature():
    f = njit("unicode_type(unicode_type, int64)")(repeat_first)
    assert f("ab", 3) == "ababab"


def repeat_first(s, n):
    return s * n


def live():
    a, f, _, _ = ext.allocation_stats()
    return a - f


def test_nothing_leaks():
    ops = [(concat, ("héllo", "wörld")), (slices, ("héllo wörld", 1, 8, 2)), (chars, ("日本語",)),
           (partitions, ("a b c", " ")), (enumerated, ("héllo",)), (cases, ("Straße",)), (pads, ("x", 9)),
           (to_str, (-5, 0.5)), (literal_in_tuple, ())]
    compiled = [(njit(fn), args) for fn, args in ops]
    for f, args in compiled:  # compile first
        f(*args)
    before = live()
    for _ in range(200):
        for f, args in compiled:
            f(*args)
    assert live() == before
    # An exception leaves nothing behind either.
    f = njit(finder)
    for _ in range(50):
        with pytest.raises(ValueError):
            f("héllo" * 3, "x")
    assert live() == before


def identity(s):
    return s


def keep_in(items, s):
    items.append(s)


@jitclass([("name", types.unicode_type)])
class Named:
    def __init__(self, name):
        self.name = name


def test_a_str_argument_kept_past_the_call_stays_valid():
    # A str argument was a view of the call's own UTF-32 buffer, freed when the call
    # returned: a jitclass field or a typed List keeping it then read freed memory
    # (UnicodeDecodeError or garbage). It is now a string the compiled code can count.
    names = ["bé" + str(i) * 7 for i in range(40)]
    objects = [Named(n[:]) for n in names]
    kept = List.empty_list(types.unicode_type)
    keep = njit(keep_in)
    for n in names:
        keep(kept, "%s!" % n)
    churn = ["x" * 64 + str(i) for i in range(2000)]  # reuse what the calls freed
    assert [o.name for o in objects] == names
    assert list(kept) == [n + "!" for n in names]
    del churn


def test_str_arguments_leave_nothing_allocated():
    f, keep = njit(identity), njit(keep_in)
    items = [njit(lambda: ["a"])()][0]
    f("warm"), keep(items, "warm")
    before = live()
    for i in range(300):
        assert f("héllo %d" % i) == "héllo %d" % i
        keep(items, "lost")  # a reflected list: the kept item is copied back, then freed
    assert live() == before


def printing_containers(s, z):
    print((1, s, 2.5), [s, s + "'"], ((s,), [(2, s)]), s)
    print(z, [z], complex(0.0, z.imag), complex(-0.0, 1.0), complex(z.real, float("nan")))


def test_print_shows_containers_and_complex_numbers_as_python_does(capfd):
    # Numba prints a tuple or list by boxing it: its str items show as repr(), quoted; a
    # complex prints as Python's str(), "(0.5-1.5j)" and "3j" (ujit printed "(0.5+-1.5j)").
    for s, z in [("a", 1 + 2j), ("it's", complex(0.5, -1.5)), ('q"\n', 3j), ("日本", complex(-2.0, 0.25))]:
        printing_containers(s, z)
        expected = capfd.readouterr().out
        njit(printing_containers)(s, z)
        assert capfd.readouterr().out == expected

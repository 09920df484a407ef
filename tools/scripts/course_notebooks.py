#!/usr/bin/env python3
"""Turns Jupyter notebooks written for Numba (the course's, in a checkout of
ContinuumIO/gtc2017-numba) into scripts that run through ujit's Python package, changing
only what the promise allows: the import lines (numba -> ujit) and IPython-only lines
(`%timeit STMT` and `%time STMT` become STMT; other magics and `!` shell lines go).

    tools/scripts/course_notebooks.py NOTEBOOK_DIR OUT_DIR [--no-plots]
    PYTHONPATH=lang/python python3 OUT_DIR/1_numba_basics.py
    build/release/tools/ujit/ujit check OUT_DIR/1_numba_basics.py

--no-plots drops matplotlib imports and `plt.` lines (for machines without it). The
course's code is written only where asked, never into this repository (tests/python/
notebooks holds our own rendering of its cells; test_course_notebooks.py runs the real
ones when UJIT_COURSE_NOTEBOOKS names a checkout).
"""
import json
import os
import re
import sys

# (pattern, replacement) on a whole import line; `import numba.x` binds `numba`, so its
# replacement binds it too.
_IMPORTS = [
    (re.compile(r"^(\s*)import numba(\.[\w.]+)?\s*$"),
     lambda m: "%simport ujit as numba%s" % (m.group(1), ", ujit%s" % m.group(2) if m.group(2) else "")),
    (re.compile(r"^(\s*)import numba as (\w+)\s*$"), lambda m: "%simport ujit as %s" % (m.group(1), m.group(2))),
    (re.compile(r"^(\s*)from numba(\.[\w.]+)? import (.*)$"),
     lambda m: "%sfrom ujit%s import %s" % (m.group(1), m.group(2) or "", m.group(3))),
]
_TIMED = re.compile(r"^(\s*)%%?time(it)?\b(\s+-\S+(\s+\d+)?)*\s*(.*)$")


def convert_line(line, plots=True):
    """The line as the script runs it, or None when it goes."""
    for pattern, repl in _IMPORTS:
        m = pattern.match(line)
        if m:
            return repl(m)
    m = _TIMED.match(line)
    if m:
        return (m.group(1) + m.group(5)) if m.group(5).strip() else None
    stripped = line.lstrip()
    if stripped.startswith(("%", "!")):
        return None
    if not plots and ("matplotlib" in stripped or re.search(r"\bplt\.", stripped)):
        return None
    return line


def convert_notebook(path, plots=True):
    """The code cells of one notebook as one script, each cell after a `# cell N` line."""
    with open(path, encoding="utf-8") as f:
        nb = json.load(f)
    out = ["# %s, converted by tools/scripts/course_notebooks.py (imports numba -> ujit)" % os.path.basename(path)]
    for n, cell in enumerate(nb.get("cells", []), 1):
        if cell.get("cell_type") != "code":
            continue
        src = cell.get("source", [])
        lines = "".join(src).splitlines() if isinstance(src, list) else src.splitlines()
        kept = [c for c in (convert_line(l, plots) for l in lines) if c is not None]
        if any(k.strip() for k in kept):
            out.append("")
            out.append("# cell %d" % n)
            out.extend(kept)
    return "\n".join(out) + "\n"


def script_name(notebook):
    """'1 - Numba Basics.ipynb' -> '1_numba_basics.py'."""
    stem = os.path.splitext(os.path.basename(notebook))[0]
    return re.sub(r"[^0-9a-z]+", "_", stem.lower()).strip("_") + ".py"


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 2 or set(argv) - set(args) - {"--no-plots"}:
        sys.stderr.write(__doc__)
        return 2
    src, dst = args
    os.makedirs(dst, exist_ok=True)
    names = sorted(n for n in os.listdir(src) if n.endswith(".ipynb"))
    for name in names:
        out = os.path.join(dst, script_name(name))
        with open(out, "w", encoding="utf-8") as f:
            f.write(convert_notebook(os.path.join(src, name), plots="--no-plots" not in argv))
        print(out)
    return 0 if names else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

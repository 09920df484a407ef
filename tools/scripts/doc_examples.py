#!/usr/bin/env python3
"""Run the examples of README.md and docs/*.md, and check what they print.

    tools/scripts/doc_examples.py --build build/release [PAGE.md ...]

A page's fenced blocks are its examples:
- ```python: the blocks of one page run in order in one Python process (later blocks see
  what earlier ones defined), with the package of lang/python and this build's extension,
  `numba` resolving to ujit (as under `python -m ujit`);
- ```console: each `$ ...` line runs in one bash for the block (`ujit` is this build's CLI,
  `python3` the Python given), and the lines up to the next `$` are what it must print
  (stdout and stderr together; a command with none must exit 0);
- ```c / ```cpp with a `main`: compiled against include/ and this build's libujit, then run;
- ```output right after a python/c/cpp block: what that block must print.
A line `...` in expected output matches any number of lines, and `...` inside a line any text. Blocks tagged `norun`
(```python norun) are shown, not run. Every page must run at least one example: a page of
the user guide without one is an error here, and so is a README of more than 200 lines. Commands run in a scratch directory where
`lang/`, `tests/` and `tools/` name the repository's, so examples may write files.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FENCE = re.compile(r"^```(\w*)\s*(.*)$")
BLOCK_MARK = "<<ujit-doc-block-end>>"
README_MAX_LINES = 200


class Block:
    def __init__(self, lang, flags, text, line):
        self.lang, self.flags, self.text, self.line = lang, flags, text, line
        self.expected = None  # the text of an ```output block that follows


def parse_blocks(path):
    blocks, lines = [], open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start, body = i + 1, []
        i += 1
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        lang, flags = m.group(1), m.group(2).split()
        text = "\n".join(body) + "\n"
        if lang == "output" and blocks and blocks[-1].expected is None:
            blocks[-1].expected = text
        else:
            blocks.append(Block(lang, flags, text, start))
    return blocks


def matches(expected, actual):
    """Line by line, trailing spaces ignored; a line `...` matches any run of lines."""
    exp = [l.rstrip() for l in expected.rstrip("\n").split("\n")]
    act = [l.rstrip() for l in actual.rstrip("\n").split("\n")] if actual.strip() else []

    def same(e, a):  # `...` inside a line matches any text there
        if "..." not in e:
            return e == a
        return re.fullmatch(".*".join(re.escape(part) for part in e.split("...")), a) is not None

    def go(i, j):
        if i == len(exp):
            return j == len(act)
        if exp[i] == "...":
            return any(go(i + 1, k) for k in range(j, len(act) + 1))
        return j < len(act) and same(exp[i], act[j]) and go(i + 1, j + 1)

    return go(0, 0)


class Runner:
    def __init__(self, build, scratch, python):
        self.build, self.scratch, self.python = build, scratch, python
        self.cli = os.path.join(build, "tools", "ujit", "ujit")
        self.env = dict(os.environ)
        # the package, and tools/bench for the modules examples import (dask_gpu_job)
        self.env["PYTHONPATH"] = os.pathsep.join([os.path.join(REPO, "lang", "python"), os.path.join(REPO, "tools", "bench")])
        self.env["UJIT_PYTHON_EXT_DIR"] = os.path.join(build, "lang", "python")
        self.env.setdefault("UJIT_CACHE_DIR", os.path.join(scratch, "cache"))
        # `ujit` and `python3` in a console block are this build's CLI and the Python given
        bindir = os.path.join(scratch, "bin")
        os.mkdir(bindir)
        os.symlink(self.cli, os.path.join(bindir, "ujit"))
        os.symlink(python, os.path.join(bindir, "python3"))
        self.env["PATH"] = bindir + os.pathsep + self.env.get("PATH", "")
        for name in ("lang", "tests", "tools"):
            os.symlink(os.path.join(REPO, name), os.path.join(scratch, name))

    def run(self, argv, **kw):
        return subprocess.run(argv, cwd=self.scratch, env=self.env, capture_output=True, text=True,
                              timeout=600, **kw)

    def python_page(self, page_name, blocks):
        """One process for the page's blocks; a marker after each splits what they print."""
        # as `python -m ujit` runs a program: its `import numba` is ujit
        driver = ["import sys, ujit", "ujit.install_as_numba()", "__ns = {'__name__': '__main__'}"]
        for b in blocks:
            # a file of its own: ujit reads a function's source from its file, as inspect does
            path = os.path.join(self.scratch, "%s_line%d.py" % (page_name, b.line))
            open(path, "w").write(b.text)
            driver.append("exec(compile(open(%r).read(), %r, 'exec'), __ns)" % (path, path))
            driver.append("sys.stdout.flush(); print(%r, flush=True)" % BLOCK_MARK)
        p = self.run([self.python, "-c", "\n".join(driver)])
        outs = p.stdout.split(BLOCK_MARK + "\n")
        errors = []
        if p.returncode != 0:
            failed = blocks[min(len(outs), len(blocks)) - 1]
            errors.append((failed, "exit status %d\n%s" % (p.returncode, p.stderr[-3000:])))
        for b, out in zip(blocks, outs):
            if b.expected is not None and not matches(b.expected, out):
                errors.append((b, "printed:\n%s\nexpected:\n%s" % (out, b.expected)))
        return errors

    def console(self, block):
        """One shell for the block (an `export` holds for the lines after it); a marker line
        with the exit status after each command splits what they print."""
        commands, wants = [], []
        for line in block.text.rstrip("\n").split("\n"):
            if line.startswith("$ "):
                commands.append(line[2:])
                wants.append([])
            elif wants:
                wants[-1].append(line)
        script = ["exec 2>&1"]
        for cmd in commands:
            script += [cmd, 'echo "%s $?"' % BLOCK_MARK]
        p = self.run(["bash", "-c", "\n".join(script)])
        parts = re.split(re.escape(BLOCK_MARK) + r" (\d+)\n", p.stdout)
        errors = []
        for k, (cmd, want) in enumerate(zip(commands, wants)):
            if 2 * k + 1 >= len(parts):
                errors.append((block, "`%s` did not finish:\n%s" % (cmd, parts[-1])))
                break
            out, status = parts[2 * k], int(parts[2 * k + 1])
            if status != 0 and not want:
                errors.append((block, "`%s` exited %d:\n%s" % (cmd, status, out)))
            elif want and not matches("\n".join(want), out):
                errors.append((block, "`%s` printed:\n%s\nexpected:\n%s" % (cmd, out, "\n".join(want))))
        return errors

    def native(self, block):
        if "int main" not in block.text:
            return None  # a fragment: shown, nothing to run
        is_c = block.lang == "c"
        src = os.path.join(self.scratch, "example.c" if is_c else "example.cpp")
        exe = os.path.join(self.scratch, "example")
        open(src, "w").write(block.text)
        libdir = os.path.join(self.build, "src")
        compiler = ["cc", "-std=c11"] if is_c else ["c++", "-std=c++20"]
        p = self.run(compiler + [src, "-o", exe, "-I" + os.path.join(REPO, "include"),
                                 "-L" + libdir, "-Wl,-rpath," + libdir, "-lujit"])
        if p.returncode != 0:
            return [(block, "does not compile:\n" + p.stderr[-3000:])]
        p = self.run([exe])
        out = p.stdout + p.stderr
        if p.returncode != 0:
            return [(block, "exited %d:\n%s" % (p.returncode, out))]
        if block.expected is not None and not matches(block.expected, out):
            return [(block, "printed:\n%s\nexpected:\n%s" % (out, block.expected))]
        return []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--python", default=sys.executable, help="the Python that runs python blocks")
    ap.add_argument("pages", nargs="*")
    args = ap.parse_args()
    pages = args.pages or [os.path.join(REPO, "README.md")] + sorted(
        os.path.join(REPO, "docs", f) for f in os.listdir(os.path.join(REPO, "docs")) if f.endswith(".md"))
    build = os.path.abspath(args.build)
    failures, total = 0, 0
    readme_lines = open(os.path.join(REPO, "README.md"), encoding="utf-8").read().count("\n")
    if readme_lines > README_MAX_LINES:  # the user guide lives in docs/; README is the way in
        print("README.md: %d lines, more than %d: move the detail to docs/" % (readme_lines, README_MAX_LINES))
        failures += 1
    for page in pages:
        scratch = tempfile.mkdtemp(prefix="ujit-doc-")
        try:
            runner = Runner(build, scratch, args.python)
            blocks = [b for b in parse_blocks(page) if "norun" not in b.flags]
            errors, ran = [], 0
            py = [b for b in blocks if b.lang == "python"]
            if py:
                errors += runner.python_page(os.path.basename(page)[:-3].replace('-', '_'), py)
                ran += len(py)
            for b in blocks:
                if b.lang == "console":
                    errors += runner.console(b)
                    ran += 1
                elif b.lang in ("c", "cpp"):
                    e = runner.native(b)
                    if e is not None:
                        errors += e
                        ran += 1
            name = os.path.relpath(page, REPO)
            if ran == 0:
                errors.append((Block("", [], "", 1), "no example on this page runs"))
            for b, why in errors:
                print("%s:%d: example failed: %s" % (name, b.line, why))
            print("%s: %d examples, %d failed" % (name, ran, len(errors)))
            failures += len(errors)
            total += ran
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    print("doc examples: %d run, %d failed" % (total, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

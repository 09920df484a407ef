"""python -m ujit: run a Numba program unchanged on ujit, or check it without running it.

    python -m ujit script.py [args...]      run it with `import numba` resolving to ujit
    python -m ujit -m package.module [args]  the same for a module
    python -m ujit --check script.py         which functions compile, which constructs stop the others
"""
import os
import runpy
import sys

USAGE = __doc__.split("\n\n", 1)[1]


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        sys.stdout.write(USAGE)
        return 0 if argv else 2
    if argv[0] == "--check":
        if len(argv) != 2:
            sys.stderr.write("usage: python -m ujit --check script.py\n")
            return 2
        from ._check import check_file

        return check_file(argv[1], sys.stdout)
    from ._as_numba import install_as_numba

    install_as_numba()
    if argv[0] == "-m":
        if len(argv) < 2:
            sys.stderr.write("usage: python -m ujit -m module [args...]\n")
            return 2
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        return 0
    path = argv[0]
    if not os.path.exists(path):
        sys.stderr.write("python -m ujit: can't open file '%s': No such file or directory\n" % path)
        return 2
    sys.argv = argv[:]
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    runpy.run_path(path, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""The lines that say why a ctest run failed, for the end of CI's log (test.sh prints this
when a test step fails). CI shows only the head and the tail of a long log, and a sanitizer
report of a lit test sits in the middle of thousands of lines of commands.

    failure_digest.py BUILD_DIR     reads BUILD_DIR/Testing/Temporary/LastTest.log

Printed: each failing command of a lit test with its stderr, each sanitizer report (headline,
first frames, SUMMARY), uncaught-exception and assertion lines; at most LIMIT lines.
"""
import re
import sys

LIMIT = 220
FRAMES = 14  # stack frames kept per sanitizer report

HEADLINE = re.compile(
    r"ERROR: (Address|Leak|Thread|UndefinedBehavior)Sanitizer|runtime error:|^SUMMARY: |"
    r"terminate called|what\(\):|Assertion .* failed|\*\*\* Failed|\*\*\*Exception|FAILED:|^FAIL: ")
FRAME = re.compile(r"^\s*#(\d+) 0x")


def digest(lines):
    out = []
    last_command = None
    in_stderr = 0
    frames_left = 0
    for raw in lines:
        line = raw.rstrip("\n")
        text = line[2:] if line.startswith("> ") else line
        if text.startswith("# executed command:"):
            last_command = text
            continue
        if text.startswith("# .---command stderr"):
            in_stderr = 40
            out.append(last_command or "# (command not shown)")
            continue
        if in_stderr:
            if text.startswith("# `---"):
                in_stderr = 0
            else:
                in_stderr -= 1
                out.append(text)
            continue
        if text.startswith("# error: command failed"):
            out.append(last_command or "# (command not shown)")
            out.append(text)
            continue
        if frames_left and FRAME.match(text):
            frames_left -= 1
            out.append(text)
            continue
        if HEADLINE.search(text):
            out.append(text)
            if "Sanitizer" in text:
                frames_left = FRAMES
    # The same report can appear twice (ctest's output and lit's); keep the first of each run.
    seen, unique = set(), []
    for line in out:
        if line in seen and not FRAME.match(line):
            continue
        seen.add(line)
        unique.append(line)
    return unique


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    path = f"{sys.argv[1]}/Testing/Temporary/LastTest.log"
    try:
        with open(path, errors="replace") as f:
            lines = digest(f)
    except OSError as e:
        print(f"failure_digest: {e}")
        return
    print(f"\n=== why the tests failed ({path}, {len(lines)} lines)")
    for line in lines[:LIMIT]:
        print("  " + line[:400])
    if len(lines) > LIMIT:
        print(f"  ... {len(lines) - LIMIT} more lines in {path}")


if __name__ == "__main__":
    main()

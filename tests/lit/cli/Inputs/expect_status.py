"""expect_status.py N COMMAND [ARGS...]: runs COMMAND, passes its stdout and stderr
through, and succeeds iff it exits with status N (lit's `not` only knows zero/non-zero)."""
import subprocess
import sys

want = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:])
if proc.returncode != want:
    sys.stderr.write("expect_status: %r exited with %d, expected %d\n" % (sys.argv[2:], proc.returncode, want))
    sys.exit(1)

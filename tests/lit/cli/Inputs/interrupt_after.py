"""interrupt_after.py DELAY LIMIT COMMAND [ARGS...]: runs COMMAND, sends it SIGINT after DELAY
seconds (Ctrl-C), and waits at most LIMIT seconds more for it to exit. Passes its output
through, then prints "exit status N within the limit"; fails if it was still running."""
import signal
import subprocess
import sys
import time

delay, limit = float(sys.argv[1]), float(sys.argv[2])
# lit's workers ignore SIGINT, and an ignored signal stays ignored across exec: give the
# command the default disposition, as an interactive shell does.
proc = subprocess.Popen(sys.argv[3:], preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
time.sleep(delay)
proc.send_signal(signal.SIGINT)
try:
    status = proc.wait(timeout=limit)
except subprocess.TimeoutExpired:
    proc.kill()
    proc.wait()
    sys.stdout.write("still running %g s after SIGINT\n" % limit)
    sys.exit(1)
sys.stdout.flush()
sys.stdout.write("exit status %d within the limit\n" % status)

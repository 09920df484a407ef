"""no_new_threads.py COMMAND [ARGS...]: runs COMMAND where it cannot start a thread, as in a
container at its pids limit: RLIMIT_NPROC is 1, counted for a user that already runs a process.
Root ignores that limit, so under root the command runs as `nobody`; its output paths must be
writable by it. Prints SKIP and succeeds where neither works (e.g. no `nobody`)."""
import os
import pwd
import resource
import sys

resource.setrlimit(resource.RLIMIT_NPROC, (1, 1))
if os.geteuid() == 0:
    try:
        nobody = pwd.getpwnam("nobody")
        os.setgroups([])
        os.setgid(nobody.pw_gid)
        os.setuid(nobody.pw_uid)
    except (KeyError, OSError) as e:
        print("SKIP: cannot drop to nobody (%s)" % e)
        sys.exit(0)
# LeakSanitizer checks for leaks from a thread it starts at exit, which this limit forbids:
# under ASan the command runs without the leak check (the other tests have it).
if "ASAN_OPTIONS" in os.environ:
    os.environ["ASAN_OPTIONS"] += ":detect_leaks=0"
os.execv(sys.argv[1], sys.argv[1:])

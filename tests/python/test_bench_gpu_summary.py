"""tools/bench/gpu_summary.py: a run whose programs printed `CHECK FAILED` (a peer's or ujit's
result that does not match its oracle) fails, so no ratio against a wrong result is reported
as a speed figure (issue 22, item 5)."""
import pathlib
import subprocess
import sys

SUMMARY = pathlib.Path(__file__).resolve().parents[2] / "tools" / "bench" / "gpu_summary.py"
ROWS = ("gufunc.matmul2x2.4M            | ujit         |        1.000 | ms        | x\n"
        "gufunc.matmul2x2.4M            | hand         |        0.900 | ms        | y\n")


def summarize(tmp_path, text):
    log = tmp_path / "gpu.log"
    log.write_text(text)
    return subprocess.run([sys.executable, str(SUMMARY), str(log)], capture_output=True, text=True)


def test_a_run_whose_checks_passed_succeeds(tmp_path):
    r = summarize(tmp_path, ROWS + "check ok: matmul2x2 4M exact vs host\n")
    assert r.returncode == 0, r.stdout
    assert "CHECKS FAILED" not in r.stdout


def test_a_failed_peer_check_fails_the_run_and_is_named(tmp_path):
    r = summarize(tmp_path, ROWS + "CHECK FAILED: matmul2x2 4M exact vs host\n")
    assert r.returncode == 1
    assert "CHECK FAILED: matmul2x2 4M exact vs host" in r.stdout.split("CHECKS FAILED")[1]

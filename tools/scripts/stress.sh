#!/usr/bin/env bash
# Disk-cache stress: PROCS `ujit run` processes at once compile the same keys into one
# UJIT_CACHE_DIR, ROUNDS times (cold cache on even rounds, warm on odd ones), while in rounds
# 1, 4, 7, ... (not the last) a corrupter flips bytes in and truncates the entries as they
# are written and read. Every process must succeed with the output a cache-less run gives: a damaged entry
# is never used (it is rejected by its checksum and rebuilt), and no entry is half-written.
#   tools/scripts/stress.sh [ROUNDS] [PROCS]     (default 6 rounds of 8 processes)
# UJIT (default build/release/tools/ujit/ujit) is the CLI under test.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-6}" procs="${2:-8}"
ujit="${UJIT:-build/release/tools/ujit/ujit}"
work="$(mktemp -d "${TMPDIR:-/tmp}/ujit-stress-XXXXXX")"
trap 'rm -rf "$work"' EXIT
export UJIT_CACHE_DIR="$work/cache"

# Each job: several functions and signatures, so the processes race on several keys.
jobs=(
  "lang/examples/hypot.py hypot 3.0 4.0"
  "lang/examples/hypot.py hypot --sig float32(float32,float32) 3.0 4.0"
  "lang/examples/gaussian_pdf.py gaussian_pdf 0.5 0.0 1.0"
  "lang/examples/polar_distance.py polar_distance 1.0 0.5 2.0 1.5"
  "tests/conformance/corpus/int_divmod.py floordiv -- -7 2"
)
run_jobs() {  # prints each job's output, in order
  for j in "${jobs[@]}"; do
    # shellcheck disable=SC2086  # the job string is split into arguments on purpose
    "$ujit" run $j || echo "exit status $?"
  done
}

UJIT_CACHE=0 run_jobs >"$work/expected"

corrupt() {  # until killed: damage a random entry, by a flipped byte or a truncation
  local n=0
  while true; do
    mapfile -t files < <(find "$UJIT_CACHE_DIR" -type f -name '*.ujc' 2>/dev/null)
    if ((${#files[@]})); then
      f="${files[RANDOM % ${#files[@]}]}"
      size=$(stat -c %s "$f" 2>/dev/null || echo 0)
      if ((size > 0)); then
        if ((n++ % 2)); then
          truncate -s $((RANDOM % size)) "$f" 2>/dev/null || true
        else
          printf '\x5a' | dd of="$f" bs=1 seek=$(((RANDOM * 32768 + RANDOM) % size)) count=1 conv=notrunc \
            2>/dev/null || true
        fi
      fi
    fi
    sleep 0.0$((RANDOM % 5))
  done
}

failures=0 corrupted_rounds=0
start=$SECONDS

# First, deliberately: fill the cache, flip the last payload byte of every entry (the size
# stays right, only the checksum can tell), run again. The output must not change and every
# entry must be valid again afterwards (rejected, deleted, rebuilt).
run_jobs >/dev/null
mapfile -t entries < <(find "$UJIT_CACHE_DIR" -type f -name '*.ujc')
for f in "${entries[@]}"; do
  size=$(stat -c %s "$f")
  last=$(od -An -tu1 -j $((size - 1)) -N1 "$f" | tr -d ' ')
  # shellcheck disable=SC2059  # the format is the byte, as an octal escape
  printf "\\$(printf '%03o' $((last ^ 1)))" | dd of="$f" bs=1 seek=$((size - 1)) count=1 conv=notrunc 2>/dev/null
done
damaged="$("$ujit" cache stats | sed -n 's/^invalid files: //p')"
run_jobs >"$work/out.deliberate"
if ! cmp -s "$work/expected" "$work/out.deliberate" || ((damaged != ${#entries[@]})) ||
   ! "$ujit" cache stats | grep -q '^invalid files: 0$'; then
  echo "stress: ${#entries[@]} deliberately damaged entries (stats saw $damaged) were not all rejected and rebuilt"
  failures=$((failures + 1))
else
  echo "stress: ${#entries[@]} deliberately damaged entries rejected and rebuilt"
fi
for ((r = 0; r < rounds; ++r)); do
  ((r % 2)) || rm -rf "$UJIT_CACHE_DIR"
  corrupter=""
  if ((r % 3 == 1 && r + 1 < rounds)); then
    corrupt &
    corrupter=$!
    corrupted_rounds=$((corrupted_rounds + 1))
  fi
  pids=()
  for ((p = 0; p < procs; ++p)); do
    run_jobs >"$work/out.$r.$p" 2>"$work/err.$r.$p" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  if [[ -n "$corrupter" ]]; then kill "$corrupter"; wait "$corrupter" 2>/dev/null || true; fi
  for ((p = 0; p < procs; ++p)); do
    if ! cmp -s "$work/expected" "$work/out.$r.$p" || [[ -s "$work/err.$r.$p" ]]; then
      echo "stress: round $r process $p differs from the cache-less run:"
      diff "$work/expected" "$work/out.$r.$p" || true
      cat "$work/err.$r.$p"
      failures=$((failures + 1))
    fi
  done
done
# The last round ran clean after a damaged one: every damaged entry it needed was replaced,
# and no temporary file is left behind.
stats="$("$ujit" cache stats)"
echo "$stats"
if ! grep -q '^invalid files: 0$' <<<"$stats" || ! grep -q '^temporary files: 0$' <<<"$stats"; then
  echo "stress: the cache is left with invalid or temporary files"
  failures=$((failures + 1))
fi
echo "stress: $rounds rounds x $procs processes x ${#jobs[@]} jobs ($corrupted_rounds rounds with" \
  "corruption) in $((SECONDS - start)) s: $failures failed"
((failures == 0))

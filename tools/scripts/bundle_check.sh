#!/usr/bin/env bash
# Checks that a release bundle (tools/scripts/bundle.sh) is relocatable: unpacks it into a
# temporary directory and, with LD_LIBRARY_PATH and UJIT_SOURCE_DIR unset and the working
# directory outside any source tree, checks its ELF files' dependencies (all found, none on
# libLLVM, RUNPATH $ORIGIN only), then runs the CLI, `ujit demo`, two benchmarks briefly, a
# quick CPU subset of ujit_tests and its [gpu] tests (which skip without a GPU). About a
# minute on 2 cores; no GPU needed.
#   tools/scripts/bundle_check.sh build/bundle/ujit-0.1.0-Linux-x86_64.tar.xz
set -uo pipefail
tarball=$(realpath "${1:?usage: bundle_check.sh TARBALL}")
tmp=$(mktemp -d /tmp/ujit-bundle-check.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
tar -xJf "$tarball" -C "$tmp"
root=$(echo "$tmp"/ujit-*)
cd "$tmp"
unset LD_LIBRARY_PATH UJIT_SOURCE_DIR UJIT_CLI
export UJIT_CACHE_DIR="$tmp/cache"

passed=0 failed=0
ok() { echo "ok:   $*"; passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }

echo "=== $tarball → $root"
# ELF files: every NEEDED library found (the bundle's own from its lib/), none of them
# libLLVM (LLVM is linked in statically), no RUNPATH into the build machine.
for f in "$root"/bin/* "$root"/lib/*.so*; do
  [[ -f $f && ! -L $f ]] && head -c4 "$f" | grep -q ELF || continue
  name=${f#"$root"/}
  missing=$(ldd "$f" 2>&1 | grep "not found")
  llvm=$(readelf -d "$f" | grep NEEDED | grep -i llvm)
  runpath=$(readelf -d "$f" | sed -n 's/.*(RU*N*PATH).*\[\(.*\)\]/\1/p')
  if [[ -n $missing ]]; then bad "$name: $missing"
  elif [[ -n $llvm ]]; then bad "$name needs libLLVM: $llvm"
  elif [[ -n $runpath && $runpath != \$ORIGIN* ]]; then bad "$name: RUNPATH $runpath"
  else ok "$name: dependencies ($(readelf -d "$f" | grep -c NEEDED) NEEDED, RUNPATH ${runpath:-none})"
  fi
done
fmt=$(ldd "$root/lib/libujit.so" | awk '/libfmt/{print $3}')
[[ $fmt == "$root"/* ]] && ok "libfmt from the bundle" || bad "libfmt resolves to ${fmt:-nothing}"

out=$("$root/bin/ujit" --version 2>&1) && ok "ujit --version: $out" || bad "ujit --version: $out"
out=$("$root/bin/ujit" run "$root/share/ujit/examples/hypot.py" hypot 3.0 4.0 2>&1)
[[ $out == 5.0 ]] && ok "ujit run hypot.py hypot 3.0 4.0 → $out" || bad "ujit run hypot: $out"
out=$("$root/bin/ujit" demo 2>&1)
rc=$?
if ((rc == 0)) && grep -q "examples from $root/share/ujit/examples" <<<"$out" && ! grep -q MISMATCH <<<"$out"; then
  ok "ujit demo (examples from the bundle)"
else
  bad "ujit demo (status $rc):"; echo "$out" | head -20
fi

# The benchmarks, briefly: bench_ufunc runs through libujit.so (the public library),
# bench_compile through libujit-core.so, as the CLI does.
out=$("$root/bin/bench_ufunc" 10000 2>&1) && grep -q "gaussian f64" <<<"$out" &&
  ok "bench_ufunc 10000 (libujit.so)" || { bad "bench_ufunc 10000:"; echo "$out" | tail -5; }
out=$("$root/bin/bench_compile" "$root/share/ujit/examples" 2>&1) && grep -q "add_kernel" <<<"$out" &&
  ok "bench_compile share/ujit/examples" || { bad "bench_compile:"; echo "$out" | tail -5; }

# The test binary finds its data in share/ujit/testdata and runs bin/ujit (conformance).
run_tests() {
  local spec=$1 log="$tmp/tests.log"
  if [[ ! -x $root/bin/ujit_tests ]]; then bad "bin/ujit_tests missing (bundle built without UJIT_BUNDLE_TESTS?)"; return; fi
  "$root/bin/ujit_tests" "$spec" > "$log" 2>&1
  local rc=$? summary
  summary=$(grep -E "^(All tests passed|test cases:)" "$log" | tail -1)
  if ((rc == 0)); then ok "ujit_tests '$spec': $summary"
  else bad "ujit_tests '$spec' (status $rc): $summary"; tail -30 "$log"
  fi
  grep -c "skipped: no usable CUDA device" "$log" | sed 's/^/      [gpu] skips: /' | grep -v ': 0$'
}
run_tests "[examples],[conformance],[cache]"
run_tests "[gpu]"

echo "=== bundle_check: $passed passed, $failed failed"
((failed == 0))

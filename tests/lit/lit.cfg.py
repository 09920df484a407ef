# lit configuration for ujit's dump, CLI and expected-error tests.
#
# Run through ctest (tests/lit/CMakeLists.txt), or by hand:
#   python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv tests/lit \
#       --param ujit=build/tools/ujit/ujit
# Parameters: ujit (required), filecheck, ptxas, exec_root (where Output/ goes).
import os
import subprocess
import sys
import tempfile

import lit.formats

config.name = 'ujit'
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = ['.py']
config.excludes = ['lit.cfg.py', 'Inputs']
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
params = lit_config.params

ujit = params.get('ujit')
if not ujit or not os.path.isfile(ujit):
    lit_config.fatal("pass the ujit binary: --param ujit=PATH (got %r)" % ujit)
filecheck = params.get('filecheck', '/usr/lib/llvm-19/bin/FileCheck')
ptxas = params.get('ptxas', '/usr/local/cuda/bin/ptxas')
config.test_exec_root = params.get('exec_root', os.path.join(tempfile.gettempdir(), 'ujit-lit'))

# Longest first: '%ujit' must not eat the start of a longer name.
config.substitutions.append(('%expect-status', '%s %s' % (sys.executable, os.path.join(config.test_source_root, 'cli', 'Inputs', 'expect_status.py'))))
config.substitutions.append(('%no-new-threads', '%s %s' % (sys.executable, os.path.join(config.test_source_root, 'cli', 'Inputs', 'no_new_threads.py'))))
config.substitutions.append(('%examples', os.path.join(os.path.dirname(os.path.dirname(config.test_source_root)), 'lang', 'examples')))
config.substitutions.append(('%python', sys.executable))
config.substitutions.append(('%ujit', os.path.abspath(ujit)))
config.substitutions.append((r'\bFileCheck\b', filecheck))
config.substitutions.append((r'\bptxas\b', ptxas))
if os.path.isfile(ptxas):
    config.available_features.add('ptxas')

# 'cuda-device': a CUDA device can run code here (`ujit --cuda-info` says "cuda: available";
# without a driver or GPU, or with UJIT_DISABLE_CUDA=1, it says why not). Tests that launch
# on the GPU say `REQUIRES: cuda-device`.
try:
    info = subprocess.run([os.path.abspath(ujit), '--cuda-info'], capture_output=True, text=True, timeout=120)
    if info.returncode == 0 and info.stdout.startswith('cuda: available'):
        config.available_features.add('cuda-device')
    else:
        lit_config.note('no CUDA device: the tests that REQUIRE cuda-device are unsupported (%s)'
                        % (info.stdout.strip() or info.stderr.strip()))
except (OSError, subprocess.SubprocessError) as e:
    lit_config.note('ujit --cuda-info failed: %s' % e)

# 'root': the tests run as root, who can chown a file to another user (the cache's trust rules).
if os.geteuid() == 0:
    config.available_features.add('root')

# 'asan': ujit is built with AddressSanitizer. Its shadow memory needs more address space
# than a test's RLIMIT_AS allows, and it cannot clean a stack of over 64 MB that an exception
# leaves (google/sanitizers#189), which 10,000 nested calls reach with its larger frames.
try:
    linked = subprocess.run(['ldd', os.path.abspath(ujit)], capture_output=True, text=True, timeout=60).stdout
    if 'libasan' in linked:
        config.available_features.add('asan')
except (OSError, subprocess.SubprocessError) as e:
    lit_config.note('ldd %s failed: %s' % (ujit, e))

# Deterministic output: no colours, C locale.
config.environment['LC_ALL'] = 'C'
# The disk compilation cache of every test run goes below the exec root, never into the
# user's ~/.cache (tests that need their own pass UJIT_CACHE_DIR=%t/...).
config.environment['UJIT_CACHE_DIR'] = params.get('cache_dir', os.path.join(config.test_exec_root, 'ujit-cache'))

# Issue 24, item 4: calls nested past the compiler's budget (10,000) are a located error at
# the call that crosses it; `check` (no call) is fine, and a chain just under the limit runs.
# (Not under ASan: the error leaves a stack of about 85 MB there, more than ASan can clean
# when an exception unwinds it, google/sanitizers#189; the release build runs it.)
# UNSUPPORTED: asan
# RUN: %python %S/adversarial_deep_calls.py 10002 > %t.10002.py
# RUN: %expect-status 1 %ujit run %t.10002.py f10001 1 2>&1 | FileCheck %s --check-prefix=LIMIT
# RUN: %expect-status 0 %ujit check %t.10002.py
# RUN: %expect-status 1 %ujit run %t.10002.py f10000 1
# RUN: %ujit run %t.10002.py f9999 1 | FileCheck %s --check-prefix=AT-LIMIT
# LIMIT: 10002.py:{{[0-9]+}}:12: error: calls nested too deeply (limit 10000)
# AT-LIMIT: {{^}}10000{{$}}

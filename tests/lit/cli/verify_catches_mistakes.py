# `check --verify` fails when an expected error does not appear, when an error appears at
# another column, and when an unexpected error appears; and it rejects malformed directives.
# RUN: %expect-status 1 %ujit check --verify %S/Inputs/wrong_column.py 2>&1 | FileCheck %s --check-prefix=COLUMN
# RUN: %expect-status 1 %ujit check --verify %S/Inputs/missing_error.py 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: %expect-status 1 %ujit check --verify %S/Inputs/unexpected_error.py 2>&1 | FileCheck %s --check-prefix=UNEXPECTED
# RUN: %expect-status 1 %ujit check --verify %S/Inputs/malformed.py 2>&1 | FileCheck %s --check-prefix=MALFORMED
# RUN: %expect-status 1 %ujit check --verify %S/Inputs/no_directives.py 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: %expect-status 1 %ujit check %S/Inputs/unexpected_error.py 2>&1 | FileCheck %s --check-prefix=PLAIN
# COLUMN: wrong_column.py:9:5: error: expected error not seen: {{[{][{]}}generator expressions{{[}][}]}}
# COLUMN: wrong_column.py:9:9: error: unexpected error: generator expressions are not supported by ujit
# MISSING: missing_error.py:9:1: error: expected error not seen
# UNEXPECTED: unexpected_error.py:10:16: error: unexpected error: name 'z' is not defined
# MALFORMED: malformed.py:4:23: error: malformed verify directive: expected '{{[{][{]}}' before the message
# NONE: no_directives.py: error: no verify directives
# PLAIN: unexpected_error.py:10:16: error: name 'z' is not defined

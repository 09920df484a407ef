"""numba.experimental: `jitclass` (ujit/experimental/_jitclass.py)."""
from ._jitclass import jitclass  # noqa: F401

__all__ = ["jitclass"]

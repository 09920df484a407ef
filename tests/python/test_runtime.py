"""The array runtime's counters from Python: Numba's rtsys.get_allocation_stats()."""
import ujit
import ujit as numba


def test_allocation_stats_are_numbas_four_counters():
    s = ujit.runtime.rtsys.get_allocation_stats()
    assert s._fields == ("alloc", "free", "mi_alloc", "mi_free")
    assert all(isinstance(x, int) and x >= 0 for x in s)
    assert s.alloc >= s.free and s.mi_alloc >= s.mi_free


def test_numbas_spelling_reaches_the_same_counters():
    from ujit.core.runtime import rtsys

    assert rtsys is ujit.runtime.rtsys
    assert numba.core.runtime.rtsys.get_allocation_stats() == rtsys.get_allocation_stats()

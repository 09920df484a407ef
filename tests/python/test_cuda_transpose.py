"""numba.cuda.kernels.transpose: a device array's transpose, NumPy's `.T` the oracle
(numba-cuda's test_transpose), into a given array or a new one."""
import numpy as np
import pytest

from ujit import cuda
from ujit.cuda.kernels.transpose import transpose

pytestmark = pytest.mark.filterwarnings("ignore::ujit.core.errors.NumbaPerformanceWarning")  # small grids


@pytest.mark.parametrize("rows, cols, dtype", [(5, 6, np.float64), (128, 128, np.complex128),
                                               (1025, 512, np.float64), (17, 16, np.int32)])
def test_transpose_into_a_given_array(rows, cols, dtype):
    x = np.arange(rows * cols).astype(dtype).reshape(cols, rows)
    d = cuda.device_array((rows, cols), dtype)
    assert transpose(cuda.to_device(x), d) is d
    np.testing.assert_array_equal(d.copy_to_host(), x.T)


def test_transpose_makes_the_array_and_takes_bools():
    x = np.random.default_rng(1).integers(0, 2, size=(14, 15)).astype(np.bool_)
    np.testing.assert_array_equal(transpose(cuda.to_device(x)).copy_to_host(), x.T)


def test_the_output_shape_must_be_the_input_s_reversed():
    with pytest.raises(ValueError, match="b's shape must be a's reversed"):
        transpose(cuda.to_device(np.zeros((3, 4))), cuda.device_array((3, 4)))

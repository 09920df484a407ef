# `ujit types` straight on the course file: the header names the float32 signature.
# RUN: %ujit types %examples/gaussian_pdf.py gaussian_pdf | FileCheck %s
# CHECK: # gaussian_pdf (float32, float32, float32) -> float32
# CHECK: #   x = float32
# CHECK: #   sigma = float32

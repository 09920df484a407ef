"""Mesh geometry: face normals and areas of triangles with np.cross, unit normals by
np.linalg.norm, the surface area of a mesh."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def face_normals(vertices, faces):
    n = np.empty((faces.shape[0], 3))
    for i in range(faces.shape[0]):
        a = vertices[faces[i, 0]]
        b = vertices[faces[i, 1]]
        c = vertices[faces[i, 2]]
        n[i] = np.cross(b - a, c - a)
    return n


@njit
def surface(vertices, faces):
    n = face_normals(vertices, faces)
    areas = np.zeros(n.shape[0])
    for i in range(n.shape[0]):
        areas[i] = 0.5 * np.linalg.norm(n[i])
    return areas.sum(), n / np.expand_dims(2 * areas, 1)


def check():
    # a unit cube's 12 triangles
    v = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0],
                  [0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]], dtype=np.float64)
    f = np.array([[0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7], [0, 1, 5], [0, 5, 4],
                  [1, 2, 6], [1, 6, 5], [2, 3, 7], [2, 7, 6], [3, 0, 4], [3, 4, 7]])
    check_same(face_normals, v, f)
    check_same(surface, v, f)
    check_same(njit(lambda a, b: np.cross(a, b)), v[:4, :], v[4:, :])

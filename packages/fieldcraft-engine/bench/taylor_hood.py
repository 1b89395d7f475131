# Shared by the DOLFINx benches: our mesh's corners read from the JSON file the TypeScript bench wrote, and
# the Taylor-Hood space (P2 velocity, P1 pressure) on it.
import json
import sys
import time

import numpy as np
from mpi4py import MPI
import ufl
from dolfinx import fem, mesh as dmesh


def load_taylor_hood():
    """The bench's data, the mesh, the mixed space W and the set-up's start time."""
    data = json.load(open(sys.argv[1]))
    x = np.array(data["nodes"], dtype=np.float64).reshape(-1, 3)
    cells = np.array(data["cells"], dtype=np.int64).reshape(-1, 4)
    domain = ufl.Mesh(ufl.VectorElement("Lagrange", "tetrahedron", 1))
    msh = dmesh.create_mesh(MPI.COMM_WORLD, cells, x, domain)
    t0 = time.perf_counter()
    P2 = ufl.VectorElement("Lagrange", msh.ufl_cell(), 2)
    P1 = ufl.FiniteElement("Lagrange", msh.ufl_cell(), 1)
    return data, msh, fem.FunctionSpace(msh, P2 * P1), t0

# The lid-driven unit cube with DOLFINx (Taylor-Hood P2-P1, Newton, MUMPS LU), for bench/cavity-dolfinx.ts: the
# same problem as the engine's tests/support/cavity.ts (lid z = 1 moving along +x at 1, the other faces no-slip,
# the walls win on the lid's rim, rho = 1, mu = 1 / Re, one pressure held at 0) and the same convection form
# (Temam's: (u . grad) u + 1/2 (div u) u), on a given tetrahedral mesh. Reads a JSON file {nodes: [x, y, z, ...],
# cells: [4 corners per tet], re, z: [...], x: [...]}; prints one JSON line {seconds, dofs, newton, u, w} on
# stdout: u along the vertical centreline x = y = 1/2 at the heights z, w along the horizontal one y = z = 1/2 at x.
# Run with the system python3 (Debian python3-dolfinx).
import json
import sys
import time

import numpy as np
from mpi4py import MPI
from petsc4py import PETSc
import ufl
import dolfinx
from dolfinx import fem, geometry, mesh as dmesh
from dolfinx.fem.petsc import NonlinearProblem
from dolfinx.nls.petsc import NewtonSolver

from taylor_hood import load_taylor_hood

data, msh, W, t0 = load_taylor_hood()
mu = 1.0 / data["re"]
V, _ = W.sub(0).collapse()
Q, _ = W.sub(1).collapse()
tol = 1e-9


def on_lid(p):
    # Strictly inside the lid: its rim (edges and corners) belongs to the walls, as in the engine.
    return np.isclose(p[2], 1.0, atol=tol) & (p[0] > tol) & (p[0] < 1 - tol) & (p[1] > tol) & (p[1] < 1 - tol)


def on_wall(p):
    side = np.isclose(p[0], 0, atol=tol) | np.isclose(p[0], 1, atol=tol) | np.isclose(p[1], 0, atol=tol) | np.isclose(p[1], 1, atol=tol)
    return side | np.isclose(p[2], 0, atol=tol)


lid = fem.Function(V)
lid.interpolate(lambda p: np.vstack([np.ones(p.shape[1]), np.zeros(p.shape[1]), np.zeros(p.shape[1])]))
zero = fem.Function(V)
p0 = fem.Function(Q)
bcs = [
    fem.dirichletbc(lid, fem.locate_dofs_geometrical((W.sub(0), V), on_lid), W.sub(0)),
    fem.dirichletbc(zero, fem.locate_dofs_geometrical((W.sub(0), V), on_wall), W.sub(0)),
    # The closed cavity fixes the pressure only up to a constant: hold it at one corner.
    fem.dirichletbc(p0, fem.locate_dofs_geometrical((W.sub(1), Q), lambda p: np.isclose(p[0], 0) & np.isclose(p[1], 0) & np.isclose(p[2], 0)), W.sub(1)),
]
w = fem.Function(W)
(u, p) = ufl.split(w)
(v, q) = ufl.TestFunctions(W)
F = (
    mu * ufl.inner(ufl.grad(u), ufl.grad(v))
    + ufl.inner(ufl.grad(u) * u, v)
    + 0.5 * ufl.div(u) * ufl.inner(u, v)
    - p * ufl.div(v)
    - q * ufl.div(u)
) * ufl.dx
problem = NonlinearProblem(F, w, bcs=bcs)
solver = NewtonSolver(MPI.COMM_WORLD, problem)
solver.rtol = 1e-10
solver.atol = 1e-12
solver.max_it = 30
solver.convergence_criterion = "incremental"
ksp = solver.krylov_solver
opts = PETSc.Options()
prefix = ksp.getOptionsPrefix()
opts[f"{prefix}ksp_type"] = "preonly"
opts[f"{prefix}pc_type"] = "lu"
opts[f"{prefix}pc_factor_mat_solver_type"] = "mumps"
ksp.setFromOptions()
iterations, converged = solver.solve(w)
seconds = time.perf_counter() - t0
uh = w.sub(0).collapse()

tree = geometry.BoundingBoxTree(msh, msh.topology.dim)


def sample(points, c):
    points = np.array(points, dtype=np.float64)
    colliding = geometry.compute_colliding_cells(msh, geometry.compute_collisions(tree, points), points)
    cells = [colliding.links(i)[0] for i in range(len(points))]
    return [float(val[c]) for val in uh.eval(points, np.array(cells, dtype=np.int32))]


us = sample([[0.5, 0.5, z] for z in data["z"]], 0)
ws = sample([[xx, 0.5, 0.5] for xx in data["x"]], 2)
print(json.dumps({"seconds": seconds, "dofs": W.dofmap.index_map.size_global * W.dofmap.index_map_bs, "newton": iterations, "converged": bool(converged), "u": us, "w": ws}))

# Stokes flow in a duct on a given tetrahedral mesh with DOLFINx (Taylor-Hood P2-P1, MUMPS LU), for the fluid
# bench: the same mesh and problem as the engine's (walls at y, z = +-h/2, outlets at x = 0 (pressure dp) and
# x = L (0)). Reads a JSON file {nodes: [x, y, z, ...], cells: [4 corners per tet], L, h, mu, dp}; prints one
# JSON line {seconds, dofs, flow} on stdout. Run with the system python3 (Debian python3-dolfinx).
import json
import sys
import time

import numpy as np
from mpi4py import MPI
import ufl
import dolfinx
from dolfinx import fem, mesh as dmesh
from dolfinx.fem.petsc import LinearProblem

from taylor_hood import load_taylor_hood

data, msh, W, t0 = load_taylor_hood()
L, h, mu, dp = data["L"], data["h"], data["mu"], data["dp"]
V, _ = W.sub(0).collapse()
fdim = msh.topology.dim - 1
tol = 1e-9 * max(L, h)
# One plane at a time: a single "on some wall" marker also takes the outlet triangles that cut a corner of the
# cross-section (each of their corners is on one wall or the other) and holds their mid-edge node, inside the
# outlet, at zero: 4 extra nodes on the 2 x 4 x 4 duct, which cost 1.8% of the flow (see the README).
walls = np.unique(np.hstack([
    dmesh.locate_entities_boundary(msh, fdim, lambda p, a=a, s=s: np.isclose(p[a], s * h / 2, atol=tol))
    for a in (1, 2) for s in (-1, 1)
]))
zero = fem.Function(V)
bc = fem.dirichletbc(zero, fem.locate_dofs_topological((W.sub(0), V), fdim, walls), W.sub(0))
inlet = dmesh.locate_entities_boundary(msh, fdim, lambda p: np.isclose(p[0], 0.0, atol=tol))
outlet = dmesh.locate_entities_boundary(msh, fdim, lambda p: np.isclose(p[0], L, atol=tol))
facets = np.hstack([inlet, outlet])
values = np.hstack([np.full(len(inlet), 1, dtype=np.int32), np.full(len(outlet), 2, dtype=np.int32)])
order = np.argsort(facets)
tags = dmesh.meshtags(msh, fdim, facets[order], values[order])
ds = ufl.Measure("ds", domain=msh, subdomain_data=tags)
(u, p) = ufl.TrialFunctions(W)
(v, q) = ufl.TestFunctions(W)
n = ufl.FacetNormal(msh)
a = (mu * ufl.inner(ufl.grad(u), ufl.grad(v)) - p * ufl.div(v) - q * ufl.div(u)) * ufl.dx
Lform = -dp * ufl.inner(n, v) * ds(1)
problem = LinearProblem(a, Lform, bcs=[bc], petsc_options={"ksp_type": "preonly", "pc_type": "lu", "pc_factor_mat_solver_type": "mumps"})
t1 = time.perf_counter()
w = problem.solve()
t2 = time.perf_counter()
uh = w.sub(0).collapse()
flow = fem.assemble_scalar(fem.form(ufl.inner(uh, n) * ds(2)))
print(json.dumps({"seconds": t2 - t0, "solve_seconds": t2 - t1, "dofs": W.dofmap.index_map.size_global * W.dofmap.index_map_bs, "flow": flow}))

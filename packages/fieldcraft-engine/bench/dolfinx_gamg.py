# The PETSc baseline of bench/petsc.ts: the same Kuhn-split block (read from files the bench wrote), the
# same clamp and load, solved by DOLFINx 0.5 with PETSc CG + GAMG (Chebyshev-Jacobi smoothing, the six
# rigid-body modes as near-nullspace), relative unpreconditioned residual 1e-8, as in our solver.
# Run by the bench, serial or under `mpirun -n 2`: python3 dolfinx_gamg.py <mesh dir> <order>.
# Prints one JSON line (rank 0): DOFs, assembly and solve wall seconds, CG iterations, min u_z, peak RSS.
import json
import resource
import sys
import time

import numpy as np
import ufl
from dolfinx import fem, la, mesh as dmesh
from dolfinx.fem.petsc import apply_lifting, assemble_matrix, assemble_vector, set_bc
from mpi4py import MPI
from petsc4py import PETSc

E, NU = 210000.0, 0.3
LENGTH, WIDTH, HEIGHT = 200.0, 100.0, 100.0
FORCE_Z = -1000.0


def read_mesh(folder, comm):
    """Corner nodes and tets from the bench's files on rank 0; the other ranks start empty and get their share."""
    if comm.rank == 0:
        head = json.load(open(f"{folder}/mesh.json"))
        x = np.fromfile(f"{folder}/nodes.f64", dtype=np.float64).reshape(head["nodes"], 3)
        cells = np.fromfile(f"{folder}/cells.i64", dtype=np.int64).reshape(head["cells"], 4)
    else:
        x = np.zeros((0, 3), dtype=np.float64)
        cells = np.zeros((0, 4), dtype=np.int64)
    domain = ufl.Mesh(ufl.VectorElement("Lagrange", ufl.tetrahedron, 1))
    return dmesh.create_mesh(comm, cells, x, domain)


def rigid_body_modes(V):
    """Three translations and three rotations on V's DOFs, orthonormalised: GAMG's near-nullspace."""
    imap, bs = V.dofmap.index_map, V.dofmap.index_map_bs
    modes = [la.create_petsc_vector(imap, bs) for _ in range(6)]
    coords = V.tabulate_dof_coordinates()  # one row per block (node)
    n_local = imap.size_local
    x, y, z = coords[:n_local, 0], coords[:n_local, 1], coords[:n_local, 2]
    arrays = [m.getArray() for m in modes]  # owned entries, bs per node
    for c in range(3):
        arrays[c][c::3] = 1.0
    arrays[3][0::3], arrays[3][1::3] = -y, x
    arrays[4][1::3], arrays[4][2::3] = -z, y
    arrays[5][0::3], arrays[5][2::3] = z, -x
    for m in modes:
        m.assemble()
    la.orthonormalize(modes)
    return PETSc.NullSpace().create(vectors=modes)


def main():
    folder, order = sys.argv[1], int(sys.argv[2])
    comm = MPI.COMM_WORLD
    msh = read_mesh(folder, comm)
    V = fem.VectorFunctionSpace(msh, ("Lagrange", order))
    u, v = ufl.TrialFunction(V), ufl.TestFunction(V)
    mu, lam = E / (2 * (1 + NU)), E * NU / ((1 + NU) * (1 - 2 * NU))
    eps = lambda w: ufl.sym(ufl.grad(w))
    sigma = lambda w: 2 * mu * eps(w) + lam * ufl.tr(eps(w)) * ufl.Identity(3)
    fdim = msh.topology.dim - 1
    root = dmesh.locate_entities_boundary(msh, fdim, lambda p: np.isclose(p[0], 0.0))
    tip = dmesh.locate_entities_boundary(msh, fdim, lambda p: np.isclose(p[0], LENGTH))
    order_tip = np.argsort(tip)
    tags = dmesh.meshtags(msh, fdim, tip[order_tip], np.ones(len(tip), dtype=np.int32))
    ds = ufl.Measure("ds", domain=msh, subdomain_data=tags)
    traction = fem.Constant(msh, PETSc.ScalarType((0.0, 0.0, FORCE_Z / (WIDTH * HEIGHT))))
    a = fem.form(ufl.inner(sigma(u), eps(v)) * ufl.dx)
    L = fem.form(ufl.dot(traction, v) * ds(1))
    bc = fem.dirichletbc(np.zeros(3, dtype=PETSc.ScalarType), fem.locate_dofs_topological(V, fdim, root), V)

    comm.Barrier()
    t0 = time.perf_counter()
    A = assemble_matrix(a, bcs=[bc])
    A.assemble()
    b = assemble_vector(L)
    apply_lifting(b, [a], bcs=[[bc]])
    b.ghostUpdate(addv=PETSc.InsertMode.ADD, mode=PETSc.ScatterMode.REVERSE)
    set_bc(b, [bc])
    comm.Barrier()
    t1 = time.perf_counter()

    A.setNearNullSpace(rigid_body_modes(V))
    opts = PETSc.Options()
    opts["ksp_type"] = "cg"
    opts["ksp_rtol"] = 1e-8
    opts["ksp_norm_type"] = "unpreconditioned"
    opts["pc_type"] = "gamg"
    opts["mg_levels_ksp_type"] = "chebyshev"
    opts["mg_levels_pc_type"] = "jacobi"
    ksp = PETSc.KSP().create(comm)
    ksp.setOperators(A)
    ksp.setFromOptions()
    x = A.createVecRight()
    ksp.solve(b, x)
    comm.Barrier()
    t2 = time.perf_counter()

    owned = x.getArray()
    uz_min = comm.allreduce(float(owned[2::3].min()) if len(owned) else 0.0, op=MPI.MIN)
    rss = comm.reduce(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024, op=MPI.SUM, root=0)
    if comm.rank == 0:
        print(json.dumps({
            "dofs": V.dofmap.index_map.size_global * 3,
            "ranks": comm.size,
            "assemblySeconds": t1 - t0,
            "solveSeconds": t2 - t1,
            "iterations": ksp.getIterationNumber(),
            "converged": ksp.getConvergedReason() > 0,
            "uzMin": uz_min,
            "peakRssBytes": rss,
        }), flush=True)


main()

// Published centreline velocities of the lid-driven cube at Re = 1000: S. Albensoeder and H. C. Kuhlmann,
// "Accurate three-dimensional lid-driven cavity flow", J. Comput. Phys. 206 (2005) 536-558, Tables 5 and 6
// (Chebyshev collocation, cube with rigid end walls; values as transcribed in tum-pbs/PICT tests/validations.py,
// key (1000, 1, 1, False)). No 3D table at Re = 100 (Ku, Hirsh & Taylor 1987; Wong & Baker 2002) could be found
// for this project, so Re = 1000 is the published comparison (bench/cavity.ts) and Re = 100 is compared with
// DOLFINx solving the same problem (bench/cavity-dolfinx.ts).
//
// Their cavity is [-1/2, 1/2]^3 with the lid at x = -1/2 moving along +y; ours is [0, 1]^3 with the lid at z = 1
// moving along +x. So x_AK = 1/2 - z, y_AK = x - 1/2, and the velocities v_AK = u (along the lid's motion),
// u_AK = -w (away from the lid).

/** Table 5: v_AK along the x_AK axis (y_AK = z_AK = 0): our u along the vertical centreline x = y = 1/2, at z. */
export const AK_VERTICAL = {
  z: [0.5, 0.4453, 0.4375, 0.4297, 0.3984, 0.3281, 0.2187, 0.0469, 0.0, -0.1172, -0.2344, -0.3516, -0.4531, -0.4609, -0.4688, -0.4766, -0.5].map((x) => 0.5 - x),
  u: [0.0, -0.20623, -0.22283, -0.23696, -0.27293, -0.2516, -0.10999, -0.00612, 0.00802, 0.03905, 0.07334, 0.12183, 0.33171, 0.39821, 0.48443, 0.58964, 1.0],
};

/** Table 6: u_AK along the y_AK axis (x_AK = z_AK = 0): minus our w along the horizontal centreline y = z = 1/2, at x. */
export const AK_HORIZONTAL = {
  x: [-0.5, -0.4375, -0.4297, -0.4219, -0.4062, -0.3437, -0.2734, -0.2656, 0.0, 0.3047, 0.3594, 0.4063, 0.4453, 0.4531, 0.4609, 0.4688, 0.5].map((y) => y + 0.5),
  w: [0.0, -0.21738, -0.22746, -0.23503, -0.24407, -0.22924, -0.1758, -0.16987, -0.03674, 0.15223, 0.31117, 0.43423, 0.33511, 0.29032, 0.24095, 0.18864, 0.0].map((u) => -u),
};

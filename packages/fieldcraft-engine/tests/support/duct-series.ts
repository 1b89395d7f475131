// Fully developed laminar flow in a rectangular duct, the classical Fourier series (e.g. White, Viscous Fluid
// Flow, 3rd ed., eq. 3-48): half-widths a (y) and b (z), pressure gradient G = -dp/dx, viscosity mu.
const TERMS = 60;

export function ductVelocity(a: number, b: number, G: number, mu: number, y: number, z: number): number {
  let s = 0;
  for (let k = 0; k < TERMS; k++) {
    const i = 2 * k + 1;
    const c = (i * Math.PI) / (2 * a);
    s += ((k % 2 === 0 ? 1 : -1) * (1 - Math.cosh(c * z) / Math.cosh(c * b)) * Math.cos(c * y)) / i ** 3;
  }
  return ((16 * a * a * G) / (mu * Math.PI ** 3)) * s;
}

export function ductFlowRate(a: number, b: number, G: number, mu: number): number {
  // The series is written for b >= a.
  const [s, l] = a <= b ? [a, b] : [b, a];
  let sum = 0;
  for (let k = 0; k < TERMS; k++) {
    const i = 2 * k + 1;
    sum += Math.tanh((i * Math.PI * l) / (2 * s)) / i ** 5;
  }
  return ((4 * l * s ** 3 * G) / (3 * mu)) * (1 - ((192 * s) / (Math.PI ** 5 * l)) * sum);
}

// Consistent unit systems: the unit of each physical dimension a parameter may carry (`x-dimension`).
export const DIMENSIONS = [
  "length", "area", "force", "stress", "pressure", "density", "mass", "time", "moment", "modulus",
  // Frequency and heat analyses (energy is force x length: mJ in mm-t-s-N, J in SI; power mW and W).
  "frequency", "eigenvalue", "inertia", "temperature", "conductivity", "specific_heat", "heat_flux", "film_coefficient", "heat_source", "heat_flow",
  // Explicit dynamics and fluid analyses.
  "velocity", "acceleration", "energy", "viscosity", "volume_flow", "vorticity",
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export interface UnitSystem {
  id: string;
  description: string;
  units: Record<Dimension, string>;
}

export const UNIT_SYSTEMS = [
  {
    id: "mm-t-s-N-MPa",
    description: "millimetre, tonne, second, newton, megapascal",
    units: {
      length: "mm",
      area: "mm^2",
      force: "N",
      stress: "MPa",
      pressure: "MPa",
      modulus: "MPa",
      density: "t/mm^3",
      mass: "t",
      time: "s",
      moment: "N*mm",
      frequency: "Hz",
      eigenvalue: "rad^2/s^2",
      inertia: "t*mm^2",
      temperature: "K",
      conductivity: "mW/(mm*K)",
      specific_heat: "mJ/(t*K)",
      heat_flux: "mW/mm^2",
      film_coefficient: "mW/(mm^2*K)",
      heat_source: "mW/mm^3",
      heat_flow: "mW",
      velocity: "mm/s",
      acceleration: "mm/s^2",
      energy: "mJ",
      viscosity: "MPa*s",
      volume_flow: "mm^3/s",
      vorticity: "1/s",
    },
  },
  {
    id: "m-kg-s-N-Pa",
    description: "metre, kilogram, second, newton, pascal (SI)",
    units: {
      length: "m",
      area: "m^2",
      force: "N",
      stress: "Pa",
      pressure: "Pa",
      modulus: "Pa",
      density: "kg/m^3",
      mass: "kg",
      time: "s",
      moment: "N*m",
      frequency: "Hz",
      eigenvalue: "rad^2/s^2",
      inertia: "kg*m^2",
      temperature: "K",
      conductivity: "W/(m*K)",
      specific_heat: "J/(kg*K)",
      heat_flux: "W/m^2",
      film_coefficient: "W/(m^2*K)",
      heat_source: "W/m^3",
      heat_flow: "W",
      velocity: "m/s",
      acceleration: "m/s^2",
      energy: "J",
      viscosity: "Pa*s",
      volume_flow: "m^3/s",
      vorticity: "1/s",
    },
  },
] as const satisfies readonly UnitSystem[];

export type UnitSystemId = (typeof UNIT_SYSTEMS)[number]["id"];
export const UNIT_SYSTEM_IDS = UNIT_SYSTEMS.map((s) => s.id) as [UnitSystemId, ...UnitSystemId[]];

/** A copy of the unit system, so a caller may keep or change it without touching the table. */
export function unitSystem(id: UnitSystemId): UnitSystem {
  const found = UNIT_SYSTEMS.find((s) => s.id === id)!;
  return { id: found.id, description: found.description, units: { ...found.units } };
}

/** The length unit of a unit system: what designs and imported parts are converted into. */
export function lengthUnit(id: UnitSystemId): "mm" | "m" {
  return UNIT_SYSTEMS.find((s) => s.id === id)!.units.length;
}

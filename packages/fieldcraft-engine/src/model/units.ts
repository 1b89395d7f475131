// Consistent unit systems: the unit of each physical dimension a parameter may carry (`x-dimension`).
export const DIMENSIONS = ["length", "area", "force", "stress", "pressure", "density", "mass", "time", "moment", "modulus"] as const;
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

// Windows reserves these names in every folder, with any extension ("nul.txt" is the null device).
// They are refused on every platform: a model and its paths move between computers.
const DEVICE = /^(CON|PRN|AUX|NUL|CONIN\$|CONOUT\$|COM[1-9\u00b9\u00b2\u00b3]|LPT[1-9\u00b9\u00b2\u00b3])$/i;

/** The reserved device name a path component stands for, or null. */
export function windowsDeviceName(component: string): string | null {
  // Windows ignores everything from the first dot, and trailing spaces before it.
  const base = component.split(".")[0].replace(/[ ]+$/, "");
  return DEVICE.test(base) ? base.toUpperCase() : null;
}

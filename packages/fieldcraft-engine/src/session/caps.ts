// Moved to src/base/caps.ts (a contract lower layers may import); kept so older imports still resolve.
export { DEFAULT_CAPS, type Caps } from "../base/caps.js";

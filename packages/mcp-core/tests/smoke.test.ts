import { expect, test } from "vitest";
test("placeholder", () => { expect(1 + 1).toBe(2); });

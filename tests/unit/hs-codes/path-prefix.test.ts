import { describe, expect, it } from "vitest";
import { pathPrefix } from "../../../shared/hs-codes/classify/path-prefix.ts";

describe("a path's prefixes (the nodes of a heading's tree)", () => {
  it("joins the first `depth` texts with ' > ', the same on every call", () => {
    const path = ["Men's or boys' shirts", "Of cotton", "Other"];
    expect(pathPrefix(path, 0)).toBe("");
    expect(pathPrefix(path, 2)).toBe("Men's or boys' shirts > Of cotton");
    expect(pathPrefix(path, 3)).toBe(path.join(" > "));
    expect(pathPrefix(path, 2)).toBe("Men's or boys' shirts > Of cotton");
    expect(pathPrefix(path, 5)).toBe(path.join(" > "));
  });

  it("keeps each path's prefixes apart", () => {
    const a = ["Dresses", "Of wool"];
    const b = ["Dresses", "Of cotton"];
    expect(pathPrefix(a, 2)).toBe("Dresses > Of wool");
    expect(pathPrefix(b, 2)).toBe("Dresses > Of cotton");
    expect(pathPrefix([...a], 1)).toBe("Dresses");
  });
});

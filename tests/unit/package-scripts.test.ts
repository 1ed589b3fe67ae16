import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> };

describe("package.json scripts that run a service", () => {
  // The tsx CLI runs the script in a child process and relays signals to it; when the child does not
  // acknowledge a SIGTERM within 60 ms (its event loop busy rendering or building the sanctions index),
  // the CLI sends SIGKILL: the server died mid-shutdown with its PGlite data directory unclosed.
  // `node --import tsx` is one process that handles its own signals.
  it.each(["start", "worker"])("`npm run %s` is one Node process (tsx as a loader, not the tsx CLI)", (name) => {
    expect(pkg.scripts[name]).toMatch(/^node --import tsx scripts\/\S+\.ts$/);
  });
});

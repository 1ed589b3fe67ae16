#!/usr/bin/env node
// The `tds-verify` command of this package (package.json "bin"): runs scripts/tds-verify.ts with tsx.
import { register } from "tsx/esm/api";

register();
await import("../scripts/tds-verify.ts");

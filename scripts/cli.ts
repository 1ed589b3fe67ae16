/** What the command-line scripts share: options, the --only list, a usage error. */
import { parseArgs, type ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** A usage error: the message on stderr, exit code 2. */
export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The options given (`-h`/`--help` prints the usage and exits 0; an unknown or malformed option fails with it). */
export function readOptions<const O extends Options>(options: O, usage: string) {
  const config = { options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: false } as const;
  let values: ReturnType<typeof parseArgs<typeof config>>["values"];
  try {
    values = parseArgs(config).values;
  } catch (e) {
    fail(`${e instanceof Error ? e.message : String(e)}\n${usage}`);
  }
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/** `--only a,b`: the names, trimmed, without empty ones; undefined when the option is absent. */
export function onlyList(value: string | undefined): string[] | undefined {
  return value
    ? value
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean)
    : undefined;
}

// Loaded into the server by bench/profile/profile-server.ts (NODE_OPTIONS=--import …; node refuses
// --cpu-prof there): samples the main thread from the moment the file PROFILE_GO exists until the
// process exits, and writes the profile (Chrome .cpuprofile JSON) to PROFILE_OUT.
import { existsSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";

const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 500 });
let started = false;
const poll = setInterval(() => {
  if (existsSync(process.env.PROFILE_GO)) {
    started = true;
    session.post("Profiler.start");
    clearInterval(poll);
  }
}, 100);
poll.unref();
process.on("exit", () => {
  // An in-process session answers synchronously, so this runs to the end before the process does.
  if (started) session.post("Profiler.stop", (_err, result) => writeFileSync(process.env.PROFILE_OUT, JSON.stringify(result.profile)));
});

/** The screening functions monitoring runs with: the lists' own entry reader and subset screening. */
import type { MonitorScreening } from "./run-monitor.ts";

export const defaultMonitorScreening: MonitorScreening = {
  readEntries: async () => {
    throw new Error("screening entries reader not wired yet");
  },
  screen: () => {
    throw new Error("subset screening not wired yet");
  },
};

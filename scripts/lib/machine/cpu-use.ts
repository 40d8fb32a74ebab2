/**
 * How busy the machine's cores were over a stretch of time, from Linux's
 * /proc/stat: `npm test` prints it under its step table, so a slow run shows
 * whether the cores were the limit (busy near 100 %) or the steps waited
 * (docs/testing.md, "The steps").
 */
import fs from "node:fs";
import os from "node:os";

/** Clock ticks of all cores: busy (user, nice, system, irq, softirq, steal) and idle (idle, iowait). */
export interface CpuTicks {
  busy: number;
  idle: number;
}

/** The first ("cpu ") line of /proc/stat's text, summed over every core. */
export function cpuTicks(procStat: string): CpuTicks {
  const line = procStat.split("\n").find((entry) => entry.startsWith("cpu "));
  if (!line) throw new Error("/proc/stat has no \"cpu \" line");
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return { busy: user + nice + system + irq + softirq + (steal ?? 0), idle: idle + iowait };
}

/** Linux counts /proc/stat in USER_HZ, 100 a second on every architecture it runs on. */
const ticksPerSecond = 100;

const readTicks = () => (fs.existsSync("/proc/stat") ? cpuTicks(fs.readFileSync("/proc/stat", "utf8")) : undefined);

/** Starts counting now; `since()` gives the cores, how busy they were in percent, and the busy core-seconds. */
export function machineCpuFrom() {
  const first = readTicks();
  return {
    since() {
      const now = readTicks();
      const cores = os.availableParallelism();
      if (!first || !now) return { cores, busyPercent: "?", busySeconds: "?" };
      const busy = now.busy - first.busy;
      const all = busy + now.idle - first.idle;
      return { cores, busyPercent: all > 0 ? Math.round((busy / all) * 100) : 0, busySeconds: Math.round(busy / ticksPerSecond) };
    },
  };
}

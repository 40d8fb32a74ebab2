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

/** The fields of a /proc/<pid>/stat line this needs: its parent, its CPU ticks (user and system) and when it started (which tells a reused pid apart). */
export function processTicks(statLine: string): { parent: string; ticks: number; startedAt: string } {
  // The command name, in parentheses, may hold spaces and parentheses: the fields follow the last ")".
  const fields = statLine.slice(statLine.lastIndexOf(")") + 2).split(" ");
  // Fields 4 (ppid), 14 (utime), 15 (stime) and 22 (starttime) of proc(5), counted from field 3 here.
  return { parent: fields[1] ?? "", ticks: Number(fields[11]) + Number(fields[12]), startedAt: fields[19] ?? "" };
}

/** The value of `name` in a /proc/<pid>/environ text (NUL-separated). */
export function environValue(environ: string, name: string): string | undefined {
  const entry = environ.split("\0").find((line) => line.startsWith(`${name}=`));
  return entry?.slice(name.length + 1);
}

/**
 * CPU seconds per value of the environment variable `variable` (npm test's
 * TEST_STEP, which every process of a step inherits, a build's workers
 * included, whatever reaps them), sampled from /proc every `intervalMs`: a
 * process's last sample counts once it has ended, so what a process did in
 * its last interval, or a process shorter than one, is missed. A process
 * without the variable counts with its parent: Chromium starts its zygote
 * and renderers with an environment of its own.
 */
export function watchCpuBy(variable: string, { intervalMs = 1000 } = {}) {
  const processes = new Map<string, { group: string | undefined; ticks: number }>();
  /** The group of each pid, for its children without the variable. */
  const groupOfPid = new Map<string, string | undefined>();
  const read = (file: string) => {
    try {
      return fs.readFileSync(file, "utf8");
    } catch {
      return undefined; // ended meanwhile, or unreadable
    }
  };
  const sample = () => {
    // In pid order, so a parent is usually placed before its children.
    const pids = fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).sort((a, b) => Number(a) - Number(b));
    for (const pid of pids) {
      const stat = read(`/proc/${pid}/stat`);
      if (!stat) continue;
      const { parent, ticks, startedAt } = processTicks(stat);
      const key = `${pid}@${startedAt}`;
      const known = processes.get(key);
      if (known) {
        known.ticks = ticks;
        continue;
      }
      const group = environValue(read(`/proc/${pid}/environ`) ?? "", variable) ?? groupOfPid.get(parent);
      processes.set(key, { group, ticks });
      groupOfPid.set(pid, group);
    }
  };
  const available = fs.existsSync("/proc/self/stat");
  if (available) sample();
  const timer = available ? setInterval(sample, intervalMs) : undefined;
  timer?.unref();
  return {
    /** The CPU seconds of each group so far (the processes without the variable are left out). */
    secondsByGroup() {
      if (available) sample();
      const seconds = new Map<string, number>();
      for (const { group, ticks } of processes.values()) {
        if (group !== undefined) seconds.set(group, (seconds.get(group) ?? 0) + ticks / ticksPerSecond);
      }
      return seconds;
    },
    stop: () => clearInterval(timer),
  };
}

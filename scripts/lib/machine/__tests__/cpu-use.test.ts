/** @jest-environment node */
import { spawn } from "node:child_process";
import { cpuTicks, environValue, machineCpuFrom, processTicks, watchCpuBy } from "../cpu-use";

describe("cpuTicks", () => {
  it("sums the busy and the idle ticks of every core from /proc/stat's first line", () => {
    const stat = "cpu  100 5 50 1000 20 3 2 7 0 0\ncpu0 50 2 25 500 10 1 1 3 0 0\n";
    expect(cpuTicks(stat)).toEqual({ busy: 100 + 5 + 50 + 3 + 2 + 7, idle: 1000 + 20 });
  });

  it("refuses a text without the line of all cores", () => {
    expect(() => cpuTicks("cpu0 1 2 3 4\n")).toThrow(/no "cpu " line/);
  });
});

describe("machineCpuFrom", () => {
  it("counts the busy core-seconds of work done since it started", () => {
    const counting = machineCpuFrom();
    const until = Date.now() + 1200;
    while (Date.now() < until) Math.sqrt(Math.random());
    const { busySeconds, busyPercent, cores } = counting.since();
    expect(cores).toBeGreaterThan(0);
    // 1.2 s of one core's work, and whatever else the machine did meanwhile.
    expect(busySeconds).toBeGreaterThanOrEqual(1);
    expect(busyPercent).toBeGreaterThan(0);
    expect(busyPercent).toBeLessThanOrEqual(100);
  });
});

describe("processTicks", () => {
  it("reads user and system ticks and the start time after a command name holding spaces and parentheses", () => {
    const line = "4242 (node (worker) 1) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 75 3 4 20 0 11 0 987654 1000000 5000 18446744073709551615";
    expect(processTicks(line)).toEqual({ parent: "1", ticks: 325, startedAt: "987654" });
  });
});

describe("environValue", () => {
  it("finds a variable in a NUL-separated environment, and nothing for a name it only starts like", () => {
    const environ = "PATH=/usr/bin\0TEST_STEP=unit tests\0TEST_STEPS=x\0";
    expect(environValue(environ, "TEST_STEP")).toBe("unit tests");
    expect(environValue(environ, "HOME")).toBeUndefined();
  });
});

describe("watchCpuBy", () => {
  it("counts the CPU seconds of the processes carrying the variable, by its value, and not of the others", async () => {
    const watching = watchCpuBy("CPU_USE_TEST", { intervalMs: 100 });
    const busy = (group: string | undefined, ms: number) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ["-e", `for (let used = 0; used < ${ms * 1000}; ) { const { user, system } = process.cpuUsage(); used = user + system; }`], {
          env: { ...process.env, CPU_USE_TEST: group },
        });
        child.once("exit", () => resolve());
        child.once("error", reject);
      });
    await Promise.all([busy("one", 1500), busy(undefined, 1500)]);
    const seconds = watching.secondsByGroup();
    watching.stop();
    // 1.5 s of CPU (not of the clock: a busy machine gives less in that time), less what came after the last sample.
    expect(seconds.get("one")).toBeGreaterThan(0.3);
    expect(seconds.get("one")).toBeLessThan(3);
    expect([...seconds.keys()]).toEqual(["one"]);
  });

  it("counts a process started without the variable with its parent's, as Chromium starts its renderers", async () => {
    const watching = watchCpuBy("CPU_USE_TEST", { intervalMs: 100 });
    // The parent only waits; its child, with an empty environment, does 1.5 s of CPU work, however busy the machine.
    const busyChild = `require("node:child_process").spawnSync(process.execPath, ["-e", "for (let used = 0; used < 1500000; ) { const { user, system } = process.cpuUsage(); used = user + system; }"], { env: {} })`;
    await new Promise<void>((resolve, reject) => {
      const parent = spawn(process.execPath, ["-e", busyChild], { env: { ...process.env, CPU_USE_TEST: "parent" } });
      parent.once("exit", () => resolve());
      parent.once("error", reject);
    });
    const seconds = watching.secondsByGroup();
    watching.stop();
    expect(seconds.get("parent")).toBeGreaterThan(0.5);
  });
});

import { cpuTicks, machineCpuFrom } from "../cpu-use";

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

/**
 * The goals of issue 18 for every route, on a phone (Lighthouse's mobile
 * emulation, median of 3 runs): `npm run bench` reports each route against
 * all of them, the Lighthouse gate of `npm test` holds its pages to LCP and script.
 */
import { budgets } from "./page-weight";

/** Upper limits, but performance, a minimum. */
export const goals = { lcpMs: 1000, fcpMs: 900, tbtMs: 50, cls: 0, performance: 100, scriptTransferBytes: budgets.scriptTransferGzip };
export type GoalName = keyof typeof goals;

const ms = (value: number) => `${value} ms`;
const plain = (value: number) => `${value}`;
/** Each goal's name in a report and how its figures read. */
const shown: Record<GoalName, [string, (value: number) => string]> = {
  lcpMs: ["LCP", ms],
  fcpMs: ["FCP", ms],
  tbtMs: ["TBT", ms],
  cls: ["CLS", plain],
  performance: ["performance", plain],
  scriptTransferBytes: ["script", (bytes) => `${(bytes / 1024).toFixed(1)} KiB`],
};

/** The goals among `names` that `figures` miss, each as "LCP 1822 ms > 1000 ms". */
export function missedGoals(figures: Partial<Record<GoalName, number>>, names: GoalName[] = Object.keys(goals) as GoalName[]): string[] {
  return names.flatMap((name) => {
    const [label, format] = shown[name];
    const minimum = name === "performance";
    const figure = figures[name] as number;
    const missed = minimum ? figure < goals[name] : figure > goals[name];
    return missed ? [`${label} ${format(figure)} ${minimum ? "<" : ">"} ${format(goals[name])}`] : [];
  });
}

export declare const goals: { lcpMs: number; fcpMs: number; tbtMs: number; cls: number; performance: number; scriptTransferBytes: number };
export type GoalName = keyof typeof goals;
export declare function missedGoals(figures: Partial<Record<GoalName, number>>, names?: GoalName[]): string[];

export declare function slowdownForTbt(tasksMs: number[], slowdown: number, targetTbtMs: number): number;

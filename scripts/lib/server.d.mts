export const port: number;

/** Starts `npm run <script>` (default `start`) in `cwd` and waits until the site answers on :8888. */
export function startSite(options: {
  logFile: string;
  env?: Record<string, string>;
  cwd?: string;
  script?: string;
}): Promise<{ stop(): Promise<void> }>;

/**
 * Starts a command in its own process group, its output into logFile; stop() ends the group and resolves with the exit code, as done does.
 * exitCode is the child's: null while it runs, 1 when a signal ended it.
 */
export function startInBackground(
  command: string,
  args: string[],
  logFile: string,
  options?: { cwd?: string; env?: NodeJS.ProcessEnv },
): { done: Promise<number>; readonly exitCode: number | null; stop(): Promise<number> };

export function tail(file: string, lines?: number): string;

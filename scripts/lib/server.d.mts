export const port: number;

/** Starts `npm run <script>` (default `start`) in `cwd` and waits until the site answers on :8888. */
export function startSite(options: {
  logFile: string;
  env?: Record<string, string>;
  cwd?: string;
  script?: string;
}): Promise<{ stop(): Promise<void> }>;

export function tail(file: string, lines?: number): string;

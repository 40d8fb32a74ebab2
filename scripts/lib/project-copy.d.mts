export interface CopyBuild {
  /** Exit code of `gatsby build`; null when it was killed (see timedOut). */
  status: number | null;
  timedOut: boolean;
  /** stdout and stderr as written. */
  output: string;
  /** Wall-clock time of `gatsby build` alone, without copying. */
  seconds: number;
}

export function buildProjectCopy(options: {
  root: string;
  prefix?: string;
  prepare?: (dir: string) => void | Promise<void>;
  inspect?: (dir: string, build: CopyBuild) => void;
  /** A build still running then is killed. */
  timeoutMs: number;
}): Promise<CopyBuild>;

/** Copies the working tree's files as git sees them (tracked and new, nothing ignored) into dir. */
export function copyFilesOf(root: string, dir: string): void;

/** Copies the working tree's files into a new temporary folder sharing node_modules; returns the folder. */
export function copyWorkingTree(root: string, prefix: string): string;

/** Shrinks the pictures of a copy's content/images to 64 px wide, for a quick build. */
export function shrinkPictures(dir: string): Promise<void>;

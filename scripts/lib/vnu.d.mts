export declare function ensureJava(): void;
export declare function vnuErrors(files: string[]): Promise<{ file: string; line?: number; column?: number; message: string }[]>;

export declare const chromiumPath: string;
export declare function ensureChromium(): void;

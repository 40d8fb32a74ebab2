export declare const gzipSize: (buffer: Buffer) => number;
export declare function builtPages(publicDir: string): { route: string; file: string }[];
export declare function firstLoadScripts(html: string): ({ src: string } | { inline: string })[];
export declare function notFoundPage(publicDir: string): { route: string; file: string };
export declare function pageWeight(
  publicDir: string,
  htmlFile: string,
  route: string,
): { htmlGzip: number; jsGzip: number; scripts: { name: string; gzip: number }[] };
export declare const budgets: { firstLoadJsGzip: number; htmlGzip: number };

// Types of webBuild.mjs, a plain module so `npm start` runs it with no TypeScript loader.
export declare const STAMP: string;
export declare const WEB_SOURCES: readonly string[];
export declare function newestChange(paths: readonly string[]): number;
export declare function staleReason(root: string, dist: string): string | null;
export declare function ensureWebBuilt(
  root: string,
  options?: { env?: Record<string, string | undefined>; say?: (message: string) => void },
): string;

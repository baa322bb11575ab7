// Types of esbuildService.mjs, a plain module so `npm start` runs it with no TypeScript loader.
export declare function esbuildServiceEnv(env?: Record<string, string | undefined>): {
  ESBUILD_BINARY_PATH?: string;
  ESBUILD_SERVICE_BINARY?: string;
};

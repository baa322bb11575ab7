import { constants } from 'node:zlib';

/**
 * How the build compresses text with brotli, both for the files it writes and for the budgets it
 * checks, so that a budget counts the bytes that are sent: the highest quality, in text mode.
 */
export const brotliOptions = (bytes: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files a browser fetches from the app: these are worth compressing; images are not. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, highest quality) and `<file>.gz` (gzip -9) beside every compressible
 * file of a built directory. Compressing once at build time lets the highest levels be used (too slow
 * per request) and costs the server nothing: @fastify/static picks the file by Accept-Encoding.
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; bytes: number; brBytes: number }> {
  let files = 0;
  let bytes = 0;
  let brBytes = 0;
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = await fs.readFile(file);
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    files++;
    bytes += data.length;
    brBytes += br.length;
  }
  return { files, bytes, brBytes };
}

/** The Vite build step: runs once the bundle and the public files are written to the output folder. */
export function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'parlor:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      const { files, bytes, brBytes } = await precompressDir(outDir);
      const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
      log(`precompressed ${files} files: ${kib(bytes)} -> ${kib(brBytes)} brotli`);
    },
  };
}

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compress, compressibleExtensions, encodings, encodingSuffix } from './server/compression.ts';

/**
 * Writes `file.br` and `file.gz` next to every compressible file under `folder`, each only when it is smaller than the
 * file itself (a tiny file can grow). Answers the files written, relative to `folder`.
 */
export async function precompressFolder(folder: string, effort: 'fast' | 'smallest' = 'smallest'): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressibleExtensions.includes(path.extname(entry.name).toLowerCase()))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const written = await Promise.all(files.map(async (file) => {
    const body = await readFile(file);
    const variants = await Promise.all(encodings.map(async (encoding) => {
      const compressed = await compress(encoding, body, effort);
      if (compressed.length >= body.length) return [];
      const target = `${file}${encodingSuffix[encoding]}`;
      await writeFile(target, compressed);
      return [path.relative(folder, target)];
    }));
    return variants.flat();
  }));
  return written.flat().sort();
}

/**
 * Precompresses the build's output, so the server sends the variant the browser accepts without compressing per request.
 * `fast` (the effort of a compressed answer) is for the end-to-end tests' build: the smallest takes half a minute.
 */
export function precompressedAssets(effort: 'fast' | 'smallest' = 'smallest'): Plugin {
  let outDir = '';
  let written = true;
  return {
    name: 'gatehouse-precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      written = config.build.write;
    },
    // A build kept in memory (build.write false) has no files to compress; the folder may hold an older build, or none.
    async closeBundle() {
      if (written) await precompressFolder(outDir, effort);
    },
  };
}

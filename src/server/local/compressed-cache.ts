/**
 * Compressed copies of served files for the local server. Build folders never
 * change once published, so a copy keyed by path, size and mtime stays valid;
 * the cache is bounded and drops the least recently used copies first.
 */
import type { Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** Compression is paid once per file per build rather than on every request. */
export class CompressedCache {
  #entries = new Map<string, Buffer>();
  #bytes = 0;
  readonly #limit: number;

  constructor(limitBytes: number) {
    this.#limit = limitBytes;
  }

  async get(path: string, stats: Stats, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const key = `${encoding}:${stats.size}:${stats.mtimeMs}:${path}`;
    const hit = this.#entries.get(key);
    if (hit) {
      // Re-insert to keep Map order as least-recently used first.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    const raw = await readFile(path);
    const compressed =
      encoding === 'br' ? await compressBrotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : await compressGzip(raw, { level: 6 });
    this.#entries.set(key, compressed);
    this.#bytes += compressed.length;
    for (const [oldKey, value] of this.#entries) {
      if (this.#bytes <= this.#limit) break;
      this.#entries.delete(oldKey);
      this.#bytes -= value.length;
    }
    return compressed;
  }
}

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The built files worth compressing: text (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|map)$/;

/**
 * Writes each compressible file under `dir` a brotli (`.br`, quality 11) and a gzip (`.gz`,
 * level 9) copy beside it, where smaller: the server sends the one a request accepts as it is,
 * instead of compressing the same bytes on every request.
 */
export function precompressFiles(dir: string) {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  for (const file of files.filter((name) => COMPRESSIBLE.test(name))) {
    const path = join(dir, file);
    const plain = readFileSync(path);
    const copies = {
      br: brotliCompressSync(plain, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        },
      }),
      gz: gzipSync(plain, { level: constants.Z_BEST_COMPRESSION }),
    };
    for (const [extension, bytes] of Object.entries(copies)) {
      if (bytes.length < plain.length) writeFileSync(`${path}.${extension}`, bytes);
    }
  }
}

// A static file server that compresses as static hosts do (gzip, level 6, for text and wasm
// when the browser accepts it; with `brotli`, Brotli quality 11 first, as hosts that
// precompress do), for the first-load benchmark; loopback only.
//   node tests/e2e/bench/serve-gzip.mjs DIR PORT [--brotli]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.gz': 'application/gzip',
};
const COMPRESSED = new Set(['.html', '.js', '.css', '.wasm', '.json', '.webmanifest', '.svg']);

/** Serves `dir` on 127.0.0.1:`port` (Brotli first where `brotli`); resolves to the server
 * once it listens. */
export function serve(dir, port = 0, brotli = false) {
  const cache = new Map();
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(normalize(dir))) { res.writeHead(403).end(); return; }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      const ext = extname(file);
      const headers = { 'content-type': TYPES[ext] ?? 'application/octet-stream', 'cache-control': 'no-cache' };
      const accepts = req.headers['accept-encoding'] ?? '';
      if (COMPRESSED.has(ext) && brotli && /\bbr\b/.test(accepts)) {
        const key = `br:${file}`;
        if (!cache.has(key)) cache.set(key, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        headers['content-encoding'] = 'br';
        res.writeHead(200, headers).end(cache.get(key));
      } else if (COMPRESSED.has(ext) && /\bgzip\b/.test(accepts)) {
        if (!cache.has(file)) cache.set(file, gzipSync(body, { level: 6 }));
        headers['content-encoding'] = 'gzip';
        res.writeHead(200, headers).end(cache.get(file));
      } else {
        res.writeHead(200, headers).end(body);
      }
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'dist', port = '8081'] = process.argv.slice(2).filter((a) => a !== '--brotli');
  const server = await serve(dir, Number(port), process.argv.includes('--brotli'));
  console.log(`serving ${dir} compressed at http://127.0.0.1:${server.address().port}/`);
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPlugin } from './client.ts';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const page = `<!doctype html><html><body><div id="root"></div>${'<p>ElderCare</p>'.repeat(50)}</body></html>\n`;
const worker = `self.addEventListener('install', () => self.skipWaiting());\n${'// precache\n'.repeat(40)}`;
const manifest = `${JSON.stringify({ name: 'ElderCare System', start_url: '/', display: 'standalone', description: 'x'.repeat(300) })}\n`;

/** A built client as vite.config.ts writes it: each text file with a .br and a .gz beside it. */
function writeClient(root: string): void {
  mkdirSync(path.join(root, 'assets'));
  for (const [name, content] of [
    ['index.html', page],
    ['assets/index-abc123.js', script],
    ['sw.js', worker],
    ['manifest.webmanifest', manifest],
  ] as const) {
    const file = path.join(root, name);
    writeFileSync(file, content);
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content));
  }
}

describe('the client files are sent precompressed', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'eldercare-client-'));
    writeClient(root);
    app = Fastify();
    await app.register(clientPlugin, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('a browser that accepts br gets the .br file with the script content-type', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('a browser that accepts only gzip gets the .gz file', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('a request without accept-encoding gets the plain file', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.body).toBe(script);
  });

  it('the start page and the history fallback send index.html compressed and never cached', async () => {
    for (const url of ['/', '/patients/12']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['vary'], url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
    const plain = await app.inject({ url: '/patients/12' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.body).toBe(page);
  });

  it('the service worker and the web manifest are never kept unasked, with their own types', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const headers = encoding ? { 'accept-encoding': encoding } : {};
      const sw = await app.inject({ url: '/sw.js', headers });
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
      expect(sw.headers['cache-control']).toBe('no-cache');
      expect(sw.headers['content-encoding']).toBe(encoding);
      const webManifest = await app.inject({ url: '/manifest.webmanifest', headers });
      expect(webManifest.statusCode).toBe(200);
      expect(webManifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(webManifest.headers['cache-control']).toBe('no-cache');
      expect(webManifest.headers['content-encoding']).toBe(encoding);
    }
    const plain = await app.inject({ url: '/manifest.webmanifest' });
    expect(JSON.parse(plain.body)).toMatchObject({ name: 'ElderCare System', start_url: '/' });
  });

  it('an unknown /api path still answers the JSON 404', async () => {
    const res = await app.inject({ url: '/api/nothing', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('message');
  });
});

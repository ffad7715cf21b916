import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ServerConfig, configFromEnv, startServer } from '../src/index.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { serverPerTest } from './support/per-test.js';

// Every refusal of the HTTP layer is {"error": CODE, "message": text} (docs/protocol.md, "Errors"):
// fastify's own (413, 415, bad JSON, an empty JSON body, a bad URL, 404), Node's parser's (a body
// chunked without its lengths, headers too large), a plain GET of /ws, and an unexpected failure.

const { adopt, server } = serverPerTest();

function config(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'parlor-http-errors-')), 'parlor.db');
  return { ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath, botDelayMs: [0, 0], logLevel: 'silent', webRoot: null, ...overrides };
}

/** A request over fetch: status, content type and the body parsed. */
async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server().url}${path}`, init);
  return { status: res.status, type: res.headers.get('content-type'), body: JSON.parse(await res.text()) as unknown };
}

/** Bytes written as they are on a TCP connection; resolves with everything the server sent before it closed. */
function raw(text: string): Promise<string> {
  const { port } = new URL(server().url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let got = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => { got += d; });
    socket.on('error', reject);
    socket.on('close', () => resolve(got));
    socket.write(text);
  });
}

/** A raw HTTP reply split into its status line and its JSON body. */
function parsed(reply: string): { status: number; body: unknown } {
  const [head, body] = reply.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head!)?.[1]), body: JSON.parse(body!) as unknown };
}

/** The documented shape: exactly an `error` code and a `message` sentence. */
const shaped = (error: string) => ({ error, message: expect.stringMatching(/\w/) as unknown });

describe('refusals before a route, in the documented shape', () => {
  it('413 for a body over 64 KiB, 415 for a media type no parser takes, 400 BAD_JSON for JSON that does not parse or is empty', async () => {
    adopt(await startServer(config()));
    const json = { 'content-type': 'application/json' };
    const big = await call('/api/accounts', { method: 'POST', headers: json, body: JSON.stringify({ name: 'x'.repeat(70_000), password: 'long enough pw' }) });
    expect(big).toMatchObject({ status: 413, type: expect.stringContaining('application/json') });
    expect(big.body).toEqual(shaped('TOO_LARGE'));
    const xml = await call('/api/accounts', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<name>Ann</name>' });
    expect(xml.status).toBe(415);
    expect(xml.body).toEqual(shaped('UNSUPPORTED_MEDIA_TYPE'));
    const broken = await call('/api/accounts', { method: 'POST', headers: json, body: '{"name":' });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual(shaped('BAD_JSON'));
    const empty = await call('/api/sessions', { method: 'DELETE', headers: json });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual(shaped('BAD_JSON'));
  });

  it('404 NOT_FOUND for a path or method no route has, with and without the web client; 400 for an address that does not decode', async () => {
    adopt(await startServer(config()));
    for (const [path, method] of [['/nope', 'GET'], ['/api/nope', 'GET'], ['/healthz', 'POST'], ['/tables/x/export/more', 'GET']] as const) {
      const r = await call(path, { method });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body).toEqual(shaped('NOT_FOUND'));
    }
    const bad = await call('/api/players/%zz');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(shaped('BAD_REQUEST'));
    await server().close();

    const web = mkdtempSync(join(tmpdir(), 'parlor-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Parlor</title>');
    adopt(await startServer(config({ webRoot: web })));
    for (const path of ['/api/nope', '/assets/missing.js', '/tables/nope']) {
      const r = await call(path);
      expect(r.status, path).toBe(404);
      expect(r.body).toEqual(shaped('NOT_FOUND'));
    }
  });

  it('a plain GET of /ws (no upgrade) gets 426 UPGRADE_REQUIRED', async () => {
    adopt(await startServer(config()));
    const r = await call('/ws');
    expect(r.status).toBe(426);
    expect(r.body).toEqual(shaped('UPGRADE_REQUIRED'));
  });

  it("what Node's HTTP parser refuses: a JSON body chunked without its lengths, a body with no length, headers too large, not HTTP at all", async () => {
    adopt(await startServer(config()));
    const chunkedNoLength = await raw('DELETE /api/accounts HTTP/1.1\r\nHost: parlor\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n'
      + '{"password":"long enough pw"}\r\n\r\n');
    expect(parsed(chunkedNoLength)).toEqual({ status: 400, body: shaped('BAD_REQUEST') });
    expect(chunkedNoLength).not.toContain('statusCode');
    // No Content-Length and no chunks: the body is read as the next request, which is not HTTP.
    const unframed = await raw('DELETE /api/accounts HTTP/1.1\r\nHost: parlor\r\nContent-Type: application/json\r\n\r\n{"password":"long enough pw"}');
    const replies = unframed.split(/(?=HTTP\/1\.1 )/);
    for (const reply of replies) expect(Object.keys(parsed(reply).body as object).sort()).toEqual(['error', 'message']);
    expect(parsed(replies.at(-1)!)).toEqual({ status: 400, body: shaped('BAD_REQUEST') });
    const headers = await raw(`GET /healthz HTTP/1.1\r\nHost: parlor\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(parsed(headers)).toEqual({ status: 431, body: shaped('TOO_LARGE') });
    expect(parsed(await raw('HELLO PARLOR\r\n\r\n'))).toEqual({ status: 400, body: shaped('BAD_REQUEST') });
  });
});

describe('a route that fails unexpectedly', () => {
  it('answers 500 SERVER_ERROR in the shape, without the error\'s own text', async () => {
    // A store whose session lookup fails with a bug (not a store fault, which is 503); the rest is the real store.
    class BuggyStore extends SqliteStore {
      override session(): Promise<never> { return Promise.reject(new TypeError('secret detail of a bug')); }
    }
    const store = new BuggyStore(join(mkdtempSync(join(tmpdir(), 'parlor-http-errors-')), 'parlor.db'));
    adopt(await startServer(config(), { store, logger: false }));
    const r = await call('/api/me', { headers: { authorization: 'Bearer some-token-here' } });
    expect(r.status).toBe(500);
    expect(r.body).toEqual(shaped('SERVER_ERROR'));
    expect(JSON.stringify(r.body)).not.toContain('secret');
  });
});

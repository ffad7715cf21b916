import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { MAX_MESSAGE_BYTES, MAX_NAME_LENGTH, PROTOCOL_ERRORS, type ServerMessage } from '@parlor/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type ParlorServer, type ServerConfig, configFromEnv, startServer } from '../src/index.js';
import type { TestClient } from './support/client.js';
import { serverPerTest } from './support/per-test.js';

/**
 * Issue 10: names (item 6), logs and echoes (item 7), `re` on RATE_LIMITED and TOO_LARGE
 * (item 8), browser-facing headers and the WebSocket Origin allow-list (item 10).
 */

const { adopt, connect, anonymous } = serverPerTest();
const sockets: WebSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.terminate();
});

/** A built web client in miniature: a page and one script asset. */
function webRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Parlor</title><script type="module" src="/assets/app.js"></script><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("parlor");');
  return dir;
}

function config(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'parlor-hardening-')), 'parlor.db');
  return { ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath, botDelayMs: [0, 0], logLevel: 'silent', rateBurst: 10_000, ratePerSecond: 10_000, webRoot: null, ...overrides };
}

/** A server whose log lines are kept (level debug, so that anything logged is seen). */
async function loggingServer(overrides: Partial<ServerConfig> = {}): Promise<{ server: ParlorServer; lines: { level: number; msg: string; raw: string }[] }> {
  const lines: { level: number; msg: string; raw: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const raw of String(chunk).split('\n').filter((l) => l !== '')) {
        const j = JSON.parse(raw) as { level: number; msg: string };
        lines.push({ level: j.level, msg: j.msg, raw });
      }
      done();
    },
  });
  const s = await startServer(config({ logLevel: 'debug', ...overrides }), { logger: { stream } });
  return { server: s, lines };
}

/** Sends a raw frame and resolves with the first error that arrives after it. */
function refusal(c: TestClient, raw: string | Buffer, opts: { binary?: boolean } = {}): Promise<ServerMessage> {
  const reply = c.waitFor((m) => m.type === 'error');
  c.sendRaw(raw, opts);
  return reply;
}

/** Opens a raw WebSocket with the given headers: resolves 'open', or the HTTP status that refused it. */
function upgrade(url: string, headers: { origin?: string; host?: string }): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { ...(headers.origin === undefined ? {} : { origin: headers.origin }), ...(headers.host === undefined ? {} : { headers: { host: headers.host } }) });
    sockets.push(ws);
    ws.once('open', () => resolve('open'));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

describe('security headers (helmet)', () => {
  it('on the page, on a client route served index.html, on an asset and on an API answer', async () => {
    const server = adopt(await startServer(config({ webRoot: webRoot() }), { logger: false }));
    const host = new URL(server.url).host;
    for (const path of ['/', '/t/abc', '/t/abc?invite=secret', '/assets/app.js', '/healthz', '/nope.png']) {
      const res = await fetch(`${server.url}${path}`);
      if (path === '/nope.png') expect(res.status).toBe(404);
      else expect(res.status, path).toBe(200);
      if (path.startsWith('/t/')) expect(await res.text()).toContain('<div id="root">');
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
      expect(directives.get('default-src'), path).toEqual(["'self'"]);
      expect(directives.get('script-src'), path).toEqual(["'self'"]);
      expect(directives.get('script-src-attr'), path).toEqual(["'none'"]);
      expect(csp, path).not.toContain('unsafe-inline');
      expect(csp, path).not.toContain('unsafe-eval');
      expect(directives.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(directives.get('connect-src'), path).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
      expect(directives.has('upgrade-insecure-requests'), path).toBe(false);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('the placeholder page (no web client built) has them too; a strange Host header is not copied into the CSP', async () => {
    const server = adopt(await startServer(config({ webRoot: null }), { logger: false }));
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const odd = await server.app.inject({ method: 'GET', url: '/', headers: { host: "evil.example;script-src 'unsafe-inline'" } });
    expect(odd.statusCode).toBe(200);
    const csp = String(odd.headers['content-security-policy']);
    expect(csp).not.toContain('evil');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("connect-src 'self'");
  });
});

describe('the WebSocket Origin allow-list (PARLOR_ALLOWED_ORIGINS)', () => {
  it('default (self): the server\'s own origin and clients without Origin are let in; other origins get 403, logged at warn', async () => {
    const { server: s, lines } = await loggingServer();
    adopt(s);
    const own = new URL(s.url);
    expect(await upgrade(s.url, {})).toBe('open'); // bots, the CLI
    expect(await upgrade(s.url, { origin: own.origin })).toBe('open');
    expect(await upgrade(s.url, { origin: `https://${own.host}` })).toBe('open'); // behind a TLS proxy that passes Host on
    expect(await upgrade(s.url, { origin: 'https://parlor.example.org', host: 'parlor.example.org' })).toBe('open');
    for (const origin of ['https://evil.example', `http://${own.hostname}:1`, 'null', `${own.origin}.evil.example`, `ftp://${own.host}`, `${own.origin}/path`]) {
      expect(await upgrade(s.url, { origin }), origin).toBe(403);
    }
    expect(await upgrade(s.url, { origin: `https://${'x'.repeat(5000)}.example` })).toBe(403);
    const refused = lines.filter((l) => l.msg.startsWith('websocket origin refused'));
    expect(refused.length).toBe(7);
    expect(refused.every((l) => l.level === 40)).toBe(true);
    expect(lines.some((l) => l.raw.includes('x'.repeat(201)))).toBe(false); // the origin is logged cut short
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    // The refused sockets changed nothing: a client still connects and plays.
    const ann = await connect('Ann');
    expect(await ann.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
  });

  it('a list replaces the default; self and * can be named', async () => {
    let server = adopt(await startServer(config({ allowedOrigins: ['https://parlor.example.org'] }), { logger: false }));
    expect(await upgrade(server.url, { origin: 'https://parlor.example.org' })).toBe('open');
    expect(await upgrade(server.url, { origin: new URL(server.url).origin })).toBe(403);
    expect(await upgrade(server.url, {})).toBe('open');
    await server.close();
    server = adopt(await startServer(config({ allowedOrigins: ['self', 'https://app.example.org'] }), { logger: false }));
    expect(await upgrade(server.url, { origin: 'https://app.example.org' })).toBe('open');
    expect(await upgrade(server.url, { origin: new URL(server.url).origin })).toBe('open');
    expect(await upgrade(server.url, { origin: 'https://other.example.org' })).toBe(403);
    await server.close();
    server = adopt(await startServer(config({ allowedOrigins: ['*'] }), { logger: false }));
    expect(await upgrade(server.url, { origin: 'https://anywhere.example' })).toBe('open');
  });

  it('configFromEnv reads and checks PARLOR_ALLOWED_ORIGINS', () => {
    expect(configFromEnv({}).allowedOrigins).toEqual(['self']);
    expect(configFromEnv({ PARLOR_ALLOWED_ORIGINS: '' }).allowedOrigins).toEqual(['self']);
    expect(configFromEnv({ PARLOR_ALLOWED_ORIGINS: ' https://Parlor.Example.org:443/ , self,http://localhost:5173' }).allowedOrigins)
      .toEqual(['https://parlor.example.org', 'self', 'http://localhost:5173']);
    expect(configFromEnv({ PARLOR_ALLOWED_ORIGINS: '*' }).allowedOrigins).toEqual(['*']);
    for (const bad of ['parlor.example.org', 'ftp://parlor.example.org', 'https://parlor.example.org/play', 'https://a.example,,https://b.example', 'null', 'https://u:p@a.example', 'https://a.example?x', 'https://a.example#']) {
      expect(() => configFromEnv({ PARLOR_ALLOWED_ORIGINS: bad }), bad).toThrow(/^PARLOR_ALLOWED_ORIGINS must be a comma-separated list of origins/);
    }
  });
});

describe('names (BAD_NAME), through the protocol', () => {
  it('refuses ill-formed, blank and over-long names with BAD_NAME, and says the rule', async () => {
    adopt(await startServer(config(), { logger: false }));
    const anon = await anonymous();
    for (const name of [
      'Eve\ud800x', '\udc00', '\u3164\u3164', '\u2800', '\u200b\u2060\u00ad', '\u202e', '   ', '\u115f\u1160',
      'x'.repeat(MAX_NAME_LENGTH + 1), 'x'.repeat(201), 'x'.repeat(5000), '👍🏽'.repeat(MAX_NAME_LENGTH + 1), `Z${'\u0300'.repeat(3000)}`,
    ]) {
      const reply = await anon.request({ type: 'hello', name });
      expect(reply, JSON.stringify(name.slice(0, 30))).toMatchObject({ type: 'error', code: 'BAD_NAME', message: PROTOCOL_ERRORS.BAD_NAME });
    }
    expect(PROTOCOL_ERRORS.BAD_NAME).toContain(`1 to ${MAX_NAME_LENGTH} characters`);
    expect(PROTOCOL_ERRORS.BAD_NAME).toMatch(/as they appear on screen/);
    // A name that fills the message is still BAD_NAME, not BAD_MESSAGE; past the message size, TOO_LARGE.
    anon.sendRaw(JSON.stringify({ type: 'hello', id: 'fill', name: 'x'.repeat(MAX_MESSAGE_BYTES - 50) }));
    expect(await anon.waitFor((m) => 're' in m && m.re === 'fill')).toMatchObject({ type: 'error', code: 'BAD_NAME' });
    anon.sendRaw(JSON.stringify({ type: 'hello', id: 'huge', name: 'x'.repeat(MAX_MESSAGE_BYTES) }));
    expect(await anon.waitFor((m) => 're' in m && m.re === 'huge')).toMatchObject({ type: 'error', code: 'TOO_LARGE' });
    // 24 characters as people see them, even at 96 UTF-16 units: welcome.
    const thumbs = '👍🏽'.repeat(MAX_NAME_LENGTH);
    expect(await anon.request({ type: 'hello', name: thumbs })).toMatchObject({ type: 'welcome', player: { name: thumbs } });
  });

  it('the name stored is the name served: welcome, table summary, after a restart, and after a rename', async () => {
    const cfg = config();
    let server = adopt(await startServer(cfg, { logger: false }));
    const raw = '  Zoe\u0308\u200b  \u3164 Ann\u00e9e\u0301 ';
    const clean = 'Zo\u00eb Ann\u00e9\u00e9';
    const anon = await anonymous();
    const w = await anon.request({ type: 'hello', name: raw });
    if (w.type !== 'welcome') throw new Error(JSON.stringify(w));
    expect(w.player.name).toBe(clean);
    const token = w.token;
    const t = await anon.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    const tableId = t.table.id;
    const summaryNames = (m: ServerMessage) => {
      if (m.type !== 'table') throw new Error(JSON.stringify(m));
      const seat = m.table.seats[0]!;
      return [m.table.creator.name, seat.kind === 'player' ? seat.player.name : null];
    };
    expect(summaryNames(t)).toEqual([clean, clean]);
    expect((await server.hub.store.playerByTokenHash((await import('../src/identity.js')).hashToken(token)))?.name).toBe(clean);

    // Restart on the same database file.
    anon.close();
    await server.close();
    server = adopt(await startServer(cfg, { logger: false }));
    const back = await anonymous();
    const w2 = await back.request({ type: 'hello', token });
    expect(w2).toMatchObject({ type: 'welcome', player: { name: clean } });
    expect(summaryNames(await back.request({ type: 'table.watch', tableId }))).toEqual([clean, clean]);

    // A rename with the token goes through the same rules, and survives a restart too.
    back.close();
    const again = await anonymous();
    expect(await again.request({ type: 'hello', token, name: '\u3164\u3164' })).toMatchObject({ type: 'error', code: 'BAD_NAME' });
    const again2 = await anonymous();
    expect(await again2.request({ type: 'hello', token, name: 'Jose\u0301  ' })).toMatchObject({ type: 'welcome', player: { name: 'Jos\u00e9' } });
    again.close();
    again2.close();
    await server.close();
    server = adopt(await startServer(cfg, { logger: false }));
    const last = await anonymous();
    expect(await last.request({ type: 'hello', token })).toMatchObject({ type: 'welcome', player: { name: 'Jos\u00e9' } });
    expect(summaryNames(await last.request({ type: 'table.watch', tableId }))).toEqual(['Jos\u00e9', 'Jos\u00e9']);
  });
});

describe('RATE_LIMITED and TOO_LARGE carry re', () => {
  it('when the frame is a JSON object with a valid id; otherwise no re', async () => {
    adopt(await startServer(config({ rateBurst: 1, ratePerSecond: 1 }), { logger: false }));
    const ann = await connect('Ann'); // hello took the one message of the burst
    expect(await refusal(ann, JSON.stringify({ type: 'ping', id: 'p1' }))).toMatchObject({ re: 'p1', code: 'RATE_LIMITED', message: expect.stringContaining('1 a second') });
    expect(await refusal(ann, JSON.stringify({ type: 'table.create', id: 7, game: 'flip-7', seats: 2 }))).toMatchObject({ re: 7, code: 'RATE_LIMITED' });
    for (const raw of ['not json', JSON.stringify({ type: 'ping' }), JSON.stringify({ type: 'ping', id: 'x'.repeat(65) }), JSON.stringify({ type: 'ping', id: 1.5 }), JSON.stringify([{ id: 3 }])]) {
      const e = await refusal(ann, raw);
      expect(e, raw).toMatchObject({ code: 'RATE_LIMITED' });
      expect('re' in e, raw).toBe(false);
    }
  });

  it('TOO_LARGE: the whole frame (up to the 64 KiB frame limit) is read for its id', async () => {
    adopt(await startServer(config(), { logger: false }));
    const ann = await connect('Ann');
    const big = (id: unknown, size: number) => {
      const base = JSON.stringify({ type: 'chat.send', id, tableId: 'abc', text: '' });
      return JSON.stringify({ type: 'chat.send', id, tableId: 'abc', text: 'x'.repeat(size - base.length) });
    };
    expect(await refusal(ann, big('c1', MAX_MESSAGE_BYTES + 1))).toMatchObject({ re: 'c1', code: 'TOO_LARGE' });
    expect(await refusal(ann, big(42, 60 * 1024))).toMatchObject({ re: 42, code: 'TOO_LARGE' });
    for (const raw of [`{"type":"ping","id":"cut"${' '.repeat(MAX_MESSAGE_BYTES)}`, big(undefined, MAX_MESSAGE_BYTES + 10), big('y'.repeat(100), MAX_MESSAGE_BYTES + 10)]) {
      const e = await refusal(ann, raw);
      expect(e).toMatchObject({ code: 'TOO_LARGE' });
      expect('re' in e).toBe(false);
    }
    expect(await ann.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
  });
});

describe('echoes and logs', () => {
  it('a refusal echoes at most 200 characters of the input; client-caused trouble never logs at error', async () => {
    const { server: s, lines } = await loggingServer({ rateBurst: 30, ratePerSecond: 1 });
    adopt(s);
    const long = 'k'.repeat(1000);
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const errors: ServerMessage[] = [];
    ann.onMessage((m) => { if (m.type === 'error') errors.push(m); });

    // An unknown key is quoted by the schema's text: cut.
    const unknownKey = await refusal(ann, JSON.stringify({ type: 'ping', id: 'u', [long]: 1 }));
    expect(unknownKey).toMatchObject({ re: 'u', code: 'BAD_MESSAGE', message: expect.stringContaining('Unrecognized key') });
    // A game's refusal of a malformed action quotes it: cut as well.
    const t = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    const tableId = t.table.id;
    expect(await bob.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    const g = await ann.next((m) => m.type === 'game' && m.tableId === tableId);
    if (g.type !== 'game') throw new Error('no game');
    const mover = g.waitingFor[0]!;
    const moverClient = mover === 0 ? ann : bob;
    const malformed = await moverClient.request({ type: 'action', tableId, seat: mover, seq: g.seq, action: { type: long } });
    expect(malformed).toMatchObject({ type: 'error', code: 'MALFORMED_ACTION' });
    // Other malformed input: a long invalid id, a bad name, invalid JSON, binary, too large.
    expect(await refusal(ann, JSON.stringify({ type: 'ping', id: long }))).toMatchObject({ code: 'BAD_MESSAGE' });
    expect(await refusal(ann, long)).toMatchObject({ code: 'BAD_MESSAGE' });
    expect(await refusal(ann, Buffer.from(long), { binary: true })).toMatchObject({ code: 'BAD_MESSAGE' });
    expect(await refusal(ann, `{"type":"ping","id":"big","pad":"${long.repeat(10)}"}`)).toMatchObject({ code: 'TOO_LARGE', re: 'big' });
    const anon = await anonymous();
    expect(await anon.request({ type: 'hello', name: long })).toMatchObject({ type: 'error', code: 'BAD_NAME' });
    // Rate limit: a burst of pings, the last ones refused.
    for (let i = 0; i < 40; i++) ann.send({ type: 'ping', id: `r${i}` });
    await ann.next((m) => m.type === 'error' && m.code === 'RATE_LIMITED');

    const all = [...errors, malformed];
    for (const e of all) {
      if (e.type !== 'error') continue;
      expect(e.message.length, e.code).toBeLessThanOrEqual(200);
      expect(e.message).not.toContain('k'.repeat(201));
    }

    // A frame over 64 KiB and one that is not UTF-8 close their sockets (logged at warn).
    const big = await anonymous();
    const closed = new Promise<number>((resolve) => big.ws.once('close', (code) => resolve(code)));
    big.sendRaw(`{"pad":"${'x'.repeat(70 * 1024)}"}`);
    expect(await closed).toBe(1009);
    const garbled = await anonymous();
    const closed2 = new Promise<number>((resolve) => garbled.ws.once('close', (code) => resolve(code)));
    garbled.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect(await closed2).toBe(1007);
    // And a page from another site.
    expect(await upgrade(s.url, { origin: 'https://evil.example' })).toBe(403);

    expect(await bob.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    expect(lines.filter((l) => l.level >= 50).map((l) => l.raw)).toEqual([]);
    expect(lines.some((l) => l.level === 40 && l.msg === 'socket error')).toBe(true);
    expect(lines.some((l) => l.level === 20 && l.msg === 'message refused')).toBe(true);
    expect(lines.some((l) => l.raw.includes('k'.repeat(201)))).toBe(false);
  });

  it('every fixed refusal text fits the echo limit', () => {
    for (const [code, text] of Object.entries(PROTOCOL_ERRORS)) expect(text.length, code).toBeLessThanOrEqual(200);
  });
});

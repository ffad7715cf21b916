import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto';
import { type Server, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * A push service for tests on 127.0.0.1 (HTTPS, as web-push speaks only that; its certificate is
 * below, self-signed for 127.0.0.1, given to the server as PARLOR_PUSH_CA). It takes RFC 8030
 * pushes, checks each one's VAPID Authorization (RFC 8292: a JWT signed ES256 by the key in `k`,
 * whose `aud` is this service's origin) and TTL header, and decrypts its aes128gcm body (RFC 8188,
 * RFC 8291) with the receiving subscription's private key and auth secret, made here. The
 * decryption is written from the RFCs with node:crypto and shares no code with web-push: it is the
 * check that what the server sent is what a browser would read.
 */

/** The service's TLS key and certificate (valid for 100 years from 2026; only ever trusted by tests). */
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgZagIVNF4VH/x0fsi
+OMrVhkOADoz8wKBATPoZYs4ZJOhRANCAASahDnRh+h6rfl3tNFXKxSH/7cfDxK2
pwMY+9QWxIElraRHpMiYCRV+hlVn/6KMx+CTTCWsd8ZWq2HlBUFmsUD1
-----END PRIVATE KEY-----
`;
export const PUSH_SERVICE_CA = `-----BEGIN CERTIFICATE-----
MIIBrjCCAVSgAwIBAgIUV3zWfHOQrtqaNrF5HNI2cnc6uiEwCgYIKoZIzj0EAwIw
IzEhMB8GA1UEAwwYcGFybG9yIHRlc3QgcHVzaCBzZXJ2aWNlMCAXDTI2MTIwMjE0
MzIzNFoYDzIxMjYxMTA4MTQzMjM0WjAjMSEwHwYDVQQDDBhwYXJsb3IgdGVzdCBw
dXNoIHNlcnZpY2UwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASahDnRh+h6rfl3
tNFXKxSH/7cfDxK2pwMY+9QWxIElraRHpMiYCRV+hlVn/6KMx+CTTCWsd8ZWq2Hl
BUFmsUD1o2QwYjAdBgNVHQ4EFgQUnvXAjbWw7i8FunZ4ic7F820Oo7MwHwYDVR0j
BBgwFoAUnvXAjbWw7i8FunZ4ic7F820Oo7MwDwYDVR0RBAgwBocEfwAAATAPBgNV
HRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIQDLlHcEJr6Jd1gxUV+SJhvJ
8XWaiSo1njPN7oc1rKICmgIge/xIfCuTluwvCkiA+L0yOO/7n8OPNJFKISN6sWsU
B3I=
-----END CERTIFICATE-----
`;

/** A push as the service received it, decrypted. */
export interface ReceivedPush {
  /** The subscription's id (the endpoint's last path segment). */
  readonly id: string;
  readonly ttl: number;
  /** The JWT's claims and the VAPID public key it was signed with. */
  readonly claims: { readonly aud: string; readonly exp: number; readonly sub: string };
  readonly vapidKey: string;
  /** The plaintext: the server's JSON payload. */
  readonly text: string;
}

/** A subscription as a browser's PushSubscription.toJSON() gives it, and its private half. */
export interface TestSubscription {
  readonly id: string;
  readonly json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

interface Receiver { readonly ecdh: ReturnType<typeof createECDH>; readonly publicKey: Buffer; readonly auth: Buffer }

const b64u = (b: Buffer) => b.toString('base64url');

/** HKDF-SHA-256 (RFC 5869) of `len` bytes. */
const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, len: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, len));

/**
 * RFC 8291 §3.4 and RFC 8188 §2: the plaintext of an aes128gcm body sent to `r`. The header is
 * salt (16) · record size (4) · key id length (1) · key id (the sender's ECDH public key, 65).
 */
export function decryptAes128gcm(body: Buffer, r: Receiver): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65 || records.length > rs) throw new Error(`unexpected aes128gcm header (key id ${idlen} bytes, ${records.length} bytes of records, rs ${rs})`);
  const ecdhSecret = r.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), r.publicKey, senderKey]);
  const ikm = hkdf(ecdhSecret, r.auth, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last (only) record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the record has no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks a VAPID Authorization header (`vapid t=<jwt>, k=<key>`): its signature by `k`. Throws naming what is wrong. */
export function checkVapid(header: string | undefined): { claims: ReceivedPush['claims']; key: string } {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (m === null) throw new Error(`not a VAPID Authorization header: ${header ?? '(none)'}`);
  const [head, payload, sig] = m[1]!.split('.') as [string, string, string];
  const raw = Buffer.from(m[2]!, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) }, format: 'jwk' });
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header_.alg !== 'ES256') throw new Error(`JWT alg is ${header_.alg}, not ES256`);
  if (!verify('sha256', Buffer.from(`${head}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url'))) {
    throw new Error('the JWT is not signed by k');
  }
  return { claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as ReceivedPush['claims'], key: m[2]! };
}

export class TestPushService {
  readonly received: ReceivedPush[] = [];
  /** Pushes refused, with why (a bad signature, a wrong aud): a test expects none. */
  readonly refused: string[] = [];
  /** The status to answer for a subscription id (201 unless set: 410 says it is gone). */
  readonly answer = new Map<string, number>();
  private readonly receivers = new Map<string, Receiver>();
  private server: Server | null = null;
  private port = 0;

  get origin(): string { return `https://127.0.0.1:${this.port}`; }

  async start(): Promise<void> {
    const server = createServer({ key: KEY, cert: PUSH_SERVICE_CA }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1];
        const r = id === undefined ? undefined : this.receivers.get(id);
        try {
          if (req.method !== 'POST' || id === undefined || r === undefined) throw new Error(`${req.method} ${req.url}: no such subscription`);
          const ttl = Number(req.headers.ttl);
          if (!Number.isInteger(ttl) || ttl < 0) throw new Error(`TTL header ${req.headers.ttl} is not a number of seconds`);
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding is ${req.headers['content-encoding']}`);
          const { claims, key } = checkVapid(req.headers.authorization);
          if (claims.aud !== this.origin) throw new Error(`aud is ${claims.aud}, not ${this.origin}`);
          const status = this.answer.get(id) ?? 201;
          if (status === 201) this.received.push({ id, ttl, claims, vapidKey: key, text: decryptAes128gcm(Buffer.concat(chunks), r) });
          res.writeHead(status).end();
        } catch (e) {
          this.refused.push((e as Error).message);
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** A new subscription to this service, as a browser would make one: a P-256 key pair and a 16-byte auth secret. */
  subscription(): TestSubscription {
    const id = randomBytes(8).toString('hex');
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const auth = randomBytes(16);
    this.receivers.set(id, { ecdh, publicKey, auth });
    return { id, json: { endpoint: `${this.origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64u(publicKey), auth: b64u(auth) } } };
  }

  async close(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s !== null) await new Promise<void>((resolve) => { s.closeAllConnections(); s.close(() => resolve()); });
  }
}

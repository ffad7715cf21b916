/** The notification settings from the environment (docs/operations.md, "Settings"): mail, the public address, push services. */
import { readFileSync } from 'node:fs';

/** How to send mail (PARLOR_SMTP): the SMTP server, its sign-in, and the From of every mail. */
export interface SmtpSettings {
  readonly host: string;
  readonly port: number;
  /** smtps:// — TLS from the first byte (port 465); smtp:// upgrades with STARTTLS when the server offers it. */
  readonly secure: boolean;
  readonly user: string | null;
  readonly pass: string | null;
  /** The From header, e.g. `Parlor <parlor@example.org>`. */
  readonly from: string;
  /** `?starttls=off`: never upgrade (a relay on the same machine, or a test server). */
  readonly ignoreTLS: boolean;
}

/** A From value: an address, or `Name <address>`. */
const FROM = /^(?:[^<>\r\n]{0,100}<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

/**
 * PARLOR_SMTP: `smtp://user:pass@host:port?from=Parlor%20<parlor@example.org>` (or smtps://, or no
 * user). Unset or empty: null, mail is off. A malformed value is refused naming what is wrong; the
 * password is never repeated in the message.
 */
export function parseSmtp(raw: string | undefined): SmtpSettings | null {
  if (raw === undefined || raw.trim() === '') return null;
  const bad = (what: string) => new Error(`PARLOR_SMTP must be like smtp://user:password@host:587?from=Parlor%20<parlor@example.org>: ${what}`);
  let url: URL;
  try { url = new URL(raw.trim()); } catch { throw bad('it is not a URL'); }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw bad(`the scheme is "${url.protocol.replace(/:$/, '')}", not smtp or smtps`);
  if (url.hostname === '') throw bad('it names no host');
  const secure = url.protocol === 'smtps:';
  const port = url.port === '' ? (secure ? 465 : 587) : Number(url.port);
  const from = url.searchParams.get('from');
  if (from === null || from.trim() === '') throw bad('it has no from= (the address mails are sent from)');
  if (!FROM.test(from.trim())) throw bad(`from= "${from.slice(0, 100)}" is not an address or "Name <address>"`);
  const starttls = url.searchParams.get('starttls') ?? 'on';
  if (starttls !== 'on' && starttls !== 'off') throw bad(`starttls= must be on or off, not "${starttls.slice(0, 20)}"`);
  const unknown = [...url.searchParams.keys()].filter((k) => k !== 'from' && k !== 'starttls');
  if (unknown.length > 0) throw bad(`it has an unknown setting ${unknown[0]!.slice(0, 40)}= (known: from, starttls)`);
  if (url.pathname !== '' && url.pathname !== '/') throw bad('it has a path after the host');
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''), port, secure,
    user: url.username === '' ? null : decodeURIComponent(url.username),
    pass: url.password === '' ? null : decodeURIComponent(url.password),
    from: from.trim(), ignoreTLS: starttls === 'off',
  };
}

/** PARLOR_PUBLIC_URL: the origin (and path, if any) people reach Parlor at, for the links in mails. Unset: null (the listening address). */
export function parsePublicUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL | null = null;
  try { url = new URL(raw.trim()); } catch { /* refused below */ }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    throw new Error(`PARLOR_PUBLIC_URL must be the http(s) address Parlor is reached at, such as https://parlor.example.org, not "${raw.slice(0, 100)}"`);
  }
  return url.toString().replace(/\/$/, '');
}

/** PARLOR_PUSH_CA: a PEM file of certificate authorities to trust for push services besides the system's (a private push service). */
export function readPushCa(path: string | undefined): string | null {
  if (path === undefined || path === '') return null;
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`PARLOR_PUSH_CA must be a readable PEM file: ${path}: ${(e as Error).message}`);
  }
}

/**
 * The push services browsers use, by host (a leading `.` also matches every host under it): the
 * only hosts a push subscription may name, so that a subscription cannot make the server post to
 * an address of the operator's own network. PARLOR_PUSH_SERVICES replaces the list.
 */
export const DEFAULT_PUSH_SERVICES: readonly string[] = [
  'fcm.googleapis.com', 'android.googleapis.com', '.push.services.mozilla.com', 'web.push.apple.com', '.push.apple.com', '.notify.windows.com',
];

/** PARLOR_PUSH_SERVICES: comma-separated host names (`.example.org` for every host under it); unset: DEFAULT_PUSH_SERVICES. */
export function parsePushServices(raw: string | undefined): readonly string[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_PUSH_SERVICES;
  const hosts = raw.split(',').map((h) => h.trim().toLowerCase()).filter((h) => h !== '');
  const bad = hosts.find((h) => !/^\.?[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/.test(h));
  if (bad !== undefined) throw new Error(`PARLOR_PUSH_SERVICES must be host names separated by commas (".example.org" for every host under it), not "${bad.slice(0, 100)}"`);
  return hosts;
}

/** Whether a subscription's endpoint is at one of the push services. */
export function isPushService(services: readonly string[], endpoint: string): boolean {
  let host: string;
  try { host = new URL(endpoint).hostname.toLowerCase(); } catch { return false; }
  return services.some((s) => (s.startsWith('.') ? host.endsWith(s) : host === s));
}

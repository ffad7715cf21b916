import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';

/** The most a label or place keeps (a User-Agent is the client's to write). */
const MAX = 80;

/**
 * A session's device, roughly, from its User-Agent: "Firefox on Windows", "Safari on iOS", or
 * what is known of it; "Unknown device" without one. Versions are left out: they say little to
 * the person reading the list and would tell a device apart from its neighbours more than needed.
 */
export function deviceLabel(userAgent: string | undefined): string {
  if (userAgent === undefined || userAgent.trim() === '') return 'Unknown device';
  const r = Bowser.parse(userAgent.slice(0, 512));
  const browser = r.browser.name ?? '';
  const os = r.os.name ?? '';
  const label = browser !== '' && os !== '' ? `${browser} on ${os}` : browser || os || 'Unknown device';
  return label.slice(0, MAX);
}

/**
 * A session's place, roughly: its address cut to its network, IPv4 to /24 ("203.0.113.0/24"),
 * IPv6 to /48. No database of places is kept (none can be fetched offline), so this is all the
 * list says about where.
 */
export function roughPlace(ip: string | undefined): string {
  if (ip === undefined) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped?.[1] ?? ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return 'unknown';
  // Expand "::" to the zero groups it stands for, then keep the first three groups.
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const h = head === '' ? [] : head.split(':');
  const t = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${groups.slice(0, 3).map((g) => g.replace(/^0+(?=.)/, '').toLowerCase()).join(':')}::/48`.slice(0, MAX);
}

/** The device and place of a request, roughly (deviceLabel, roughPlace). */
export function seenBy(req: { readonly headers: { readonly 'user-agent'?: string }; readonly ip?: string }): { device: string; place: string } {
  return { device: deviceLabel(req.headers['user-agent']), place: roughPlace(req.ip) };
}

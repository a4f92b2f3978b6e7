import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { invalidValue } from '../../kernel/errors';

/**
 * The SSRF guard for webhook URLs (docs/rules/operator-api.md, "Webhooks to private addresses"). A URL is
 * refused unless it is http(s) and every address its host stands for is public. Checked at
 * registration and again at every send, after DNS resolution; the send then connects to the
 * very address checked (no second lookup, so no DNS rebinding between check and connect).
 * BAHI_WEBHOOK_ALLOW_PRIVATE=1 lifts the address rules (tests, local development); the
 * scheme rule stays.
 */

const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network, 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], ['198.51.100.0', 24], ['203.0.113.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) FORBIDDEN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated) forms such as ::127.0.0.1
  ['64:ff9b::', 96], ['64:ff9b:1::', 48], // NAT64: reaches IPv4 through a translator
  ['2002::', 16], // 6to4: carries an IPv4 address (2002:7f00:1:: is 127.0.0.1) to a relay
  ['2001::', 32], // Teredo: tunnels to an IPv4 host named in the address
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) FORBIDDEN.addSubnet(net, prefix, 'ipv6');

/** Whether a literal IP address is one webhooks may not reach. IPv4-mapped IPv6 is judged by its IPv4. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true; // not an address: never connect to it
  if (family === 6) {
    const mapped = /^::ffff:(?:0:)?(.+)$/i.exec(address);
    if (mapped) {
      const v4 = mappedIpv4(mapped[1]!);
      if (v4) return FORBIDDEN.check(v4, 'ipv4');
    }
    return FORBIDDEN.check(address, 'ipv6');
  }
  return FORBIDDEN.check(address, 'ipv4');
}

/** The IPv4 inside ::ffff:a.b.c.d or ::ffff:xxxx:yyyy. */
function mappedIpv4(tail: string): string | null {
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export interface ParsedWebhookUrl {
  url: URL;
  /** The host as it must be resolved: an IP literal (brackets removed) or a name. */
  host: string;
}

/**
 * Parses a webhook URL. WHATWG parsing canonicalises the numeric IPv4 spellings that
 * connect to the same machine (2130706433, 0177.0.0.1, 0x7f.1), so they are judged as
 * the dotted address they are. Credentials in the URL are refused (they would be sent along).
 */
export function parseWebhookUrl(raw: string): ParsedWebhookUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidValue('url', 'url is not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidValue('url', 'url must use http or https');
  if (url.username || url.password) throw invalidValue('url', 'url must not carry credentials');
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (!host) throw invalidValue('url', 'url has no host');
  return { url, host };
}

export interface ResolvedTarget {
  url: URL;
  /** The address the request connects to: the one that was checked. */
  address: string;
  family: 4 | 6;
}

export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Resolves the URL's host and checks every address it resolves to (one private address
 * refuses the URL: a later lookup could pick it). Returns the first address to pin the
 * connection to. `allowPrivate` skips the address rules, not the scheme rule.
 */
export async function resolveWebhookTarget(raw: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<ResolvedTarget> {
  const { url, host } = parseWebhookUrl(raw);
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw invalidValue('url', `url's host ${host} does not resolve`);
    }
    if (addresses.length === 0) throw invalidValue('url', `url's host ${host} does not resolve`);
  }
  if (!allowPrivate) {
    for (const a of addresses) {
      if (isForbiddenAddress(a.address)) {
        // The address is not echoed: it would tell a caller what names resolve to inside the operator's network.
        throw invalidValue('url', 'url points to a loopback, private, link-local or otherwise non-public address; webhooks go to public addresses only '
          + '(an operator running Bahi on a private network can allow such addresses with BAHI_WEBHOOK_ALLOW_PRIVATE=1)');
      }
    }
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

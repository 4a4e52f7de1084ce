import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail counts as two). */
function groupsOf(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const split = (part: string) => (part === '' ? [] : part.split(':'));
  const left = split(head);
  const right = tail === undefined ? [] : split(tail);
  const last = right.at(-1) ?? left.at(-1) ?? '';
  const extra = isIPv4(last) ? 1 : 0;
  const missing = tail === undefined ? 0 : 8 - left.length - right.length - extra;
  return [...left, ...Array<string>(missing).fill('0'), ...right];
}

/**
 * The address per-IP limits count a request against: `req.ip`, which is the client the gateway
 * settled on (TRUST_PROXY there, the gateway's word here). An IPv4 address mapped into IPv6 counts
 * as the IPv4 one, and an IPv6 address as its /64: a subscriber usually holds a whole /64, and
 * stepping through it must not open a fresh counter per address.
 */
export function clientAddress(req: Request): string | undefined {
  const ip = req.ip?.split('%')[0];
  if (ip === undefined || ip === '') return undefined;
  const mapped = MAPPED_IPV4.exec(ip)?.[1];
  if (mapped !== undefined) return mapped;
  if (!isIPv6(ip)) return ip;
  const prefix = groupsOf(ip)
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

import { isIP } from 'node:net';
import { z } from 'zod';

/** Express's `trust proxy`: off, the number of proxy hops in front, or the proxies' addresses and subnets. */
export type TrustProxy = false | number | readonly string[];

// The names Express (proxy-addr) knows for the usual private ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const OFF = new Set(['', 'false', 'off', '0']);

function isAddressOrSubnet(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // An IPv4 netmask (255.255.255.0) is accepted too, as proxy-addr does.
  if (family === 4 && isIP(prefix) === 4) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset or `false` trusts no proxy, so X-Forwarded-For is ignored and a client
 * cannot choose the address its rate limits count against; a hop count (`1`) trusts that many
 * proxies in front; a comma-separated list trusts exactly those addresses and subnets.
 */
export const TrustProxySetting = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (OFF.has(lower)) return false;
    if (/^\d+$/.test(lower)) return Number(lower);
    const entries = lower.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrSubnet(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `expected false, a hop count such as 1, or comma-separated addresses and subnets (e.g. 10.0.0.0/8, loopback); not an address or subnet: ${bad.map((entry) => `"${entry}"`).join(', ')}`,
    });
    return z.NEVER;
  });

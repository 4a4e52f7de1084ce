import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.js';

const from = (ip: string | undefined) => clientAddress({ ip } as Request);

describe('client address for per-IP limits', () => {
  it('counts an IPv4 client by its address, mapped into IPv6 or not', () => {
    expect(from('198.51.100.7')).toBe('198.51.100.7');
    expect(from('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(from('::FFFF:198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts every address of one IPv6 /64 together, and another /64 apart', () => {
    const counter = from('2001:db8:85a3:42:1:2:3:4');
    expect(counter).toBe('2001:db8:85a3:42::/64');
    expect(from('2001:0db8:85a3:0042:ffff:ffff:ffff:ffff')).toBe(counter);
    expect(from('2001:db8:85a3:42::9')).toBe(counter);
    expect(from('2001:db8:85a3:42::1.2.3.4')).toBe(counter);
    expect(from('2001:db8:85a3:42::5%eth0')).toBe(counter);
    expect(from('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(from('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(from('::1')).toBe('0:0:0:0::/64');
  });

  it('has nothing to count without an address', () => {
    expect(from(undefined)).toBeUndefined();
  });
});

import { AddDepositForm } from '@concierge/contracts/deposits/forms';
import { formatMicroUsdc } from '@concierge/contracts/shared/money';
import { describe, expect, it } from 'vitest';
import { localDateTimeValue } from './add-deposit-form';

const HASH = `0x${'AbC0'.repeat(16)}`;
const VALID = { transactionHash: HASH, timestamp: '2026-03-04T05:06', amountUSD: '12.5' };

/** What the form does with a draft: the request to send, or the first message of each wrong field. */
function validateDeposit(draft: typeof VALID) {
  const parsed = AddDepositForm.safeParse(draft);
  if (parsed.success) return { ok: true, value: { ...parsed.data, amountUSD: formatMicroUsdc(parsed.data.amountUSD) } };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

describe('Add New Deposit validation', () => {
  it('accepts a full form: lower-cased hash, the local time as a UTC instant, the amount as exact text', () => {
    const result = validateDeposit({ ...VALID, transactionHash: ` ${HASH} `, amountUSD: ' 0.01 ' });
    expect(result).toEqual({
      ok: true,
      value: { transactionHash: HASH.toLowerCase(), timestamp: new Date(2026, 2, 4, 5, 6).toISOString(), amountUSD: '0.01' },
    });
  });

  it('names every missing field', () => {
    const result = validateDeposit({ transactionHash: ' ', timestamp: '', amountUSD: '' });
    expect(result).toEqual({
      ok: false,
      errors: { transactionHash: 'Transaction hash is required', timestamp: 'Timestamp is required', amountUSD: 'Amount is required' },
    });
  });

  it.each([
    ['0x1234', 'Enter 0x followed by 64 hexadecimal characters'],
    [`0x${'g'.repeat(64)}`, 'Enter 0x followed by 64 hexadecimal characters'],
    [`${'a'.repeat(66)}`, 'Enter 0x followed by 64 hexadecimal characters'],
  ])('refuses the hash %s', (transactionHash, message) => {
    expect(validateDeposit({ ...VALID, transactionHash })).toEqual({ ok: false, errors: { transactionHash: message } });
  });

  it.each([
    ['0.009999', 'Amount must be at least 0.01 USDC'],
    ['0', 'Amount must be at least 0.01 USDC'],
    ['-5', 'Amount must be at least 0.01 USDC'],
    ['1.0000001', 'Amount can have at most 6 decimal places'],
    ['1e3', 'Amount must be a number in USDC, such as 12.5'],
    ['abc', 'Amount must be a number in USDC, such as 12.5'],
  ])('refuses the amount %s', (amountUSD, message) => {
    expect(validateDeposit({ ...VALID, amountUSD })).toEqual({ ok: false, errors: { amountUSD: message } });
  });

  it('refuses a timestamp that is not a date and time', () => {
    expect(validateDeposit({ ...VALID, timestamp: '2026-13-45T99:99' })).toEqual({ ok: false, errors: { timestamp: 'Enter a valid date and time' } });
    expect(validateDeposit({ ...VALID, timestamp: 'yesterday' })).toEqual({ ok: false, errors: { timestamp: 'Enter a valid date and time' } });
    expect(validateDeposit({ ...VALID, timestamp: '2026-02-30T10:00' })).toEqual({ ok: false, errors: { timestamp: 'Enter a valid date and time' } });
  });

  it('defaults the timestamp to now in local time, to the minute', () => {
    expect(localDateTimeValue(new Date(2026, 0, 2, 3, 4, 59))).toBe('2026-01-02T03:04');
  });
});

import { describe, expect, it } from 'vitest';
import { deposit, withdrawal } from '../../../testing/fixtures';
import { recentActivity } from './recent-activity';

const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}T12:00:00.000Z`;

describe('dashboard recent activity', () => {
  it('merges the latest 3 deposits and latest 3 withdrawals, newest first, cut to 5', () => {
    const deposits = [deposit('d1', 1, day(1)), deposit('d5', 5, day(5)), deposit('d9', 9, day(9)), deposit('d7', 7, day(7))];
    const withdrawals = [withdrawal('w2', 2, day(2)), withdrawal('w8', 8, day(8)), withdrawal('w6', 6, day(6)), withdrawal('w3', 3, day(3))];
    const items = recentActivity(deposits, withdrawals);
    // d1 and w2 are each the 4th latest of their kind, so they never compete; the oldest of the six left (w3) falls off.
    expect(items.map((item) => item.id)).toEqual(['deposit-d9', 'withdrawal-w8', 'deposit-d7', 'withdrawal-w6', 'deposit-d5']);
  });

  it('never lets a 4th deposit in, even when it is newer than every withdrawal', () => {
    const deposits = [deposit('d10', 10, day(10)), deposit('d11', 11, day(11)), deposit('d12', 12, day(12)), deposit('d13', 13, day(13))];
    const items = recentActivity(deposits, [withdrawal('w1', 1, day(1))]);
    expect(items.map((item) => item.id)).toEqual(['deposit-d13', 'deposit-d12', 'deposit-d11', 'withdrawal-w1']);
  });

  it('describes each item by kind: deposits completed, withdrawals with their status and destination', () => {
    const [first, second] = recentActivity([deposit('d1', 25.5, day(2))], [withdrawal('w1', 10, day(1), 'approved')]);
    expect(first).toMatchObject({ type: 'deposit', title: 'Deposit', amount: 25.5, asset: 'USDC', status: 'completed' });
    expect(second).toMatchObject({ type: 'withdrawal', title: 'Withdrawal', description: 'To Ledger (Avalanche)', status: 'approved' });
  });

  it('places the other items the page passes (the week\'s earnings) by date within the same 5', () => {
    const earnings = { id: 'earnings-1', type: 'earnings', title: 'Weekly earnings', description: '', date: day(8), amount: 3, asset: 'USDC' } as const;
    const deposits = [deposit('d9', 9, day(9)), deposit('d7', 7, day(7)), deposit('d5', 5, day(5))];
    const items = recentActivity(deposits, [withdrawal('w6', 6, day(6)), withdrawal('w4', 4, day(4))], [earnings]);
    expect(items.map((item) => item.id)).toEqual(['deposit-d9', 'earnings-1', 'deposit-d7', 'withdrawal-w6', 'deposit-d5']);
  });

  it('is empty when there is nothing yet', () => {
    expect(recentActivity([], [])).toEqual([]);
  });
});

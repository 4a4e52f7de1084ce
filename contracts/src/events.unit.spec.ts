import { describe, expect, it } from 'vitest';
import { commandSchemas } from './commands.js';
import { ACCOUNT_EVENT_TYPES, eventSchemas, eventSchemasByContext, isEventType } from './events.js';
import { feeMicro, toMicroText } from './shared/money.js';
import { parseStreamName, STREAM_CATEGORIES, streamName } from './shared/streams.js';

const PAST_TENSE = /(ed|Set|Reset|Broadcast)$/;
const IMPERATIVE =
  /^(Register|Approve|Reject|Update|Change|Rotate|Revoke|Issue|Reset|Create|Delete|Assign|Reveal|Configure|Record|Request|Add|Edit|Remove|Set|Cancel|Complete|Retry|Verify|Note|End|Use|Claim|Release)(?=[A-Z]|$)/;

describe('event and command catalogue', () => {
  it('gives every event type to exactly one context', () => {
    const perContext = Object.values(eventSchemasByContext).flatMap((events) => Object.keys(events));
    expect(new Set(perContext).size).toBe(perContext.length);
    expect(Object.keys(eventSchemas).sort()).toEqual([...perContext].sort());
  });

  it('names events in the past tense and commands in the imperative', () => {
    expect(Object.keys(eventSchemas).filter((type) => !PAST_TENSE.test(type))).toEqual([]);
    expect(Object.keys(commandSchemas).filter((type) => !IMPERATIVE.test(type))).toEqual([]);
    expect(Object.keys(eventSchemas).filter((type) => IMPERATIVE.test(type))).toEqual([]);
  });

  it('knows its own event types only', () => {
    expect(isEventType('WithdrawalApproved')).toBe(true);
    expect(isEventType('toString')).toBe(false);
    expect(isEventType('ApproveWithdrawal')).toBe(false);
    for (const type of ACCOUNT_EVENT_TYPES) expect(isEventType(type)).toBe(true);
  });
});

const hash = `0x${'a1'.repeat(32)}`;
const at = '2024-05-01T10:30:00.000Z';

describe('event payloads', () => {
  it('carry money as digit strings, never as numbers', () => {
    const amount = 250_000_000n;
    const deposit = {
      depositId: 'd1',
      userId: 'u1',
      transactionHash: hash,
      amountMicro: toMicroText(amount),
      feePercentageAtDeposit: '2.5',
      feeMicro: toMicroText(feeMicro(amount, '2.5')),
      planId: 'p1',
      timestamp: at,
      recordedAt: at,
    };
    expect(eventSchemas.DepositRecorded.parse(deposit).feeMicro).toBe('6250000');
    expect(eventSchemas.DepositRecorded.safeParse({ ...deposit, amountMicro: 250 }).success).toBe(false);
    expect(eventSchemas.DepositRecorded.safeParse({ ...deposit, amountMicro: '250.5' }).success).toBe(false);
    expect(eventSchemas.DepositRecorded.safeParse({ ...deposit, feePercentageAtDeposit: '2.50' }).success).toBe(false);
  });

  it('validate a withdrawal request with its destination copied in', () => {
    const requested = {
      withdrawalId: 'w1',
      userId: 'u1',
      amountMicro: '10000',
      asset: 'USDC',
      destination: { addressId: 'a1', label: 'Ledger', address: `0x${'b'.repeat(40)}`, network: 'Polygon' },
      requestedAt: at,
    };
    expect(eventSchemas.WithdrawalRequested.safeParse(requested).success).toBe(true);
    expect(eventSchemas.WithdrawalRequested.safeParse({ ...requested, asset: 'ETH' }).success).toBe(false);
  });

  it('commands carry money as bigint and the decision time in metadata', () => {
    const metadata = { actor: { type: 'user', userId: 'u1', role: 'user' }, now: at, correlationId: 'c1', commandId: 'k1' };
    const destination = { addressId: 'a1', label: 'L', address: `0x${'c'.repeat(40)}`, network: 'Avalanche' };
    const command = { type: 'RequestWithdrawal', data: { userId: 'u1', withdrawalId: 'w1', amountMicro: 10_000n, asset: 'USDC', destination }, metadata };
    expect(commandSchemas.RequestWithdrawal.safeParse(command).success).toBe(true);
    expect(commandSchemas.RequestWithdrawal.safeParse({ ...command, data: { ...command.data, amountMicro: 0.01 } }).success).toBe(false);
    expect(commandSchemas.RequestWithdrawal.safeParse({ ...command, type: 'ApproveWithdrawal' }).success).toBe(false);
  });
});

describe('stream names', () => {
  it('are <category>-<id> with dash-free categories', () => {
    expect(streamName(STREAM_CATEGORIES.account, 'u-42')).toBe('account-u-42');
    expect(parseStreamName('account-u-42')).toEqual({ category: 'account', id: 'u-42' });
    expect(parseStreamName('account')).toBeUndefined();
    expect(() => streamName('user', '')).toThrow(RangeError);
    for (const category of Object.values(STREAM_CATEGORIES)) expect(category).toMatch(/^[a-zA-Z]+$/);
  });
});

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AddDepositRequest } from './deposits/dto.js';
import { AuditEventsQuery, AuditStreamsQuery } from './audit/dto.js';
import { LoginRequest, ResetPasswordRequest } from './auth/dto.js';
import { EmptyBody } from './shared/fields.js';
import { SavePlanRequest } from './subscriptions/dto.js';
import { SaveStrategyRequest } from './strategies/dto.js';
import { ChangePasswordRequest, RegisterRequest, UpdateUserRequest, UsersQuery } from './users/dto.js';
import { SaveWithdrawalAddressRequest } from './withdrawal-addresses/dto.js';
import { AdminWithdrawalsQuery, ProcessWithdrawalRequest, RequestWithdrawalRequest } from './withdrawals/dto.js';

/** `{ field: message }` for each issue of a failed parse; fails the test if the input was accepted. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const address = `0x${'ab'.repeat(20)}`;
const txHash = `0x${'Cd'.repeat(32)}`;

describe('the product\'s exact validation messages', () => {
  it('login', () => {
    expect(errorsOf(LoginRequest, {})).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(errorsOf(LoginRequest, { email: 'nope', password: 'x' })).toEqual({ email: 'Please enter a valid email' });
  });

  it('registration', () => {
    expect(errorsOf(RegisterRequest, { firstName: ' ', lastName: '', email: 'a@b.co', password: 'ABCDEFG1' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      password: 'Password must contain at least one lowercase letter',
    });
  });

  it('withdrawal amount', () => {
    for (const amount of [0.001, '0.0099', -1, 'ten', null]) {
      expect(errorsOf(RequestWithdrawalRequest, { amount })).toEqual({ amount: 'Please enter a valid amount (minimum 0.01 USDC)' });
    }
    expect(errorsOf(RequestWithdrawalRequest, { amount: 5, asset: 'ETH' })).toEqual({ asset: 'Only USDC is supported' });
    expect(RequestWithdrawalRequest.parse({ amount: 0.01 })).toEqual({ amount: 10_000n, asset: 'USDC' });
  });

  it('withdrawal address', () => {
    expect(errorsOf(SaveWithdrawalAddressRequest, { label: '', address: `0x${'g'.repeat(40)}` })).toEqual({
      label: 'Label is required',
      address: 'Please enter a valid EVM address',
    });
    expect(errorsOf(SaveWithdrawalAddressRequest, { label: 'x', address: `${address}0` })).toEqual({
      address: 'Please enter a valid EVM address',
    });
    expect(SaveWithdrawalAddressRequest.parse({ label: ' Ledger ', address })).toEqual({ label: 'Ledger', address, network: 'Avalanche' });
  });

  it('password change and reset', () => {
    expect(errorsOf(ChangePasswordRequest, { currentPassword: 'a', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(errorsOf(ChangePasswordRequest, { currentPassword: 'a', newPassword: 'Abcdefg1' })).toMatchObject({
      confirmPassword: 'Please confirm your password',
    });
    expect(errorsOf(ResetPasswordRequest, { token: 'short', newPassword: 'Abcdefg1' })).toEqual({ token: 'Invalid or missing reset token' });
  });

  it('strategy risk level and colour: optional, checked when given, and otherwise read from the risk weight', () => {
    expect(SaveStrategyRequest.parse({ name: 'S', riskWeight: 0.1, tokenSymbols: 'usdc' })).toMatchObject({ riskLevel: 'conservative', color: '#22C55E' });
    expect(SaveStrategyRequest.parse({ name: 'S', riskWeight: 0.5, tokenSymbols: 'usdc', color: '' })).toMatchObject({ riskLevel: 'moderate', color: '#EAB308' });
    expect(SaveStrategyRequest.parse({ name: 'S', riskWeight: 0.9, tokenSymbols: 'usdc', riskLevel: ' Moderate ', color: '#3b82f6' })).toMatchObject({
      riskLevel: 'moderate',
      color: '#3B82F6',
    });
    expect(errorsOf(SaveStrategyRequest, { name: 'S', riskWeight: 0.2, tokenSymbols: 'usdc', riskLevel: 'wild', color: 'green' })).toEqual({
      riskLevel: 'Risk level must be conservative, moderate or aggressive',
      color: 'Colour must be a hex colour such as #22C55E',
    });
  });

  it('plan fee percentage: exact, at most 2 decimals', () => {
    expect(SavePlanRequest.parse({ name: ' Gold ', feePercentage: '2.50' })).toEqual({ name: 'Gold', feePercentage: '2.5', description: '', isActive: true });
    expect(errorsOf(SavePlanRequest, { name: '', feePercentage: 2.555 })).toEqual({
      name: 'Plan name is required',
      feePercentage: 'Fee percentage can have at most 2 decimal places',
    });
  });

  it('plan fee percentage and strategy risk weight', () => {
    expect(errorsOf(SavePlanRequest, { name: 'Gold', feePercentage: -1 })).toEqual({
      feePercentage: 'Fee percentage must be a number between 0 and 100',
    });
    expect(errorsOf(SaveStrategyRequest, { name: 'S', riskWeight: 1.1, tokenSymbols: 'usdc' })).toEqual({
      riskWeight: 'Risk weight must be a number from 0 to 1 in steps of 0.1',
    });
    expect(SaveStrategyRequest.parse({ name: 'S', riskWeight: '0.7', tokenSymbols: [' eth, wbtc ', ''] })).toMatchObject({
      riskWeight: 0.7,
      tokenSymbols: ['ETH', 'WBTC'],
    });
  });

  it('withdrawal processing needs a reason to reject and a hash to complete', () => {
    expect(errorsOf(ProcessWithdrawalRequest, { action: 'reject', rejectionReason: '   ' })).toEqual({
      rejectionReason: 'Rejection reason is required',
    });
    expect(errorsOf(ProcessWithdrawalRequest, { action: 'complete', transactionHash: ' ' })).toEqual({
      transactionHash: 'Transaction hash is required',
    });
    expect(errorsOf(ProcessWithdrawalRequest, { action: 'pay' })).toEqual({ action: 'Action must be one of: approve, reject, complete, cancel, retry' });
    expect(ProcessWithdrawalRequest.parse({ action: 'complete', transactionHash: txHash })).toEqual({
      action: 'complete',
      transactionHash: txHash.toLowerCase(),
    });
  });

  it('admin deposit: each field says what is wrong', () => {
    expect(errorsOf(AddDepositRequest, { userId: 'u1', transactionHash: 'abc', timestamp: '2024-02-30', amountUSD: '0.001' })).toEqual({
      transactionHash: 'Please enter a valid transaction hash (0x followed by 64 hexadecimal characters)',
      timestamp: 'Timestamp must be a date and time such as 2024-05-01T10:30:00Z',
      amountUSD: 'Amount must be at least 0.01 USDC',
    });
    expect(AddDepositRequest.parse({ userId: 'u1', transactionHash: txHash, timestamp: '2024-05-01T10:30', amountUSD: '100.25' })).toEqual({
      userId: 'u1',
      transactionHash: txHash.toLowerCase(),
      timestamp: '2024-05-01T10:30:00.000Z',
      amountUSD: 100_250_000n,
    });
  });
});

describe('wrong JSON types get a clear message, never a crash', () => {
  it.each([null, [], 'text', 42])('body %j', (body) => {
    expect(errorsOf(RequestWithdrawalRequest, body)).toEqual({ '': 'The request body must be a JSON object' });
    expect(errorsOf(ProcessWithdrawalRequest, body)).toEqual({ '': 'The request body must be a JSON object' });
  });

  it('commands without input accept no body or an object, and refuse anything else', () => {
    expect(EmptyBody.parse(undefined)).toBeUndefined();
    expect(EmptyBody.parse({ anything: 1 })).toEqual({});
    expect(errorsOf(EmptyBody, 'approve')).toEqual({ '': 'The request body must be a JSON object' });
  });

  it('fields of the wrong type', () => {
    expect(errorsOf(SavePlanRequest, { name: 7, feePercentage: '5', isActive: 'yes' })).toEqual({
      name: 'Plan name must be text',
      isActive: 'isActive must be true or false',
    });
    expect(errorsOf(SaveStrategyRequest, { name: 'S', riskWeight: 0, tokenSymbols: { a: 1 } })).toEqual({
      tokenSymbols: 'Token symbols must be a list or comma-separated text',
    });
    expect(errorsOf(UpdateUserRequest, { status: 'banned' })).toEqual({ status: 'Status must be one of: pending, approved, rejected, suspended' });
  });
});

describe('query parameters', () => {
  it('apply the product\'s defaults and bounds', () => {
    expect(UsersQuery.parse({})).toEqual({ page: 1, limit: 10 });
    expect(UsersQuery.parse({ page: '2', limit: '', status: 'all', search: ' ann ' })).toEqual({ page: 2, limit: 10, search: 'ann' });
    expect(errorsOf(UsersQuery, { page: '0', limit: '101' })).toEqual({ page: 'page must be at least 1', limit: 'limit must be at most 100' });
    expect(errorsOf(UsersQuery, { limit: 'ten' })).toEqual({ limit: 'limit must be a number' });
  });

  it('pending withdrawals default to 5, the list page to 10', () => {
    expect(AdminWithdrawalsQuery.parse({ status: 'pending' }).limit).toBe(5);
    expect(AdminWithdrawalsQuery.parse({ status: '' }).limit).toBe(10);
    expect(AdminWithdrawalsQuery.parse({ status: 'pending', limit: '20' }).limit).toBe(20);
  });

  it('audit searches events by instants it normalises, and refuses a range that ends before it starts', () => {
    expect(AuditEventsQuery.parse({ from: '2026-01-31T10:00:00+01:00', type: '' })).toEqual({ from: '2026-01-31T09:00:00.000Z', page: 1, limit: 25 });
    expect(errorsOf(AuditEventsQuery, { from: 'yesterday' })).toEqual({ from: 'from must be an ISO date-time with a zone, such as 2026-01-31T09:00:00Z' });
    expect(errorsOf(AuditEventsQuery, { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })).toEqual({ from: 'from must not be after to' });
    expect(errorsOf(AuditStreamsQuery, { category: 'account-1' })).toEqual({ category: 'category must be letters only, such as account' });
  });
});

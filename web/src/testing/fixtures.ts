import type { DepositDto, UserDto, WithdrawalAddressDto, WithdrawalDto } from '@concierge/contracts';

/** Test data shaped exactly as the contracts' DTOs, for the member money screens' specs. */

export const member: UserDto = {
  _id: 'u1',
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  role: 'user',
  status: 'approved',
  walletAddress: null,
  subscriptionPlan: null,
  subscriptionPlanName: 'Premium Concierge',
  primaryWithdrawalAddress: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const owner = { _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

export function deposit(id: string, amount: number, createdAt: string): DepositDto {
  return {
    _id: id,
    id,
    userId: owner,
    amount,
    amountUSD: amount,
    asset: 'USDC',
    status: 'completed',
    source: 'admin',
    timestamp: createdAt,
    createdAt,
    feePercentageAtDeposit: 1,
    calculatedFeeUSD: amount / 100,
    transactionHash: `0x${id.padStart(64, '0')}`,
  };
}

export function withdrawal(id: string, amount: number, requestedAt: string, status: WithdrawalDto['status'] = 'pending'): WithdrawalDto {
  return {
    _id: id,
    id,
    userId: owner,
    amount,
    asset: 'USDC',
    status,
    requestedAt,
    createdAt: requestedAt,
    updatedAt: requestedAt,
    withdrawalAddressId: { _id: 'a1', label: 'Ledger', address: `0x${'ab'.repeat(20)}`, network: 'Avalanche' },
    transactionHash: null,
    rejectionReason: null,
    approvedAt: null,
    completedAt: null,
    settlement: null,
  };
}

export function withdrawalAddress(id: string, label: string, isPrimary: boolean, network = 'Avalanche'): WithdrawalAddressDto {
  return {
    _id: id,
    id,
    label,
    address: `0x${id.padStart(40, '0')}`,
    network,
    isPrimary,
    createdAt: '2026-02-01T00:00:00.000Z',
  };
}

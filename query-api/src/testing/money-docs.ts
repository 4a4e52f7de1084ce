import type { DepositReadModel, WithdrawalAddressReadModel, WithdrawalReadModel, WithdrawalStatus } from '@concierge/contracts';

/** Read-model documents for the money query specs; `minute` orders them in time (2026-02-01 plus minutes). */

export const minuteAt = (minute: number): string => new Date(Date.UTC(2026, 1, 1, 0, minute)).toISOString();
export const txHash = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`;
export const evmAddress = (n: number): string => `0x${n.toString(16).padStart(40, 'b')}`;

export interface Member {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

export function withdrawalDoc(
  member: Member,
  id: string,
  minute: number,
  fields: { amountMicro?: string; status?: WithdrawalStatus; address?: string } = {},
): WithdrawalReadModel {
  const status = fields.status ?? 'pending';
  const completed = status === 'completed';
  return {
    id,
    userId: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    fullName: `${member.firstName} ${member.lastName}`,
    email: member.email,
    amountMicro: fields.amountMicro ?? '1000000',
    asset: 'USDC',
    status,
    destination: { addressId: `addr-${id}`, label: 'Main', address: fields.address ?? evmAddress(minute), network: 'Avalanche' },
    requestedAt: minuteAt(minute),
    approvedAt: status === 'approved' || completed ? minuteAt(minute + 1) : null,
    completedAt: completed ? minuteAt(minute + 2) : null,
    rejectionReason: status === 'rejected' ? 'Address could not be verified' : null,
    cancellationReason: null,
    transactionHash: completed ? txHash(minute) : null,
    settlement: completed ? 'manual' : null,
    payout: null,
    updatedAt: minuteAt(minute + (completed ? 2 : 0)),
  };
}

export function depositDoc(member: Member, id: string, minute: number, fields: { amountMicro?: string; feeMicro?: string; fee?: string } = {}): DepositReadModel {
  return {
    id,
    userId: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    amountMicro: fields.amountMicro ?? '100000000',
    feeMicro: fields.feeMicro ?? '2500000',
    feePercentageAtDeposit: fields.fee ?? '2.5',
    transactionHash: txHash(10_000 + minute),
    timestamp: minuteAt(minute),
    source: 'admin',
    createdAt: minuteAt(minute + 1),
  };
}

export function addressDoc(member: Member, id: string, minute: number, isPrimary = false): WithdrawalAddressReadModel {
  return {
    id,
    userId: member.id,
    label: `Label ${id}`,
    address: evmAddress(minute),
    network: 'Polygon',
    isPrimary,
    createdAt: minuteAt(minute),
    updatedAt: minuteAt(minute),
  };
}

import { randomUUID } from 'node:crypto';
import { feeMicro, toMicroText } from '@concierge/contracts';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';

/**
 * Test fixtures for the money projections: event builders with realistic data and a writer that
 * appends to streams with the expected revision, as the command API would.
 */

/** 2026-03-01 plus `minute` minutes, ISO-8601. */
export const at = (minute: number): string => new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString();

export function envelope(type: string, data: Record<string, unknown>, occurredAt: string): NewEvent {
  const id = randomUUID();
  const actor = { type: 'user', userId: 'admin-1', role: 'admin' } as const;
  return { id, type, data, metadata: { actor, correlationId: id, causationId: id, occurredAt, schemaVersion: 1 } };
}

/** Appends to `<category>-<id>` streams, remembering each stream's revision. */
export function streamWriter(eventStore: EventStore) {
  const revisions = new Map<string, bigint>();
  return async (stream: string, ...events: NewEvent[]): Promise<void> => {
    const revision = revisions.get(stream);
    const result = await eventStore.appendToStream(stream, events, { expectedRevision: revision ?? 'no_stream' });
    revisions.set(stream, result.nextRevision);
  };
}

export const hash = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`;
export const evmAddress = (n: number): string => `0x${n.toString(16).padStart(40, 'a')}`;

export function registered(userId: string, firstName: string, lastName: string, minute: number): NewEvent {
  const email = `${firstName}.${lastName}@example.com`.toLowerCase();
  const data = { userId, firstName, lastName, email, passwordHash: 'not-a-real-hash', role: 'user', registeredAt: at(minute) };
  return envelope('UserRegistered', data, at(minute));
}

export function renamed(userId: string, firstName: string, lastName: string, minute: number): NewEvent {
  return envelope('UserProfileUpdated', { userId, firstName, lastName, updatedAt: at(minute) }, at(minute));
}

/** A deposit of `usdc` micro-USDC at `feePercentage`; admin-recorded unless `chain` is given. */
export function deposited(
  userId: string,
  depositId: string,
  amountMicro: bigint,
  feePercentage: string,
  minute: number,
  chain?: { blockNumber: number; from: string; to: string },
): NewEvent {
  const credit = {
    depositId,
    userId,
    transactionHash: hash(minute * 1000 + amountMicro.toString().length),
    amountMicro: toMicroText(amountMicro),
    feePercentageAtDeposit: feePercentage,
    feeMicro: toMicroText(feeMicro(amountMicro, feePercentage)),
    planId: feePercentage === '0' ? null : 'plan-1',
    // The transfer happened a minute before it was credited.
    timestamp: at(minute - 1),
  };
  if (!chain) return envelope('DepositRecorded', { ...credit, recordedAt: at(minute) }, at(minute));
  const detected = { network: 'Avalanche', blockNumber: chain.blockNumber, logIndex: 0, fromAddress: chain.from, toAddress: chain.to, detectedAt: at(minute) };
  return envelope('DepositDetected', { ...credit, ...detected }, at(minute));
}

export function requested(userId: string, withdrawalId: string, amountMicro: bigint, minute: number, addressNumber = 1): NewEvent {
  const destination = { addressId: `address-${addressNumber}`, label: `Label ${addressNumber}`, address: evmAddress(addressNumber), network: 'Avalanche' };
  const data = { withdrawalId, userId, amountMicro: toMicroText(amountMicro), asset: 'USDC', destination, requestedAt: at(minute) };
  return envelope('WithdrawalRequested', data, at(minute));
}

type Ending = 'approved' | 'rejected' | 'cancelled' | 'completed';

/** The event that moves a withdrawal to `status` at `minute`. */
export function withdrawalMoved(userId: string, withdrawalId: string, status: Ending, minute: number): NewEvent {
  const target = { userId, withdrawalId };
  const when = at(minute);
  switch (status) {
    case 'approved':
      return envelope('WithdrawalApproved', { ...target, approvedAt: when }, when);
    case 'rejected':
      return envelope('WithdrawalRejected', { ...target, reason: 'Address could not be verified', rejectedAt: when }, when);
    case 'cancelled':
      return envelope('WithdrawalCancelled', { ...target, reason: null, cancelledAt: when }, when);
    case 'completed':
      return envelope('WithdrawalCompleted', { ...target, transactionHash: hash(900_000 + minute), settlement: 'manual', completedAt: when }, when);
  }
}

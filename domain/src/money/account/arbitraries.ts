import fc from 'fast-check';
import { AppError } from '@concierge/platform/errors';
import { evolveAccount, initialAccountState, type AccountEvent, type AccountState } from './account.js';
import { decideAccount, type AccountCommand } from './decide.js';
import { approve, broadcast, cancel, complete, fail, recordDeposit, reject, requestWithdrawal, sign } from './testing.js';

/** Generators of account command sequences, shared by the property specs. */

const USDC = 1_000_000n;

/** A fee percentage as canonical text from hundredths of a percent, written independently of contracts: 250 -> '2.5'. */
export function percentText(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

export type Op =
  | { kind: 'deposit'; amount: bigint; hundredths: number }
  | { kind: 'request'; amount: bigint }
  | { kind: 'approve' | 'reject' | 'cancelMember' | 'cancelAdmin' | 'complete' | 'sign' | 'broadcast' | 'fail'; pick: number };

const amount = fc.oneof(fc.bigInt({ min: 1n, max: 50_000n }), fc.bigInt({ min: 1n, max: 500n * USDC }), fc.bigInt({ min: 1n, max: 10n ** 12n }));
export const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deposit' as const), amount, hundredths: fc.integer({ min: 0, max: 10_000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('request' as const), amount }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'approve' as const,
        'reject' as const,
        'cancelMember' as const,
        'cancelAdmin' as const,
        'complete' as const,
        'sign' as const,
        'broadcast' as const,
        'fail' as const,
      ),
      pick: fc.nat(),
    }),
  },
);

/**
 * Builds the command for one generated step; withdrawal steps act on an existing id (or an unknown one when there is none).
 * Settlement steps use one of three transaction hashes, so retries, clashes and re-signing after a failure all occur.
 */
export function commandFor(step: Op, index: number, withdrawalIds: readonly string[], state: AccountState): AccountCommand {
  if (step.kind === 'deposit') return recordDeposit(`d-${index}`, step.amount, percentText(step.hundredths), index);
  if (step.kind === 'request') return requestWithdrawal(`w-${index}`, step.amount);
  const id = withdrawalIds[step.pick % Math.max(withdrawalIds.length, 1)] ?? 'w-unknown';
  switch (step.kind) {
    case 'approve':
      return approve(id);
    case 'reject':
      return reject(id);
    case 'cancelMember':
      return cancel(id, 'member');
    case 'cancelAdmin':
      return cancel(id, 'admin');
    case 'complete':
      return complete(id, step.pick % 3);
    case 'sign':
      return sign(id, state.withdrawals.get(id)?.amountMicro ?? USDC, step.pick % 3);
    case 'broadcast':
      return broadcast(id, step.pick % 3);
    case 'fail':
      return fail(id, step.pick % 3);
  }
}


/**
 * Decides the generated steps one after the other on the evolving state and keeps the commands
 * accepted (refused ones change nothing), with every state on the way.
 */
export function acceptedHistory(steps: readonly Op[]): { commands: AccountCommand[]; states: AccountState[] } {
  let state = initialAccountState;
  const commands: AccountCommand[] = [];
  const states: AccountState[] = [state];
  const withdrawalIds: string[] = [];
  steps.forEach((step, index) => {
    const command = commandFor(step, index, withdrawalIds, state);
    let decided: AccountEvent[];
    try {
      decided = decideAccount(command, state);
    } catch (error) {
      if (error instanceof AppError) return;
      throw error;
    }
    if (decided.length === 0) return;
    for (const event of decided) if (event.type === 'WithdrawalRequested') withdrawalIds.push(event.data.withdrawalId);
    state = decided.reduce(evolveAccount, state);
    commands.push(command);
    states.push(state);
  });
  return { commands, states };
}

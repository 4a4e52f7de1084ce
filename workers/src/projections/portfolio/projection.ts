import {
  PORTFOLIO_ANSWER_VERSION,
  PORTFOLIO_ANSWERS_COLLECTION,
  PORTFOLIO_COLLECTION,
  portfolioAnswer,
  type PortfolioAnswer,
  type PortfolioContribution,
  type PortfolioReadModel,
} from '@concierge/contracts';
import { instant } from '../deposits/members.js';
import { defineProjection, type ProjectionContext } from '../runtime/projection.js';
import { emptyPortfolio, withContribution, withValuation } from './figures.js';
import { liveGroups, PORTFOLIO_GROUPS_COLLECTION, strategyGroupCopy } from './groups.js';

export { PORTFOLIO_ANSWERS_COLLECTION, PORTFOLIO_COLLECTION, PORTFOLIO_GROUPS_COLLECTION };

/** Withdrawals requested and not yet ended, by id: `WithdrawalCompleted` does not repeat the amount. */
export const PORTFOLIO_WITHDRAWALS_COLLECTION = 'portfolio_withdrawals';
type OpenWithdrawal = { id: string; userId: string; amountMicro: string };

const portfolios = (tx: ProjectionContext) => tx.collection<PortfolioReadModel>(PORTFOLIO_COLLECTION);
const openWithdrawals = (tx: ProjectionContext) => tx.collection<OpenWithdrawal>(PORTFOLIO_WITHDRAWALS_COLLECTION);

/**
 * The answer to the member of `doc`, built when the batch is written (a store serialises each
 * document once, reading `json` then): of a member's many valuations in one batch, as in a
 * rebuild, only the last one's answer is ever built.
 */
function answerWhenWritten(doc: PortfolioReadModel): PortfolioAnswer {
  let json: string | undefined;
  return {
    id: doc.id,
    version: PORTFOLIO_ANSWER_VERSION,
    get json() {
      json ??= portfolioAnswer(doc).json;
      return json;
    },
  };
}

/** The member's document and, in the same batch, the answer GET /wallets/performance sends from it. */
async function save(tx: ProjectionContext, doc: PortfolioReadModel): Promise<void> {
  await portfolios(tx).upsert(doc);
  await tx.collection<PortfolioAnswer>(PORTFOLIO_ANSWERS_COLLECTION).upsert(answerWhenWritten(doc));
}

async function contribute(tx: ProjectionContext, userId: string, flow: PortfolioContribution): Promise<void> {
  const doc = (await portfolios(tx).get(userId)) ?? emptyPortfolio(userId, flow.at);
  await save(tx, withContribution(doc, flow, flow.at));
}

/**
 * One document per member (id = userId) with everything GET /wallets/performance shows, recomputed
 * at each valuation (`PortfolioSnapshotRecorded`) from the document alone, so a read is one
 * document however long the history.
 *
 * Contributions are the member's account flows, and a deposit counts as the amount credited, net of
 * the plan's fee: the fee never reaches the portfolio, so what the valuations can see is the
 * credited amount (in `ledger` mode the value is exactly the credited balance), and a member whose
 * only flows are deposits at constant prices shows 0 earnings and 0 % change. Each flow is dated
 * when it enters what a valuation measures: an admin-recorded deposit when it is credited, a
 * detected one at its block's time (a chain valuation at a later block already holds it), a
 * completed withdrawal when it completes.
 */
export const portfolioProjection = defineProjection({
  name: 'portfolio',
  readModels: [PORTFOLIO_COLLECTION, PORTFOLIO_ANSWERS_COLLECTION, PORTFOLIO_GROUPS_COLLECTION, PORTFOLIO_WITHDRAWALS_COLLECTION],
  on: {
    ...strategyGroupCopy,
    async PortfolioSnapshotRecorded({ data }, tx) {
      const updatedAt = instant(data.recordedAt);
      const doc = (await portfolios(tx).get(data.userId)) ?? emptyPortfolio(data.userId, updatedAt);
      await save(tx, withValuation(doc, data, await liveGroups(tx), updatedAt));
    },
    DepositRecorded: ({ data }, tx) =>
      contribute(tx, data.userId, { at: instant(data.recordedAt), amountMicro: (BigInt(data.amountMicro) - BigInt(data.feeMicro)).toString() }),
    DepositDetected: ({ data }, tx) =>
      contribute(tx, data.userId, { at: instant(data.timestamp), amountMicro: (BigInt(data.amountMicro) - BigInt(data.feeMicro)).toString() }),
    async WithdrawalRequested({ data }, tx) {
      await openWithdrawals(tx).upsert({ id: data.withdrawalId, userId: data.userId, amountMicro: data.amountMicro });
    },
    async WithdrawalRejected({ data }, tx) {
      await openWithdrawals(tx).delete(data.withdrawalId);
    },
    async WithdrawalCancelled({ data }, tx) {
      await openWithdrawals(tx).delete(data.withdrawalId);
    },
    async WithdrawalCompleted({ data }, tx) {
      const open = await openWithdrawals(tx).get(data.withdrawalId);
      // Completed once; a repeat (or one never requested) moves nothing, as the account's balance does.
      if (open === undefined) return;
      await openWithdrawals(tx).delete(data.withdrawalId);
      await contribute(tx, data.userId, { at: instant(data.completedAt), amountMicro: (-BigInt(open.amountMicro)).toString() });
    },
  },
});

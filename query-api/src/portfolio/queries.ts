import {
  PORTFOLIO_ANSWER_VERSION,
  PORTFOLIO_ANSWERS_COLLECTION,
  PORTFOLIO_COLLECTION,
  type PortfolioAnswer,
  type PortfolioReadModel,
} from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';

export { performanceResponse } from '@concierge/contracts';

/** The member's portfolio document; none before their first flow or valuation. */
export function readPortfolio(readStore: ReadStore, userId: string): Promise<PortfolioReadModel | undefined> {
  return readStore.collection<PortfolioReadModel>(PORTFOLIO_COLLECTION).get(userId);
}

/**
 * The answer the portfolio projection wrote with the member's document, ready to send; none when
 * the document predates answers or was answered by another version of `performanceResponse` (the
 * caller builds it from the document then).
 */
export async function readAnswer(readStore: ReadStore, userId: string): Promise<PortfolioAnswer | undefined> {
  const answer = await readStore.collection<PortfolioAnswer>(PORTFOLIO_ANSWERS_COLLECTION).get(userId);
  return answer?.version === PORTFOLIO_ANSWER_VERSION ? answer : undefined;
}

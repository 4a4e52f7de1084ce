import type { z } from 'zod';
import { authCommands } from './auth/commands.js';
import { depositCommands } from './deposits/commands.js';
import { portfolioCommands } from './portfolio/commands.js';
import { uniqueValueCommands } from './shared/claims.js';
import { strategyGroupCommands } from './strategies/commands.js';
import { subscriptionPlanCommands } from './subscriptions/commands.js';
import { userCommands } from './users/commands.js';
import { walletCommands } from './wallets/commands.js';
import { withdrawalAddressCommands } from './withdrawal-addresses/commands.js';
import { withdrawalCommands } from './withdrawals/commands.js';

/** The schema of every command of the product (`{ type, data, metadata }`), by type name. */
export const commandSchemas = {
  ...userCommands,
  ...authCommands,
  ...subscriptionPlanCommands,
  ...strategyGroupCommands,
  ...uniqueValueCommands,
  ...walletCommands,
  ...depositCommands,
  ...withdrawalAddressCommands,
  ...withdrawalCommands,
  ...portfolioCommands,
} as const satisfies Record<string, z.ZodType>;

export type CommandType = keyof typeof commandSchemas;
export type Command<T extends CommandType = CommandType> = z.infer<(typeof commandSchemas)[T]>;

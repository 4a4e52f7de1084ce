import { z } from 'zod';
import { EvmAddress, Network } from '../shared/chain.js';
import { jsonBody, requiredText } from '../shared/fields.js';

/** POST /withdrawals/addresses and PUT /withdrawals/addresses/:id. */
export const SaveWithdrawalAddressRequest = jsonBody({
  label: requiredText('Label', 100),
  address: EvmAddress,
  network: Network,
});
export type SaveWithdrawalAddressRequest = z.infer<typeof SaveWithdrawalAddressRequest>;

/** A saved withdrawal address. */
export const WithdrawalAddressDto = z.object({
  _id: z.string(),
  id: z.string(),
  label: z.string(),
  address: z.string(),
  network: z.string(),
  isPrimary: z.boolean(),
  createdAt: z.string(),
});
export type WithdrawalAddressDto = z.infer<typeof WithdrawalAddressDto>;

/** The member's addresses, primary first, then oldest first. */
export const WithdrawalAddressListResponse = z.array(WithdrawalAddressDto);

/** The saved address itself, with the success text and position. */
export const WithdrawalAddressSavedResponse = WithdrawalAddressDto.extend({ message: z.string(), position: z.string().nullable() });
export type WithdrawalAddressSavedResponse = z.infer<typeof WithdrawalAddressSavedResponse>;

import { USERS_COLLECTION, type UserReadModel } from '@concierge/contracts';
import type { ParsedEvent } from '../runtime/handlers.js';
import { defineProjection, type ProjectionContext } from '../runtime/projection.js';

export { USERS_COLLECTION };
export type UserDoc = UserReadModel;

const users = (tx: ProjectionContext) => tx.collection<UserDoc>(USERS_COLLECTION);

/** Changes the user's document, stamped with the time of the event. */
async function change(tx: ProjectionContext, event: ParsedEvent & { data: { userId: string } }, changes: Partial<Omit<UserDoc, 'id' | 'updatedAt'>>) {
  await users(tx).update(event.data.userId, { ...changes, updatedAt: event.metadata.occurredAt });
}

/** One document per account: profile, status, role and the addresses the product's User shows. */
export const usersProjection = defineProjection({
  name: 'users',
  readModels: [USERS_COLLECTION],
  on: {
    async UserRegistered(event, tx) {
      const e = event.data;
      await users(tx).upsert({
        id: e.userId,
        firstName: e.firstName,
        lastName: e.lastName,
        fullName: `${e.firstName} ${e.lastName}`,
        email: e.email,
        role: e.role,
        status: 'pending',
        walletAddress: null,
        subscriptionPlan: null,
        primaryWithdrawalAddress: null,
        rejectionReason: null,
        // Confirmed unless the registration mailed a link (the next event then says so).
        emailVerified: true,
        createdAt: e.registeredAt,
        updatedAt: event.metadata.occurredAt,
      });
    },
    UserEmailVerificationIssued: (event, tx) => change(tx, event, { emailVerified: false }),
    // A link that named its registration makes that registration's name the account's (older events name none).
    UserEmailVerified: (event, tx) => {
      const registration = event.data.registration;
      if (!registration) return change(tx, event, { emailVerified: true });
      const { firstName, lastName } = registration;
      return change(tx, event, { emailVerified: true, firstName, lastName, fullName: `${firstName} ${lastName}` });
    },
    UserApproved: (event, tx) => change(tx, event, { status: 'approved', rejectionReason: null }),
    UserRejected: (event, tx) => change(tx, event, { status: 'rejected', rejectionReason: event.data.reason }),
    UserStatusChanged: (event, tx) => change(tx, event, { status: event.data.to }),
    UserRoleChanged: (event, tx) => change(tx, event, { role: event.data.to }),
    UserSubscriptionPlanChanged: (event, tx) => change(tx, event, { subscriptionPlan: event.data.planId }),
    UserProfileUpdated: (event, tx) => {
      const { firstName, lastName } = event.data;
      return change(tx, event, { firstName, lastName, fullName: `${firstName} ${lastName}` });
    },
    // The deposit address and the primary withdrawal address live in other streams (wallet,
    // address book); the user document carries them because the product's User shows both.
    DepositAddressAssigned: (event, tx) => change(tx, event, { walletAddress: event.data.address }),
    PrimaryWithdrawalAddressSet: (event, tx) => change(tx, event, { primaryWithdrawalAddress: event.data.addressId }),
  },
});

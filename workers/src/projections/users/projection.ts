import {
  DepositAddressAssigned,
  PrimaryWithdrawalAddressSet,
  UserApproved,
  UserEmailVerificationIssued,
  UserEmailVerified,
  UserProfileUpdated,
  UserRegistered,
  UserRejected,
  UserRoleChanged,
  UserStatusChanged,
  UserSubscriptionPlanChanged,
  USERS_COLLECTION,
  type UserReadModel,
} from '@concierge/contracts';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import type { Projection, ProjectionContext } from '../runtime/projection.js';

export { USERS_COLLECTION };
export type UserDoc = UserReadModel;

async function apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const users = ctx.collection<UserDoc>(USERS_COLLECTION);
  const updatedAt = event.metadata.occurredAt;
  switch (event.type) {
    case 'UserRegistered': {
      const e = UserRegistered.parse(event.data);
      await users.upsert({
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
        updatedAt,
      });
      return;
    }
    case 'UserEmailVerificationIssued': {
      const e = UserEmailVerificationIssued.parse(event.data);
      await users.update(e.userId, { emailVerified: false, updatedAt });
      return;
    }
    case 'UserEmailVerified': {
      const e = UserEmailVerified.parse(event.data);
      await users.update(e.userId, { emailVerified: true, updatedAt });
      return;
    }
    case 'UserApproved': {
      const e = UserApproved.parse(event.data);
      await users.update(e.userId, { status: 'approved', rejectionReason: null, updatedAt });
      return;
    }
    case 'UserRejected': {
      const e = UserRejected.parse(event.data);
      await users.update(e.userId, { status: 'rejected', rejectionReason: e.reason, updatedAt });
      return;
    }
    case 'UserStatusChanged': {
      const e = UserStatusChanged.parse(event.data);
      await users.update(e.userId, { status: e.to, updatedAt });
      return;
    }
    case 'UserRoleChanged': {
      const e = UserRoleChanged.parse(event.data);
      await users.update(e.userId, { role: e.to, updatedAt });
      return;
    }
    case 'UserSubscriptionPlanChanged': {
      const e = UserSubscriptionPlanChanged.parse(event.data);
      await users.update(e.userId, { subscriptionPlan: e.planId, updatedAt });
      return;
    }
    case 'UserProfileUpdated': {
      const e = UserProfileUpdated.parse(event.data);
      await users.update(e.userId, { firstName: e.firstName, lastName: e.lastName, fullName: `${e.firstName} ${e.lastName}`, updatedAt });
      return;
    }
    // The deposit address and the primary withdrawal address live in other streams (wallet,
    // address book); the user document carries them because the product's User shows both.
    case 'DepositAddressAssigned': {
      const e = DepositAddressAssigned.parse(event.data);
      await users.update(e.userId, { walletAddress: e.address, updatedAt });
      return;
    }
    case 'PrimaryWithdrawalAddressSet': {
      const e = PrimaryWithdrawalAddressSet.parse(event.data);
      await users.update(e.userId, { primaryWithdrawalAddress: e.addressId, updatedAt });
      return;
    }
    default:
      return;
  }
}

export const usersProjection: Projection = {
  name: 'users',
  collections: [USERS_COLLECTION],
  eventTypes: new Set([
    'UserRegistered',
    'UserEmailVerificationIssued',
    'UserEmailVerified',
    'UserApproved',
    'UserRejected',
    'UserStatusChanged',
    'UserRoleChanged',
    'UserSubscriptionPlanChanged',
    'UserProfileUpdated',
    'DepositAddressAssigned',
    'PrimaryWithdrawalAddressSet',
  ]),
  apply,
};

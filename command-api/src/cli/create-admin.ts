// `npm run create-admin -- --email E --password P [--first-name F] [--last-name L] [--take-over]`
import { hostname, userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { redisStandingChanges } from '@concierge/platform/auth/standing-changes';
import { loadConfig } from '@concierge/platform/config/env';
import { createLogger } from '@concierge/platform/logging/logger';
import { runService } from '@concierge/platform/service/run';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { openCredentialStore } from '@concierge/platform/credential-store/open';
import { CommandApiConfig } from '../config.js';
import { AccountNotOwnedError, EmailUnconfirmedError, ensureAdmin, InvalidAdminInputError } from '@concierge/domain/identity/admin/ensure-admin';
import { withStandingNotices } from '../identity/access/standing-notices.js';
import { argon2idHasher } from '../identity/password-hasher.js';

const USAGE =
  'Usage: npm run create-admin -- --email <email> --password <password> [--first-name <name>] [--last-name <name>] [--take-over]\n' +
  '  --take-over  the email already has an account with another password or never confirmed: set this password, confirm the email\n' +
  '               in your name (use it only for a mailbox you control), sign it out everywhere, make it an admin';

/** Who ran the command, recorded on a take-over. */
function operator(): string {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (some containers): the host still says where it ran.
  }
  return `${user}@${hostname()}`;
}

function argumentsOrExit() {
  try {
    const { values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        'take-over': { type: 'boolean', default: false },
      },
      strict: true,
    });
    if (values.email && values.password) return { ...values, email: values.email, password: values.password };
  } catch (error) {
    console.error(`create-admin: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.error(USAGE);
  return process.exit(2);
}

runService('create-admin', async () => {
  const values = argumentsOrExit();
  const config = loadConfig(CommandApiConfig);
  await prepareStorage(config);
  const stores = await openStores(config, 2);
  const credentials = await openCredentialStore(config);
  const changes = redisStandingChanges(config.REDIS_URL, config.QUEUE_PREFIX, createLogger('create-admin', 'warn'));
  try {
    const hasher = argon2idHasher({ memoryKiB: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST });
    const input = { email: values.email, password: values.password, firstName: values['first-name'], lastName: values['last-name'] };
    const takeOver = values['take-over'] ? { takeOver: { operator: operator() } } : {};
    // Running services hear of the change at once (a taken-over account's sessions end on their next request).
    const eventStore = withStandingNotices(stores.eventStore, changes);
    const result = await ensureAdmin({ eventStore, hasher, credentials }, input, takeOver);
    const what = result.created
      ? 'created as an approved admin'
      : result.takenOver
        ? `taken over by ${operator()}: its password is the one given, every session of it ended, and it is an approved admin`
        : result.changed
          ? 'is now an approved admin (its password is unchanged)'
          : 'is already an approved admin; nothing changed';
    const confirmed = result.confirmedByOperator ? ` Its email had never been confirmed: it is now, recorded as confirmed by ${operator()}.` : '';
    console.log(`${input.email.trim().toLowerCase()} (user ${result.userId}) ${what}.${confirmed}`);
  } catch (error) {
    if (error instanceof AccountNotOwnedError || error instanceof EmailUnconfirmedError) {
      console.error(`create-admin: ${error.message}`);
      process.exitCode = 3;
      return;
    }
    if (!(error instanceof InvalidAdminInputError)) throw error;
    console.error(`create-admin: ${error.message}\n${USAGE}`);
    process.exitCode = 2;
  } finally {
    await changes.close();
    await credentials.close();
    await stores.close();
  }
});

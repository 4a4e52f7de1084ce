// `npm run create-admin -- --email E --password P [--first-name F] [--last-name L]`
import { parseArgs } from 'node:util';
import { loadConfig } from '@concierge/platform/config/env';
import { runService } from '@concierge/platform/service/run';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { CommandApiConfig } from '../config.js';
import { ensureAdmin, InvalidAdminInputError } from '../identity/admin/ensure-admin.js';
import { argon2idHasher } from '../identity/password-hasher.js';

const USAGE = 'Usage: npm run create-admin -- --email <email> --password <password> [--first-name <name>] [--last-name <name>]';

function argumentsOrExit() {
  try {
    const { values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
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
  try {
    const hasher = argon2idHasher({ memoryKiB: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST });
    const input = { email: values.email, password: values.password, firstName: values['first-name'], lastName: values['last-name'] };
    const result = await ensureAdmin({ eventStore: stores.eventStore, hasher }, input);
    const what = result.created
      ? 'created as an approved admin'
      : result.changed
        ? 'is now an approved admin (its password is unchanged)'
        : 'is already an approved admin; nothing changed';
    console.log(`${input.email.trim().toLowerCase()} (user ${result.userId}) ${what}.`);
  } catch (error) {
    if (!(error instanceof InvalidAdminInputError)) throw error;
    console.error(`create-admin: ${error.message}\n${USAGE}`);
    process.exitCode = 2;
  } finally {
    await stores.close();
  }
});

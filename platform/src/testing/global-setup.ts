import { ensureDatabase } from '../postgres/database.js';
import { TEST_DATABASE_URL } from './postgres.js';

/** Vitest global setup: the test database exists before any file runs. */
export default async function setup(): Promise<void> {
  await ensureDatabase(TEST_DATABASE_URL);
}

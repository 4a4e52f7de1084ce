import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../testing/postgres.js';
import { createPool } from './database.js';

describe('a pool that outlives its server', () => {
  const pool = createPool(TEST_DATABASE_URL, 2);
  afterAll(() => pool.end());

  it('hands out clients that hear their own errors, so a server going away between start-up and use never goes unheard', async () => {
    const client = await pool.connect();
    try {
      // pg-pool's idle listener is gone once the client is handed out; ours stays.
      expect(client.listenerCount('error')).toBeGreaterThanOrEqual(1);
      // What pg does when "terminating connection" arrives before the borrower listens: without a listener this throws.
      expect(() => client.emit('error', new Error('terminating connection due to administrator command'))).not.toThrow();
    } finally {
      client.release(true);
    }
    // The pool goes on with a fresh connection.
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
  });
});

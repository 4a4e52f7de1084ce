import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialRewriteError, type CredentialStore } from './port.js';

export interface CredentialStoreUnderTest {
  readonly store: CredentialStore;
  readonly cleanup: () => Promise<void>;
}

/** The behaviour every credential store adapter must show; run against each adapter. */
export function describeCredentialStoreContract(adapterName: string, makeStore: () => Promise<CredentialStoreUnderTest>): void {
  describe(`${adapterName} credential store contract`, () => {
    let subject: CredentialStoreUnderTest;
    let store: CredentialStore;
    const argon = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';

    beforeAll(async () => {
      subject = await makeStore();
      store = subject.store;
    });
    afterAll(async () => subject?.cleanup());

    it('reads nothing for an id it never kept', async () => {
      expect(await store.get(randomUUID())).toBeUndefined();
    });

    it('reads back the material exactly as written', async () => {
      const id = randomUUID();
      await store.put(id, argon);
      expect(await store.get(id)).toBe(argon);
    });

    it('takes the same id and material twice (a retried handler) and keeps it', async () => {
      const id = randomUUID();
      await store.put(id, 'a'.repeat(64));
      await store.put(id, 'a'.repeat(64));
      expect(await store.get(id)).toBe('a'.repeat(64));
    });

    it('refuses other material under a kept id and keeps the first', async () => {
      const id = randomUUID();
      await store.put(id, 'b'.repeat(64));
      await expect(store.put(id, 'c'.repeat(64))).rejects.toBeInstanceOf(CredentialRewriteError);
      expect(await store.get(id)).toBe('b'.repeat(64));
    });

    it('keeps one material per id when writers race with the same id', async () => {
      const id = randomUUID();
      const results = await Promise.allSettled(['d', 'e', 'f', 'g'].map((c) => store.put(id, c.repeat(64))));
      const kept = await store.get(id);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(['d', 'e', 'f', 'g'].map((c) => c.repeat(64))).toContain(kept);
    });
  });
}

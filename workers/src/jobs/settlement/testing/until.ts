/** Polls `probe` until it answers something, or fails the test after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A crash point that throws the first time it is reached, as a worker killed right there would stop. */
export function dieOnce(): { point: () => void; died: () => boolean } {
  let died = false;
  return {
    point: () => {
      if (died) return;
      died = true;
      throw new Error('worker killed (test)');
    },
    died: () => died,
  };
}

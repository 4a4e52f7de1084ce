// What the demo's commands share: a failure said in one line, and waiting for the running product.

export function fail(message: string): never {
  console.error(`npm run demo: ${message}`);
  process.exit(1);
}

/** Probes until it answers something (errors count as not yet); fails the command after `timeoutMs`. */
export async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) fail(`${what} did not happen within ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface Pending<I, R> {
  readonly items: I[];
  readonly settle: { resolve: (result: R) => void; reject: (error: unknown) => void }[];
  readonly startedAt: number;
  timer: NodeJS.Timeout | undefined;
}

export interface KeyedBatcherOptions<I, R> {
  /** Most items one run takes. */
  readonly maxSize: number;
  /** How long a batch waits for one more item before it runs unfilled. */
  readonly lingerMs: number;
  /** The longest a batch waits after its first item, however steadily items trickle in. */
  readonly maxWaitMs: number;
  /** Runs one batch of items that share `key`; answers one result per item, in order. */
  run(key: string, items: readonly I[]): Promise<readonly R[]>;
}

/**
 * Gathers items submitted close together under one key (the member jobs a worker holds at once,
 * pinned to the same block) into batches of up to `maxSize`, so that one run serves them all.
 * A batch runs when it is full, when no item came for `lingerMs`, or `maxWaitMs` after its first
 * item; a failed run fails its items.
 */
export class KeyedBatcher<I, R> {
  private readonly open = new Map<string, Pending<I, R>>();

  constructor(private readonly options: KeyedBatcherOptions<I, R>) {}

  submit(key: string, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let pending = this.open.get(key);
      if (!pending) {
        pending = { items: [], settle: [], startedAt: Date.now(), timer: undefined };
        this.open.set(key, pending);
      }
      pending.items.push(item);
      pending.settle.push({ resolve, reject });
      if (pending.items.length >= this.options.maxSize) return this.flush(key, pending);
      clearTimeout(pending.timer);
      const batch = pending;
      const wait = Math.min(this.options.lingerMs, batch.startedAt + this.options.maxWaitMs - Date.now());
      batch.timer = setTimeout(() => this.flush(key, batch), Math.max(0, wait));
    });
  }

  private flush(key: string, pending: Pending<I, R>): void {
    if (this.open.get(key) !== pending) return;
    this.open.delete(key);
    clearTimeout(pending.timer);
    void this.options.run(key, pending.items).then(
      (results) => {
        pending.settle.forEach((settle, index) => {
          if (index < results.length) settle.resolve(results[index] as R);
          else settle.reject(new Error(`Batch ${key} answered ${results.length} results for ${pending.items.length} items`));
        });
      },
      (error: unknown) => pending.settle.forEach((settle) => settle.reject(error)),
    );
  }
}

interface Pending<I, R> {
  readonly items: I[];
  readonly settle: { resolve: (result: R) => void; reject: (error: unknown) => void }[];
  timer: NodeJS.Timeout | undefined;
}

export interface KeyedBatcherOptions<I, R> {
  /** Most items one run takes. */
  readonly maxSize: number;
  /** How long a batch waits for more items after its first one. */
  readonly lingerMs: number;
  /** Runs one batch of items that share `key`; answers one result per item, in order. */
  run(key: string, items: readonly I[]): Promise<readonly R[]>;
}

/**
 * Gathers items submitted close together under one key (the member jobs a worker holds at once,
 * pinned to the same block) into batches of up to `maxSize`, so that one run serves them all.
 * A batch runs when it is full or `lingerMs` after its first item; a failed run fails its items.
 */
export class KeyedBatcher<I, R> {
  private readonly open = new Map<string, Pending<I, R>>();

  constructor(private readonly options: KeyedBatcherOptions<I, R>) {}

  submit(key: string, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let pending = this.open.get(key);
      if (!pending) {
        pending = { items: [], settle: [], timer: undefined };
        this.open.set(key, pending);
        const started = pending;
        pending.timer = setTimeout(() => this.flush(key, started), this.options.lingerMs);
      }
      pending.items.push(item);
      pending.settle.push({ resolve, reject });
      if (pending.items.length >= this.options.maxSize) this.flush(key, pending);
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

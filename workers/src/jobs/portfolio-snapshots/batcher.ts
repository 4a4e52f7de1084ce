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
 * item; a failed run fails its items. While a run of its key is under way a batch does not linger
 * out: the worker slots that run frees bring the items that fill it (otherwise a job taken into a
 * spare slot would be read alone, and every later batch would be one short).
 */
export class KeyedBatcher<I, R> {
  private readonly open = new Map<string, Pending<I, R>>();
  private readonly running = new Map<string, number>();

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
      this.arm(key, pending);
    });
  }

  /** (Re)sets the batch's timer: its linger, or only its longest wait while a run of its key is under way. */
  private arm(key: string, pending: Pending<I, R>): void {
    clearTimeout(pending.timer);
    const longest = pending.startedAt + this.options.maxWaitMs - Date.now();
    const wait = this.running.has(key) ? longest : Math.min(this.options.lingerMs, longest);
    pending.timer = setTimeout(() => this.flush(key, pending), Math.max(0, wait));
  }

  private flush(key: string, pending: Pending<I, R>): void {
    if (this.open.get(key) !== pending) return;
    this.open.delete(key);
    clearTimeout(pending.timer);
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    const ended = () => {
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
      const next = this.open.get(key);
      if (next) this.arm(key, next);
    };
    void this.options.run(key, pending.items).finally(ended).then(
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

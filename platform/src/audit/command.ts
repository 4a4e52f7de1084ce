/** One subcommand of `npm run audit`: parses its own arguments and answers an exit code. */
export interface AuditCommand {
  /** One line for the usage text: arguments and what it does. */
  readonly usage: string;
  /** Runs with the arguments after the subcommand's name; 0 success, 1 a finding, 2 a usage error. */
  run(args: readonly string[]): Promise<number>;
}

/** A mistake in the arguments: the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

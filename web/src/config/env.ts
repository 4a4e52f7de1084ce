import * as z from 'zod/mini';

/**
 * The SPA's build-time settings (Vite `VITE_*` variables), checked once at start so a bad build
 * fails loudly instead of calling the wrong API. zod/mini keeps the first page light.
 */
const Env = z.object({
  /** Where the API lives; the gateway serves it on the SPA's own origin by default. */
  VITE_API_BASE_URL: z._default(z.string().check(z.regex(/^(\/|https?:\/\/)/)), '/api'),
  /** The address named on the legal pages. */
  VITE_CONTACT_EMAIL: z._default(z.string().check(z.minLength(3)), 'support@crypto-concierge.example'),
  /** The company the legal pages speak for. */
  VITE_LEGAL_ENTITY: z._default(z.string().check(z.minLength(1)), 'Crypto Concierge'),
  /** Block explorer page of a transaction: the hash is appended (`npm start` passes EXPLORER_TX_URL). */
  VITE_EXPLORER_TX_URL: z._default(z.string().check(z.regex(/^https?:\/\//)), 'https://snowtrace.io/tx/'),
});

export interface AppConfig {
  readonly apiBaseUrl: string;
  readonly contactEmail: string;
  readonly legalEntity: string;
  /** Prefix of a transaction's block-explorer page; the hash is appended. */
  readonly explorerTxUrl: string;
  /** The application runs as production. */
  readonly environment: 'production' | 'development';
}

/** Validates `import.meta.env`-like input; throws with every problem listed. */
export function parseConfig(env: Record<string, unknown>, isProduction: boolean): AppConfig {
  const parsed = z.safeParse(Env, env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid web configuration: ${problems.join('; ')}`);
  }
  return {
    apiBaseUrl: parsed.data.VITE_API_BASE_URL.replace(/\/+$/, ''),
    contactEmail: parsed.data.VITE_CONTACT_EMAIL,
    legalEntity: parsed.data.VITE_LEGAL_ENTITY,
    explorerTxUrl: parsed.data.VITE_EXPLORER_TX_URL,
    environment: isProduction ? 'production' : 'development',
  };
}

export const config: AppConfig = parseConfig(import.meta.env, import.meta.env.PROD);

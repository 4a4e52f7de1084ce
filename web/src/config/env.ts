/**
 * The SPA's build-time settings (Vite `VITE_*` variables), checked once at start so a bad build
 * fails loudly instead of calling the wrong API. Plain checks rather than a schema library: this
 * module is on every page's first load, and zod's core alone was 16.6 kB of it gzipped.
 */
const ENV_RULES = {
  /** Where the API lives; the gateway serves it on the SPA's own origin by default. */
  VITE_API_BASE_URL: { fallback: '/api', valid: (v: string) => /^(\/|https?:\/\/)/.test(v), rule: 'must start with / or http(s)://' },
  /** The address named on the legal pages. */
  VITE_CONTACT_EMAIL: { fallback: 'support@crypto-concierge.example', valid: (v: string) => v.length >= 3, rule: 'must be at least 3 characters' },
  /** The company the legal pages speak for. */
  VITE_LEGAL_ENTITY: { fallback: 'Crypto Concierge', valid: (v: string) => v.length >= 1, rule: 'must not be empty' },
  /** Block explorer page of a transaction: the hash is appended (`npm start` passes EXPLORER_TX_URL). */
  VITE_EXPLORER_TX_URL: { fallback: 'https://snowtrace.io/tx/', valid: (v: string) => /^https?:\/\//.test(v), rule: 'must start with http(s)://' },
} as const;

type EnvName = keyof typeof ENV_RULES;

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
  const problems: string[] = [];
  const read = (name: EnvName): string => {
    const { fallback, valid, rule } = ENV_RULES[name];
    const value = env[name] ?? fallback;
    if (typeof value !== 'string') problems.push(`${name}: must be text`);
    else if (!valid(value)) problems.push(`${name}: ${rule}`);
    return typeof value === 'string' ? value : fallback;
  };
  const values = {
    apiBaseUrl: read('VITE_API_BASE_URL').replace(/\/+$/, ''),
    contactEmail: read('VITE_CONTACT_EMAIL'),
    legalEntity: read('VITE_LEGAL_ENTITY'),
    explorerTxUrl: read('VITE_EXPLORER_TX_URL'),
  };
  if (problems.length > 0) throw new Error(`Invalid web configuration: ${problems.join('; ')}`);
  return { ...values, environment: isProduction ? 'production' : 'development' };
}

export const config: AppConfig = parseConfig(import.meta.env, import.meta.env.PROD);

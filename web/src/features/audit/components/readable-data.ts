/** How many micro-units make one USDC (6 decimals), as in contracts' money. */
const MICRO_DIGITS = 6;

/**
 * `"250123456"` -> `"250.123456 USDC"`, exactly (digit strings, never floats); undefined for
 * anything that is not a whole number of micro-units.
 */
export function usdcFromMicro(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^-?\d{1,40}$/.test(value)) return undefined;
  const negative = value.startsWith('-');
  const digits = (negative ? value.slice(1) : value).padStart(MICRO_DIGITS + 1, '0');
  const whole = digits.slice(0, -MICRO_DIGITS).replace(/^0+(?=\d)/, '');
  return `${negative ? '-' : ''}${whole}.${digits.slice(-MICRO_DIGITS)} USDC`;
}

/** Money fields of the product's events end in `Micro` (amountMicro, feeMicro, balanceMicro, ...). */
const isMoneyField = (key: string) => /Micro$/.test(key);

/**
 * An event's data for reading: every money field (`...Micro` holding micro-units) shown as a USDC
 * amount, at any depth; everything else as recorded.
 */
export function readableData(value: unknown, key = ''): unknown {
  if (isMoneyField(key)) {
    const usdc = usdcFromMicro(value);
    if (usdc !== undefined) return usdc;
  }
  if (Array.isArray(value)) return value.map((item) => readableData(item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([field, item]) => [field, readableData(item, field)]));
  }
  return value;
}

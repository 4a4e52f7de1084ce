/** SPEC.md section 9: amounts show up to 8 decimals. */
export function formatAmount(amount: number): string {
  return amount.toLocaleString('en-US', { maximumFractionDigits: 8 });
}

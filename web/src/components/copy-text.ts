/**
 * Puts text on the clipboard; resolves false instead of throwing when the browser refuses
 * (no permission, insecure origin), so callers can show their own failure toast.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || navigator.clipboard === undefined) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

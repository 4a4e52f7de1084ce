/**
 * Saves text made in the browser as a downloaded file, through a temporary object URL and link.
 * The URL is revoked a while after the click: revoking at once can cancel the download in some browsers.
 */
export function saveAsFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

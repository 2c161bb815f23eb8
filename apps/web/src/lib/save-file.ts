// Saves a blob the API sent (an invoice PDF, a CSV export) under a chosen name, as a link with `download` would.

/** Long enough for the browser to start reading the blob before its URL is revoked. */
const REVOKE_AFTER_MS = 10_000;

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * The shop's name, put into index.html by the server from BRAND_NAME; the dev server
 * leaves the placeholder, so fall back to the default there.
 */
import { DEFAULT_BRAND_NAME } from '@tern/contract';

function readBrand(): string {
  const content = document.querySelector('meta[name="application-name"]')?.getAttribute('content');
  return content && !content.includes('%') ? content : DEFAULT_BRAND_NAME;
}

export const brandName = readBrand();

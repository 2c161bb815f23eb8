// Each page names itself in the browser tab and in search results.
import { useEffect } from 'react';
import { brandName } from './shop-settings';

export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title = `${title} | ${brandName}`;
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);
}

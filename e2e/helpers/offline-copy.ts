/**
 * The profile's offline copies (decision 0020) as the browser holds them: IndexedDB's
 * `tern-offline` database, one record per account in `install-cards`.
 */
import type { Page } from '@playwright/test';

/** The accounts the browser holds a copy for, as IndexedDB lists their keys. */
export async function savedAccounts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('tern-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('install-cards')) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction('install-cards').objectStore('install-cards').getAllKeys();
          request.onsuccess = () => {
            db.close();
            resolve(request.result.map(String));
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiBlob, apiRequest } from './api-client';
import { showLanguage } from './i18n/language-store';

let sent: Headers[] = [];
let answer: () => Response;

beforeEach(() => {
  vi.stubGlobal('document', { documentElement: {}, cookie: '' });
  sent = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(new Headers(init.headers));
    return answer();
  });
});
afterEach(() => {
  showLanguage('en');
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('every API call', () => {
  it('names the language on screen in Accept-Language', async () => {
    answer = () => json(200, { ok: true });
    await apiRequest('/api/health', { schema: z.object({ ok: z.boolean() }) });
    expect(sent[0]?.get('accept-language')).toBe('en');

    showLanguage('ar');
    await apiRequest('/api/health', { method: 'POST', body: {}, schema: z.unknown() });
    expect(sent[1]?.get('accept-language')).toBe('ar');

    showLanguage('fr');
    answer = () => new Response(new Blob(['%PDF']), { status: 200 });
    await apiBlob('/api/ledger/1/invoice.pdf');
    expect(sent[2]?.get('accept-language')).toBe('fr');
  });

  it('turns an error answer into an ApiError with the words the server chose', async () => {
    showLanguage('ar');
    answer = () => json(404, { message: 'لم يُعثر على البلد' });
    const refused = apiRequest('/api/plan/country/ZZ', { schema: z.unknown() });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 404, message: 'لم يُعثر على البلد' });
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { challengeScriptSources } from './challenge-page-policy';

const shop = 'http://127.0.0.1:8080';
const form =
  '<form id="threedsChallengeRedirectForm" method="POST" action="https://acs.example/prompt"></form>';
const hashOf = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('the scripts a 3-D Secure redirect page may run', () => {
  it('allows an inline script by its hash, as MPGS sends it', () => {
    const body = 'var e=document.getElementById("threedsChallengeRedirectForm");e.submit();';
    const html = `${form}<script id="authenticate-payer-script">${body}</script>`;
    expect(challengeScriptSources(html, shop)).toEqual([hashOf(body)]);
  });

  it('allows a script loaded by address: that address alone, resolved on the shop', () => {
    const html = `${form}<script src="/_sandbox/gateway/assets/auto-submit.js?v=1&amp;x=2"></script><script src='https://gateway.example/3ds/submit.js'></script>`;
    expect(challengeScriptSources(html, shop)).toEqual([
      `${shop}/_sandbox/gateway/assets/auto-submit.js`,
      'https://gateway.example/3ds/submit.js',
    ]);
  });

  it('allows nothing else: plain http elsewhere, nor an address that would end the directive', () => {
    const html = [
      '<script src="http://elsewhere.example/submit.js"></script>',
      `<script src="https://gateway.example/a.js;script-src 'unsafe-inline'"></script>`,
      '<script src="https://gateway.example/a b.js"></script>',
    ].join('');
    const sources = challengeScriptSources(html, shop);
    // The space is sent percent-encoded, as the browser would: that address is one expression.
    expect(sources).toEqual(['https://gateway.example/a%20b.js']);
  });
});

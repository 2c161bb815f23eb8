import 'fake-indexeddb/auto';
import type { MyEsim } from '@tern/contract/profile';
import { afterEach, describe, expect, it } from 'vitest';
import {
  blobToDataUrl,
  forgetAllAccounts,
  forgetOtherAccounts,
  readSnapshot,
  type SavedEsim,
  saveSnapshot,
} from './snapshot-store';

const esim = (iccid: string): MyEsim => ({
  iccid,
  planName: 'esim_1GB_7D_FR_V2',
  planDescription: '1 GB, 7 days, France',
  bundles: [
    {
      title: '1 GB · 7 days',
      validityDays: 7,
      planName: 'esim_1GB_7D_FR_V2',
      kind: 'purchase',
      purchasedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  destination: { iso: 'FR', name: 'France' },
  purchasedAt: '2026-11-20T10:00:05.000Z',
});

const card = (iccid: string): SavedEsim => ({
  esim: esim(iccid),
  qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
  installed: false,
  install: {
    smdpAddress: 'rsp.example.net',
    matchingId: `MATCH-${iccid}`,
    links: {
      ios: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$rsp.example.net$MATCH-${iccid}`,
      android: `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA:1$rsp.example.net$MATCH-${iccid}`,
    },
  },
  usage: {
    data: {
      bundles: [
        {
          name: 'esim_1GB_7D_FR_V2',
          description: '1 GB, 7 days, France',
          title: '1 GB · 7 days',
          validityDays: 7,
          assignments: [
            {
              id: 'a1',
              assignmentDateTime: '2026-11-20T10:00:05.000Z',
              startTime: '2026-11-21T08:00:00.000Z',
              endTime: '2026-11-28T08:00:00.000Z',
              bundleState: 'active',
              initialQuantity: 1_000_000_000,
              remainingQuantity: 400_000_000,
              unlimited: false,
            },
          ],
        },
      ],
    },
    readAt: '2026-11-22T09:30:00.000Z',
  },
});

describe('the offline copy of the profile', () => {
  afterEach(() => forgetAllAccounts());

  it('keeps each eSIM with its QR code, install values and last usage, for that account', async () => {
    const savedAt = new Date('2026-11-22T09:31:00.000Z');
    await saveSnapshot('maya@example.com', [card('8944000000000000001')], savedAt);

    const copy = await readSnapshot('maya@example.com');
    expect(copy?.savedAt).toBe('2026-11-22T09:31:00.000Z');
    expect(copy?.esims).toEqual([card('8944000000000000001')]);
    expect(copy?.esims[0]?.usage?.readAt).toBe('2026-11-22T09:30:00.000Z');
  });

  it('is keyed by the account, whatever case the e-mail is typed in', async () => {
    await saveSnapshot('Maya@Example.com', [card('8944000000000000001')]);
    await saveSnapshot('omar@example.com', [card('8944000000000000002')]);

    expect((await readSnapshot('maya@example.com'))?.esims[0]?.esim.iccid).toBe(
      '8944000000000000001',
    );
    expect((await readSnapshot('omar@example.com'))?.esims[0]?.esim.iccid).toBe(
      '8944000000000000002',
    );
    expect(await readSnapshot('rana@example.com')).toBeUndefined();
  });

  it('replaces the account copy when saved again', async () => {
    await saveSnapshot('maya@example.com', [card('8944000000000000001')]);
    await saveSnapshot('maya@example.com', [card('8944000000000000003')]);
    const copy = await readSnapshot('maya@example.com');
    expect(copy?.esims.map((saved) => saved.esim.iccid)).toEqual(['8944000000000000003']);
  });

  it('keeps only the account signing in, and nobody once signed out', async () => {
    await saveSnapshot('maya@example.com', [card('8944000000000000001')]);
    await saveSnapshot('omar@example.com', [card('8944000000000000002')]);

    await forgetOtherAccounts('OMAR@example.com');
    expect(await readSnapshot('maya@example.com')).toBeUndefined();
    expect(await readSnapshot('omar@example.com')).toBeDefined();

    await forgetAllAccounts();
    expect(await readSnapshot('omar@example.com')).toBeUndefined();
  });

  it('does not show a record that no longer reads as a copy of this version', async () => {
    const { createStore, set } = await import('idb-keyval');
    const store = createStore('tern-offline', 'install-cards');
    await set('maya@example.com', { version: 0, account: 'maya@example.com', esims: [] }, store);
    expect(await readSnapshot('maya@example.com')).toBeUndefined();
    // Filed under one account but naming another: never shown to the first.
    await set(
      'maya@example.com',
      { version: 1, account: 'omar@example.com', savedAt: new Date().toISOString(), esims: [] },
      store,
    );
    expect(await readSnapshot('maya@example.com')).toBeUndefined();
  });

  it('holds the QR image itself as a data URL', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const url = await blobToDataUrl(new Blob([png], { type: 'image/png' }));
    expect(url).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('turns a large image into one data URL, byte for byte', async () => {
    const bytes = new Uint8Array(70_000).map((_, index) => index % 251);
    const url = await blobToDataUrl(new Blob([bytes], { type: 'image/png' }));
    const decoded = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect(decoded.equals(Buffer.from(bytes))).toBe(true);
  });
});

import { profileTexts } from '@tern/contract/profile-texts';
import { describe, expect, it } from 'vitest';
import { installStateMessage, wasInstalled } from './install-state';

describe('wasInstalled', () => {
  it('is true once the profile reached a phone', () => {
    expect(wasInstalled({ profileStatus: 'Installed' })).toBe(true);
    expect(wasInstalled({ profileStatus: 'Downloaded' })).toBe(true);
    expect(wasInstalled({ profileStatus: 'ENABLED' })).toBe(true);
  });

  it('is true when a first installation is recorded, whatever the status', () => {
    expect(
      wasInstalled({ profileStatus: 'Released', firstInstalledDateTime: '2026-01-01T10:00:00Z' }),
    ).toBe(true);
  });

  it('is false for a profile still waiting to be installed', () => {
    expect(wasInstalled({ profileStatus: 'Released' })).toBe(false);
    expect(wasInstalled({ profileStatus: 'Unavailable', firstInstalledDateTime: null })).toBe(
      false,
    );
    expect(wasInstalled({})).toBe(false);
  });
});

describe('installStateMessage', () => {
  it('warns plainly that a used code cannot install the eSIM again', () => {
    expect(installStateMessage(true)).toBe(
      'This QR code is single-use and has already been used. Do not delete the eSIM from your phone: it cannot be installed again.',
    );
    expect(installStateMessage(true)).toBe(profileTexts.qrAlreadyUsed);
  });

  it('tells a buyer with a fresh code to scan it on their travel phone', () => {
    expect(installStateMessage(false)).toMatch(/^Scan this QR code/);
  });
});

import { describe, expect, it } from 'vitest';
import { bundleStateWords, profileStatusWords } from './state-words';

describe('bundleStateWords', () => {
  it('says what each of the provider’s bundle states means for the traveller (issue 26)', () => {
    expect(bundleStateWords('processing')).toBe('Getting ready');
    expect(bundleStateWords('queued')).toBe('Waiting to start');
    expect(bundleStateWords('active')).toBe('In use');
    expect(bundleStateWords('depleted')).toBe('Data used up');
    expect(bundleStateWords('expired')).toBe('Expired');
    expect(bundleStateWords('revoked')).toBe('Cancelled');
    expect(bundleStateWords('lapsed')).toBe('Expired unused');
  });

  it('reads the state whatever its case, and shows one it does not know as it comes', () => {
    expect(bundleStateWords(' Active ')).toBe('In use');
    expect(bundleStateWords('DEPLETED')).toBe('Data used up');
    expect(bundleStateWords('paused')).toBe('paused');
  });
});

describe('profileStatusWords', () => {
  it('says whether the eSIM is on a phone, in words (issue 26)', () => {
    expect(profileStatusWords({ profileStatus: 'Released' })).toBe('Not installed yet');
    expect(profileStatusWords({ profileStatus: 'RELEASED', firstInstalledDateTime: null })).toBe(
      'Not installed yet',
    );
    expect(profileStatusWords({ profileStatus: 'Downloaded' })).toBe('Downloaded to a phone');
    expect(profileStatusWords({ profileStatus: 'Installed' })).toBe('Installed');
    expect(profileStatusWords({ profileStatus: 'enabled' })).toBe('Installed and switched on');
    expect(profileStatusWords({ profileStatus: 'Disabled' })).toBe('Installed, switched off');
    expect(profileStatusWords({ profileStatus: 'Unavailable' })).toBe('Unavailable');
  });

  it('tells a profile removed from the phone from one never installed', () => {
    expect(
      profileStatusWords({
        profileStatus: 'Released',
        firstInstalledDateTime: '2026-11-20T10:00:00Z',
      }),
    ).toBe('Removed from the phone');
  });

  it('shows a status it does not know as the provider gives it', () => {
    expect(profileStatusWords({ profileStatus: 'Suspended' })).toBe('Suspended');
  });
});

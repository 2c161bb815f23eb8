import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { type ListQueryState, offlineCopyView } from './offline-copy-view';

const answered: ListQueryState = {
  listLoaded: true,
  isPaused: false,
  error: null,
  failureReason: null,
  browserOffline: false,
};
const saved = { read: true, present: true };
const nothing = { read: true, present: false };

describe('the profile offline', () => {
  it('shows the list, and that it is kept, whenever the API gives it', () => {
    expect(offlineCopyView(answered, saved)).toEqual({
      showSaved: false,
      nothingSaved: false,
      listShown: true,
    });
  });

  it('shows the copy when opened again offline inside the app, a list kept from before', () => {
    const heldOffline = { ...answered, isPaused: true };
    expect(offlineCopyView(heldOffline, saved)).toEqual({
      showSaved: true,
      nothingSaved: false,
      listShown: false,
    });
  });

  it('shows the copy when the browser is offline, a list still fresh in memory and not asked again', () => {
    expect(offlineCopyView({ ...answered, browserOffline: true }, saved)).toEqual({
      showSaved: true,
      nothingSaved: false,
      listShown: false,
    });
  });

  it('shows the copy when the list got no answer, or none yet while a retry waits', () => {
    const noAnswer = new TypeError('Failed to fetch');
    for (const list of [
      { ...answered, listLoaded: false, error: noAnswer },
      { ...answered, listLoaded: false, failureReason: noAnswer },
      { ...answered, error: new ApiError(503, 'Unavailable') },
    ]) {
      expect(offlineCopyView(list, saved).showSaved).toBe(true);
    }
  });

  it('says nothing is saved only when there is neither a list nor a copy', () => {
    const offline = { ...answered, listLoaded: false, isPaused: true };
    expect(offlineCopyView(offline, nothing).nothingSaved).toBe(true);
    expect(offlineCopyView(offline, { read: false, present: false }).nothingSaved).toBe(false);
    expect(offlineCopyView({ ...answered, isPaused: true }, nothing)).toEqual({
      showSaved: false,
      nothingSaved: false,
      listShown: true,
    });
  });

  it('does not take a refusal for being offline', () => {
    const refused = { ...answered, listLoaded: false, error: new ApiError(500, 'Oops') };
    expect(offlineCopyView(refused, saved)).toEqual({
      showSaved: false,
      nothingSaved: false,
      listShown: false,
    });
  });
});

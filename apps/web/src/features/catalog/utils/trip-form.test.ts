import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  searchOfTrip,
  startsAtStopover,
  stopoverFromSearch,
  tripFromSearch,
  validDays,
  withCountry,
  withStopover,
} from './trip-form';

describe('the trip in the page address', () => {
  it('reads the trip the API would plan, forgiving case and spaces', () => {
    expect(tripFromSearch(new URLSearchParams('countries=fr, it,TR&days=10'))).toEqual({
      countries: ['FR', 'IT', 'TR'],
      days: 10,
    });
    expect(tripFromSearch(new URLSearchParams('countries=FR&days=7&dataGb=5'))).toEqual({
      countries: ['FR'],
      days: 7,
      dataGb: 5,
    });
  });

  it('names no trip when the address names a bad one', () => {
    expect(tripFromSearch(new URLSearchParams(''))).toBeUndefined();
    expect(tripFromSearch(new URLSearchParams('countries=&days=7'))).toBeUndefined();
    expect(tripFromSearch(new URLSearchParams('countries=FR&days=0'))).toBeUndefined();
    expect(tripFromSearch(new URLSearchParams('countries=FRA&days=7'))).toBeUndefined();
  });

  it('writes a trip back the way it reads it', () => {
    const trip = { countries: ['FR', 'IT'], days: 12, dataGb: 3 };
    expect(searchOfTrip(trip).toString()).toBe('countries=FR%2CIT&days=12&dataGb=3');
    expect(tripFromSearch(searchOfTrip(trip))).toEqual(trip);
  });
});

describe('a trip length from two dates', () => {
  it('counts the first and the last day', () => {
    expect(daysBetween('2025-06-01', '2025-06-10')).toBe(10);
    expect(daysBetween('2025-06-01', '2025-06-01')).toBe(1);
    // Across a change of clocks and a month end.
    expect(daysBetween('2025-03-28', '2025-04-02')).toBe(6);
  });

  it('has no length when a date is missing or the last comes first', () => {
    expect(daysBetween('', '2025-06-10')).toBeUndefined();
    expect(daysBetween('2025-06-10', '2025-06-01')).toBeUndefined();
  });

  it('takes 1 to 365 whole days', () => {
    expect(validDays(1)).toBe(true);
    expect(validDays(365)).toBe(true);
    expect(validDays(366)).toBe(false);
    expect(validDays(0)).toBe(false);
    expect(validDays(2.5)).toBe(false);
    expect(validDays(undefined)).toBe(false);
  });
});

describe('the chosen countries', () => {
  it('adds a country once, up to 15', () => {
    expect(withCountry(['FR'], 'IT')).toEqual(['FR', 'IT']);
    expect(withCountry(['FR', 'IT'], 'FR')).toEqual(['FR', 'IT']);
    const fifteen = 'AA AB AC AD AE AF AG AH AI AJ AK AL AM AN AO'.split(' ');
    expect(withCountry(fifteen, 'FR')).toEqual(fifteen);
  });
});

describe('a stop-over on the way (issue 31)', () => {
  const coverage = [{ region: 'Middle East', countries: ['AE', 'QA', 'TR'] }];

  it('is read from the address, one valid code, and kept beside the trip', () => {
    expect(stopoverFromSearch(new URLSearchParams('countries=FR&days=7&stopover=qa'))).toBe('QA');
    expect(stopoverFromSearch(new URLSearchParams('stopover=Qatar'))).toBeUndefined();
    const search = withStopover(new URLSearchParams('countries=FR&days=7'), 'QA');
    expect(search.toString()).toBe('countries=FR&days=7&stopover=QA');
    expect(withStopover(search, undefined).toString()).toBe('countries=FR&days=7');
  });

  it('starts a regional plan that covers it, not a country plan nor a trip country', () => {
    expect(startsAtStopover({ plc_name: 'Middle East' }, 'QA', ['TR', 'AE'], coverage)).toBe(true);
    expect(startsAtStopover({ plc_name: 'Middle East' }, 'TR', ['TR', 'AE'], coverage)).toBe(false);
    expect(startsAtStopover({ plc_name: 'Middle East' }, 'DE', ['TR'], coverage)).toBe(false);
    expect(startsAtStopover({ plc_name: 'Turkey' }, 'QA', ['TR'], coverage)).toBe(false);
    expect(startsAtStopover({ plc_name: 'Middle East' }, undefined, ['TR'], coverage)).toBe(false);
  });
});

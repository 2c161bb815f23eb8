import { validateTokenResponseSchema } from '@tern/contract/accounts';
import { countryListSchema, regionListSchema } from '@tern/contract/catalog';
import { errorResponseSchema } from '@tern/contract/error-response';
import { regionCoverageListSchema } from '@tern/contract/region-coverage';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  type AnswerCheck,
  countryListCheck,
  readErrorAnswer,
  regionCoverageListCheck,
  regionListCheck,
  validateTokenCheck,
} from './answer-checks';

const outcome = <T>(check: { parse(data: unknown): T }, data: unknown) => {
  try {
    return { ok: true, value: check.parse(data) };
  } catch {
    return { ok: false };
  }
};

/** The light check answers as the schema does: the same value, or a refusal for both. */
function agrees<T>(check: AnswerCheck<T>, schema: z.ZodType<T>, samples: unknown[]) {
  for (const sample of samples) {
    expect(outcome(check, sample), JSON.stringify(sample)).toEqual(outcome(schema, sample));
  }
}

const france = {
  cou_id: 1,
  cou_name: 'France',
  cou_region: 'Europe',
  cou_iso: 'FR',
  cou_favorit: true,
};

describe('the light answer checks', () => {
  it('read the countries list as its schema does', () => {
    agrees(countryListCheck, countryListSchema, [
      [],
      [france],
      [{ ...france, extra: 'dropped' }],
      [{ ...france, cou_id: 1.5 }],
      [{ ...france, cou_id: Number.MAX_SAFE_INTEGER + 2 }],
      [{ ...france, cou_id: Number.NaN }],
      [{ ...france, cou_id: Number.POSITIVE_INFINITY }],
      [{ ...france, cou_id: '1' }],
      [{ ...france, cou_iso: 'FRA' }],
      [{ ...france, cou_iso: '' }],
      [{ ...france, cou_favorit: 'yes' }],
      [{ ...france, cou_name: undefined }],
      [null],
      { data: [france] },
      null,
      'France',
    ]);
  });

  it('read the regions and region coverage as their schemas do', () => {
    const region = { reg_id: 3, reg_name: 'Europe+', coverage: 38 };
    agrees(regionListCheck, regionListSchema, [
      [region],
      [{ ...region, more: 1 }],
      [{ ...region, coverage: '38' }],
      [{ reg_id: 3, reg_name: 'Europe+' }],
      {},
    ]);
    agrees(regionCoverageListCheck, regionCoverageListSchema, [
      [{ region: 'Europe+', countries: ['FR', 'DE'] }],
      [{ region: 'Europe+', countries: [] }],
      [{ region: 'Europe+', countries: ['FRA'] }],
      [{ region: 'Europe+', countries: 'FR' }],
      [{ region: 'Europe+', countries: ['FR', 7] }],
      [{ countries: ['FR'] }],
    ]);
  });

  it('read the token check as its schema does', () => {
    agrees(validateTokenCheck, validateTokenResponseSchema, [
      { cli_email: 'ana@example.com', cli_name: 'Ana' },
      { cli_email: '', cli_name: '' },
      { cli_email: 'ana@example.com', cli_name: 'Ana', cli_token: 'dropped' },
      { cli_email: 'ana@example.com' },
      { cli_email: 1, cli_name: 'Ana' },
      [],
    ]);
  });

  it('read an error answer as its schema does, undefined where it refuses', () => {
    for (const sample of [
      { message: 'Not found' },
      { message: 'Bad', errors: [{ path: 'email', message: 'Please enter a valid email' }] },
      {
        message: 'Bad',
        errors: [{ path: 'email', message: 'x', code: 'dropped' }],
        requestId: 'r1',
      },
      { message: 'Bad', errors: [{ path: 'email' }] },
      { message: 'Bad', requestId: 7 },
      { message: 'Bad', errors: 'email' },
      { message: 'Bad', errors: undefined, requestId: undefined },
      { message: 'Not found', status: 404 },
      { error: 'Not found' },
      'Not found',
      undefined,
      null,
    ]) {
      const parsed = errorResponseSchema.safeParse(sample);
      expect(readErrorAnswer(sample), JSON.stringify(sample)).toEqual(
        parsed.success ? parsed.data : undefined,
      );
    }
  });
});

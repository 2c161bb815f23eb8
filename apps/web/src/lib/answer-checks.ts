/**
 * Light checks of the answers the landing and the shell read at start, in place of the
 * contract's zod schemas: zod is about 25 kB gzipped, more than a quarter of the landing's
 * budget (issue 18). Each check accepts and returns what its schema does (the same fields,
 * unknown ones left out) and throws on anything else; answer-checks.test.ts holds them to
 * the schemas. Pages loaded later keep the schemas themselves.
 */

import type { ValidateTokenResponse } from '@tern/contract/accounts';
import type { Country, Region } from '@tern/contract/catalog';
import type { ErrorResponse } from '@tern/contract/error-response';
import type { RegionCoverage } from '@tern/contract/region-coverage';

/** What apiRequest needs of a schema: zod schemas and these checks both have it. */
export interface AnswerCheck<T> {
  parse(data: unknown): T;
}

export class AnswerShapeError extends Error {
  override name = 'AnswerShapeError';
}

type Field<T> = (value: unknown) => value is T;
type Shape = Record<string, Field<unknown>>;
type Checked<S extends Shape> = { [K in keyof S]: S[K] extends Field<infer T> ? T : never };

const text: Field<string> = (value) => typeof value === 'string';
const isoCode: Field<string> = (value): value is string =>
  typeof value === 'string' && value.length === 2;
const wholeNumber: Field<number> = (value): value is number => Number.isSafeInteger(value);
const yesNo: Field<boolean> = (value) => typeof value === 'boolean';
const optional =
  <T>(field: Field<T>): Field<T | undefined> =>
  (value): value is T | undefined =>
    value === undefined || field(value);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object with these fields, copied field by field (zod's objects drop unknown keys too). */
function objectOf<S extends Shape>(shape: S): Field<Checked<S>> & AnswerCheck<Checked<S>> {
  const keys = Object.keys(shape);
  const copy = (value: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
    return out as Checked<S>;
  };
  const is = (value: unknown): value is Checked<S> =>
    isRecord(value) && keys.every((key) => shape[key]?.(value[key]));
  return Object.assign(is, {
    parse(data: unknown): Checked<S> {
      if (!is(data)) throw new AnswerShapeError('The answer does not have the expected shape');
      return copy(data);
    },
  });
}

function listOf<T>(item: Field<T> & AnswerCheck<T>): Field<T[]> & AnswerCheck<T[]> {
  const is = (value: unknown): value is T[] => Array.isArray(value) && value.every(item);
  return Object.assign(is, {
    parse(data: unknown): T[] {
      if (!is(data)) throw new AnswerShapeError('The answer does not have the expected shape');
      return data.map((entry) => item.parse(entry));
    },
  });
}

const country = objectOf({
  cou_id: wholeNumber,
  cou_name: text,
  cou_region: text,
  cou_iso: isoCode,
  cou_favorit: yesNo,
});
export const countryListCheck: AnswerCheck<Country[]> = listOf(country);

const region = objectOf({ reg_id: wholeNumber, reg_name: text, coverage: wholeNumber });
export const regionListCheck: AnswerCheck<Region[]> = listOf(region);

const isoCodes: Field<string[]> = (value) => Array.isArray(value) && value.every(isoCode);
const regionCoverage = objectOf({ region: text, countries: isoCodes });
export const regionCoverageListCheck: AnswerCheck<RegionCoverage[]> = listOf(regionCoverage);

export const validateTokenCheck: AnswerCheck<ValidateTokenResponse> = objectOf({
  cli_email: text,
  cli_name: text,
});

const fieldError = objectOf({ path: text, message: text });
const fieldErrors = listOf(fieldError);
const errorAnswer = objectOf({
  message: text,
  errors: optional(fieldErrors),
  requestId: optional(text),
});

/** An error answer (contract errors.ts), its field errors copied as zod would; else undefined. */
export function readErrorAnswer(data: unknown): ErrorResponse | undefined {
  if (!errorAnswer(data)) return undefined;
  const answer = errorAnswer.parse(data);
  return answer.errors ? { ...answer, errors: fieldErrors.parse(answer.errors) } : answer;
}

/** For answers nobody reads (logout): anything goes, as z.unknown(). */
export const anyAnswer: AnswerCheck<unknown> = { parse: (data) => data };

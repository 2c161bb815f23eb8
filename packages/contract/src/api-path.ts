/**
 * One API path, written once for both sides: the pattern the server registers (Fastify's
 * `:param` form) and the href the browser calls, each parameter encoded in its place.
 */

/** One value per `:param` of the pattern, in order. */
export type PathValues<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string | number, ...PathValues<Rest>]
  : P extends `${string}:${string}`
    ? [string | number]
    : [];

export interface ApiPath<Args extends unknown[]> {
  /** What the server registers, e.g. `/api/esim/details/:iccid`. */
  readonly pattern: string;
  /** What the browser calls, e.g. `/api/esim/details/8944%2F1`. */
  href(...args: Args): string;
}

/** A path whose href takes the pattern's parameters, in order. */
export function apiPath<P extends string>(pattern: P): ApiPath<PathValues<P>>;
/** A path whose href adds more (a query, a default): `build` gets the pattern filled in. */
export function apiPath<P extends string, Args extends unknown[]>(
  pattern: P,
  build: (fill: (...values: PathValues<P>) => string) => (...args: Args) => string,
): ApiPath<Args>;
export function apiPath(
  pattern: string,
  build?: (fill: (...values: (string | number)[]) => string) => (...args: unknown[]) => string,
): ApiPath<unknown[]> {
  const fill = (...values: (string | number)[]) => fillPattern(pattern, values);
  return { pattern, href: build ? build(fill) : fill };
}

function fillPattern(pattern: string, values: readonly (string | number)[]): string {
  let index = 0;
  return pattern.replace(/:[A-Za-z_]+/g, (name) => {
    const value = values[index];
    index += 1;
    if (value === undefined) throw new Error(`No value for ${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

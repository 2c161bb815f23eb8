/**
 * Links in the spec's matrix form (`/plan-details;purchase_type=Regular;planType=Countries;data=…`,
 * as the shop's earlier Angular app wrote them) open the same page as the query form the shop
 * gives out today (`/plan-details?purchase_type=…`, decision 0002). The router turns one into
 * the other and replaces the history entry, so every page reads only the query form.
 */

/**
 * The query-form path for a path with matrix parameters, or undefined when it has none.
 * Values may be percent-encoded (as Angular wrote them) or not (as people paste them);
 * a `+` stays a `+`, since matrix parameters are not form-encoded. Parameters already in
 * the query string are kept; a matrix parameter of the same name replaces one.
 */
export function queryFormOfMatrixPath(pathname: string, search = ''): string | undefined {
  const start = pathname.indexOf(';');
  if (start === -1) return undefined;
  const route = pathname.slice(0, start) || '/';
  const query = new URLSearchParams(search);
  for (const parameter of pathname.slice(start + 1).split(';')) {
    if (parameter === '') continue;
    const equals = parameter.indexOf('=');
    const key = decodeOnce(equals === -1 ? parameter : parameter.slice(0, equals));
    const value = equals === -1 ? '' : decodeOnce(parameter.slice(equals + 1));
    if (key !== '') query.set(key, value);
  }
  const queryString = query.toString();
  return queryString === '' ? route : `${route}?${queryString}`;
}

/** A value that is not valid percent-encoding ("100%") was typed as it is meant. */
function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

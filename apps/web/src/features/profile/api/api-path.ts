// The contract writes API paths in full; the API client adds the /api prefix itself.

export function apiPath(contractPath: string): string {
  return contractPath.replace(/^\/api(?=\/)/, '');
}

/**
 * Where the eSIM Go simulator is mounted in the shop, for the eSIM Go client (which needs a base
 * URL) and for tests that drive the simulator's control endpoints.
 */

/** The simulator's stand-in for https://api.esim-go.com/v2.4. */
export const ESIMGO_SANDBOX_API_PATH = '/_sandbox/esimgo/v2.4';
export const ESIMGO_SANDBOX_CONTROL_PATH = '/_sandbox/esimgo/control';

/** The base URL of the simulated eSIM Go API on a shop listening at `shopUrl`. */
export function esimGoSandboxApiUrl(shopUrl: string): string {
  return `${shopUrl.replace(/\/$/, '')}${ESIMGO_SANDBOX_API_PATH}`;
}

/**
 * The shop's content security policy allows no eval (apps/server/src/plugins/security-headers.ts),
 * so zod's compiled parsers can never run in its pages. Told so before any schema is used, zod
 * no longer probes for them with a `Function('')` call, which the browser refused and reported
 * as a policy violation on every page (the production rehearsal's CSP test listens for them).
 * Imported first by main.tsx.
 *
 * Written to the global object `z.config()` itself writes to (zod 4's core.js keeps its config in
 * `globalThis.__zod_globalConfig`, shared by every copy of zod): importing `z.config` would put
 * 3.8 kB of zod's core into the landing's first script, which holds no schema at all.
 * zod-jitless.test.ts fails if zod stops reading it.
 */
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// The same object, not a new one: a zod already loaded holds on to the one it found.
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;

export {};

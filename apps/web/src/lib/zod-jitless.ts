/**
 * The shop's content security policy allows no eval (apps/server/src/plugins/security-headers.ts),
 * so zod's compiled parsers can never run in its pages. Told so before any schema is used, zod
 * no longer probes for them with a `Function('')` call, which the browser refused and reported
 * as a policy violation on every page (the production rehearsal's CSP test listens for them).
 * Imported first by main.tsx.
 */
import { z } from 'zod';

z.config({ jitless: true });

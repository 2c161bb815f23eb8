/**
 * The one rule for text a person or program sends us: no control characters (C0, DEL, C1).
 * PostgreSQL refuses U+0000 and the others only make trouble in logs, mails and PDFs, so
 * every string field of a request schema is built from `textField` or passes `plainText`.
 */
import { z } from 'zod';

/** Tab, line feed and carriage return: the controls a multi-line text may keep. */
const LINE_BREAKS = new Set([0x09, 0x0a, 0x0d]);

export const controlCharacterMessage = 'Control characters are not allowed';

/** True when the text holds a character our text fields refuse. */
export function hasControlCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isControl(code) && !(options.multiline && LINE_BREAKS.has(code))) return true;
  }
  return false;
}

/** C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F). */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/**
 * The refusal as a check, for string schemas built another way (z.email(), a regex): it runs
 * before their own checks, so the 400 names the real fault.
 */
export function plainText<Schema extends z.ZodType<string, string>>(
  schema: Schema,
  options: { multiline?: boolean } = {},
): Schema {
  return schema.refine((text) => !hasControlCharacters(text, options), {
    error: controlCharacterMessage,
    abort: true,
  });
}

/** A string field of a request: `z.string(params)` that refuses control characters. */
export function textField(
  params?: Parameters<typeof z.string>[0],
  options: { multiline?: boolean } = {},
): z.ZodString {
  return plainText(z.string(params), options);
}

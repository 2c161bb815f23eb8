// Types of prerender.mjs (plain JavaScript, run by `npm run build` on bare Node).
export function keepOrClearScript(
  arabicFonts: string[],
  pages: Record<string, readonly string[]>,
): string;
export function scriptHash(script: string): string;
export function checkPaintsWithoutScripts(markup: string, name?: string): void;
export function prerenderedIndex(
  html: string,
  language: string,
  markups: Record<string, string>,
  script: string,
): string;

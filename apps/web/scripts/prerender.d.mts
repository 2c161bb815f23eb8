// Types of prerender.mjs (plain JavaScript, run by `npm run build` on bare Node).
export function keepOrClearScript(arabicFonts: string[]): string;
export function scriptHash(script: string): string;
export function checkPaintsWithoutScripts(markup: string): void;

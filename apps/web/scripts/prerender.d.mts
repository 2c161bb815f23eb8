// Types of prerender.mjs (plain JavaScript, run by `npm run build` on bare Node).
export function keepOrClearScript(options: {
  pages: Record<string, readonly string[]>;
  modules: Record<string, string[]>;
  words: Record<string, string[]>;
  fonts: string[];
}): string;
export function earlyModules(manifest: Record<string, { file: string; imports?: string[] }>): {
  modules: Record<string, string[]>;
  words: Record<string, string[]>;
};
export function scriptHash(script: string): string;
export function checkPaintsWithoutScripts(markup: string, name?: string): void;
export function prerenderedIndex(
  html: string,
  language: string,
  markups: Record<string, string>,
  script: string,
): string;

// Types of bundle-budget.mjs (plain JavaScript so `npm run bench:bundle` runs on bare Node).
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export interface RouteCost {
  name: string;
  file: string;
  chunkGzip: number;
  added: string[];
  addedGzip: number;
  firstLoadGzip: number;
}
export interface BundleReport {
  landing: { name: string; files: { file: string; gzip: number }[]; gzip: number };
  routes: RouteCost[];
  lazyChunks: { file: string; source: string; gzip: number }[];
  failures: string[];
  notes: string[];
}
export const budgets: { landing: number; routeChunk: number };
export function staticClosure(manifest: Manifest, key: string): string[];
export function measureBundle(
  manifest: Manifest,
  gzipSize: (file: string) => number,
  htmlScripts?: string[],
  pages?: { withEveryPage?: string[]; without?: string[] },
): BundleReport;
export function kB(bytes: number): string;
export function scriptsOfHtml(html: string): string[];

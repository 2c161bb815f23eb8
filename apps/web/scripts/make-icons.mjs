#!/usr/bin/env node
/**
 * Draws the installable app's icons (public/icons/*.png) from the favicon's design, so the
 * manifest's icons are made here and shipped with the repo, never fetched. Run it by hand
 * after changing the design: `node apps/web/scripts/make-icons.mjs`. It renders with the
 * browser tests' Playwright and Debian's Chromium (CHROME_PATH, else /usr/bin/chromium).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const brand = '#0f766e';
// The favicon's mark: a signal arc over a dot, on a 32-unit grid.
const mark =
  '<path d="M6 20c5-9 15-9 20 0" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>' +
  '<circle cx="16" cy="22" r="2.5" fill="#fff"/>';

/** The favicon as it is: a rounded tile, transparent corners ("any" purpose). */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${brand}"/>${mark}</svg>`;
/**
 * Maskable: the colour runs to every edge and the mark keeps inside the middle 80% circle
 * that any launcher mask leaves visible (https://w3c.github.io/manifest/#icon-masks).
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-8 -6 48 48"><rect x="-8" y="-6" width="48" height="48" fill="${brand}"/>${mark}</svg>`;
/** iOS rounds the corners itself and shows transparency as black: a full square. */
const appleTouch = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-3 -2 38 38"><rect x="-3" y="-2" width="38" height="38" fill="${brand}"/>${mark}</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: tile },
  { file: 'icon-512.png', size: 512, svg: tile },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: appleTouch },
];

mkdirSync(target, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    await page.locator('svg').screenshot({ path: path.join(target, file), omitBackground: true });
    console.log(`wrote public/icons/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}

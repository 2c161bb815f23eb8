/**
 * Reading the whole catalogue without holding the event loop. On PGlite a query ran in this
 * very thread (it has one of its own since decision 0028): reading the 4,000 plans took
 * 200–300 ms and their 9,000 coverage rows 350–500 ms in one go, and a sync (or the reload
 * after it) read both, so every catalogue answer waited that long. Read in pages in key order,
 * with a turn for the event loop between pages, the longest wait is one page.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { yieldToLoop } from '../../lib/event-loop-turns';

export const PAGE_ROWS = 500;

/**
 * Every row, read `PAGE_ROWS` at a time: `readPage` gets the key of the last row read
 * (undefined at first) and returns the next page, ordered by that key.
 */
export async function readInPages<Row, Key>(
  readPage: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): Promise<Row[]> {
  const rows: Row[] = [];
  let after: Key | undefined;
  for (;;) {
    const page = await readPage(after, PAGE_ROWS);
    for (const row of page) rows.push(row);
    const last = page.at(-1);
    if (page.length < PAGE_ROWS || last === undefined) return rows;
    after = keyOf(last);
    await yieldToLoop();
  }
}

/** `(a, b) > (x, y)`: after a composite key, in its order. */
export function afterPair(
  columns: [PgColumn, PgColumn],
  after: readonly [number, number] | undefined,
): SQL | undefined {
  if (!after) return undefined;
  return sql`(${columns[0]}, ${columns[1]}) > (${after[0]}, ${after[1]})`;
}

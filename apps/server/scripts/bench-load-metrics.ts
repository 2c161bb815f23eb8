/**
 * The bench's own counts set against the shops' Prometheus figures (issue 30: "/metrics scraped
 * during bench:load shows the orders and latencies that the bench itself counted"). Each shop
 * is scraped before the load and after the workers settled; what the shops answered in between,
 * summed over the instances, must equal what the bench received, route by route and status by
 * status, and the shop-wide order count must have grown by the orders the bench created.
 */

/** One series' value per label set, e.g. `GET /api/country/ 200`. */
export type Counts = Map<string, number>;

const ANSWERS = 'tern_http_request_duration_seconds_count';
const ORDERS = 'tern_orders';

export const answerKey = (method: string, route: string, status: number | string) =>
  `${method} ${route} ${status}`;

/** Reads Prometheus' text format: the answers by method, route and status, and orders in all. */
export function readScrape(text: string): { answers: Counts; orders: number } {
  const answers: Counts = new Map();
  let orders = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match) continue;
    const [, name, labelText = '', value] = match;
    const labels = Object.fromEntries(
      [...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, text]) => [key, text]),
    );
    if (name === ANSWERS) {
      const key = answerKey(labels.method ?? '', labels.route ?? '', labels.status_code ?? '');
      answers.set(key, Number(value));
    } else if (name === ORDERS) {
      orders += Number(value);
    }
  }
  return { answers, orders };
}

export interface Scrape {
  answers: Counts;
  orders: number;
}

/** What the shops answered between two scrapes of each: answers summed, orders shop-wide (max). */
export function shopsBetween(before: readonly Scrape[], after: readonly Scrape[]): Scrape {
  const answers: Counts = new Map();
  after.forEach((scrape, index) => {
    for (const [key, count] of scrape.answers) {
      const earlier = before[index]?.answers.get(key) ?? 0;
      answers.set(key, (answers.get(key) ?? 0) + count - earlier);
    }
  });
  // tern_orders is read from the database by every instance alike: take one, not the sum.
  const orders = Math.max(...after.map((s) => s.orders)) - Math.max(...before.map((s) => s.orders));
  return { answers, orders };
}

export interface Disagreement {
  what: string;
  bench: number;
  shops: number;
}

/**
 * Every route the bench called, at every status it got, against the shops' counts. A route
 * someone else calls too (the balancer's health checks) may count more at the shops, never less.
 */
export function disagreements(
  bench: { answers: Counts; orders: number },
  shops: Scrape,
  sharedRoutes: readonly string[],
): Disagreement[] {
  const found: Disagreement[] = [];
  const benchRoutes = new Set([...bench.answers.keys()].map((key) => key.split(' ')[1]));
  const keys = new Set([
    ...bench.answers.keys(),
    ...[...shops.answers.keys()].filter((key) => benchRoutes.has(key.split(' ')[1])),
  ]);
  for (const key of [...keys].sort()) {
    const mine = bench.answers.get(key) ?? 0;
    const theirs = shops.answers.get(key) ?? 0;
    const shared = sharedRoutes.includes(key.split(' ')[1] ?? '');
    if (shared ? theirs < mine : theirs !== mine)
      found.push({ what: key, bench: mine, shops: theirs });
  }
  if (bench.orders !== shops.orders) {
    found.push({ what: 'orders created', bench: bench.orders, shops: shops.orders });
  }
  return found;
}

/** Scrapes one shop's /metrics with the scraper's token. */
export async function scrape(shopUrl: string, token: string): Promise<Scrape> {
  const response = await fetch(`${shopUrl}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`${shopUrl}/metrics answered ${response.status}`);
  return readScrape(await response.text());
}

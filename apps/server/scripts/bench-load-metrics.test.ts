import { describe, expect, it } from 'vitest';
import { answerKey, disagreements, readScrape, shopsBetween } from './bench-load-metrics';

const scrapeText = (countries: number, health: number, orders: number) => `
# TYPE tern_http_request_duration_seconds histogram
tern_http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/country/",status_code="200"} 1
tern_http_request_duration_seconds_count{method="GET",route="/api/country/",status_code="200"} ${countries}
tern_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"} ${health}
tern_orders{status="fulfilled"} ${orders}
tern_orders{status="refunded"} 1
`;

describe("the bench's counts against the shops' /metrics", () => {
  const before = [readScrape(scrapeText(2, 5, 3)), readScrape(scrapeText(1, 5, 3))];
  const after = [readScrape(scrapeText(12, 40, 8)), readScrape(scrapeText(6, 41, 8))];
  const shops = shopsBetween(before, after);

  it('sums the answers of every shop since the first scrape, and takes the orders once', () => {
    expect(shops.answers.get(answerKey('GET', '/api/country/', 200))).toBe(15);
    expect(shops.orders).toBe(5);
  });

  it('agrees when the shops counted what the bench received', () => {
    const bench = {
      answers: new Map([
        [answerKey('GET', '/api/country/', 200), 15],
        [answerKey('GET', '/api/health', 200), 30],
      ]),
      orders: 5,
    };
    // The balancer's own health checks add to /api/health only.
    expect(disagreements(bench, shops, ['/api/health'])).toEqual([]);
  });

  it('names each route and status, and the orders, where they differ', () => {
    const bench = {
      answers: new Map([
        [answerKey('GET', '/api/country/', 200), 14],
        [answerKey('GET', '/api/country/', 503), 1],
      ]),
      orders: 6,
    };
    expect(disagreements(bench, shops, ['/api/health'])).toEqual([
      { what: 'GET /api/country/ 200', bench: 14, shops: 15 },
      { what: 'GET /api/country/ 503', bench: 1, shops: 0 },
      { what: 'orders created', bench: 6, shops: 5 },
    ]);
  });
});

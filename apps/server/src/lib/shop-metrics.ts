/**
 * The shop's figures for the operator's own monitoring, in Prometheus' text format (issue 30).
 * Each app instance counts in a registry of its own, never prom-client's global one: tests build
 * several apps in one process, and each must see only what it answered itself. The process's
 * own figures (event-loop delay, memory, garbage collection) belong to the process, so they are
 * collected once per process, into a registry of their own, and told beside every app's.
 */
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** How long the shop took to answer: from a cached catalogue answer (well under 1 ms) to a payment. */
const ANSWER_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** How long an outside system took: its clients' timeouts are 8 to 15 s. */
const OUTSIDE_CALL_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

/** What an answer without a route (a 404 for an unknown path) is counted as: one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** One outside call ended: how (`ok`, `4xx`, `timeout`, …) and after how many seconds. */
export type CallCounter = (outcome: string, seconds: number) => void;

/** Told of every outside call as it is counted: it must return at once and never throw. */
export type OutsideCallListener = (service: string, outcome: string) => void;

let processRegistry: Registry | undefined;

/** The process's figures, started on first use; a second app in the process shares them. */
function processFigures(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export class ShopMetrics {
  /** Where the shop's modules add their own figures (orders, catalogue) for this app. */
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;
  private readonly process = processFigures();

  private readonly answers = new Histogram({
    name: 'tern_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: ANSWER_BUCKETS,
    registers: [this.registry],
  });

  private readonly outsideCalls = new Histogram({
    name: 'tern_outside_call_duration_seconds',
    help: 'Calls to outside systems (each HTTP attempt, each e-mail handed over), by service and outcome; _count counts them.',
    labelNames: ['service', 'outcome'],
    buckets: OUTSIDE_CALL_BUCKETS,
    registers: [this.registry],
  });

  private readonly callListeners: OutsideCallListener[] = [];

  /** `route` is the route's pattern: a raw URL (an ICCID, a reference) would be a series per visitor. */
  answered(method: string, route: string, statusCode: number, seconds: number): void {
    this.answers.observe({ method, route, status_code: statusCode }, seconds);
  }

  /** What one outside service's client reports each call to. */
  outsideCallsOf(service: string): CallCounter {
    return (outcome, seconds) => {
      this.outsideCalls.observe({ service, outcome }, seconds);
      for (const listener of this.callListeners) listener(service, outcome);
    };
  }

  /**
   * Tells the listener of every outside call from now on, beside this instance's histogram:
   * the console's hourly counters, which hold across instances (modules/ops-reports).
   */
  onOutsideCall(listener: OutsideCallListener): void {
    this.callListeners.push(listener);
  }

  /** The whole scrape: the process's figures, then this app's. */
  async text(): Promise<string> {
    const [processText, appText] = await Promise.all([
      this.process.metrics(),
      this.registry.metrics(),
    ]);
    return `${processText}\n${appText}`;
  }
}

/**
 * The visitors of `npm run bench:load`: virtual users that browse the catalogue, sign in with
 * the code the mail catcher caught, and buy (paying on the gateway sandbox's hosted page), each
 * request to the shop timed and judged; the recorder keeps every answer for the figures.
 */
import {
  accountApiPaths,
  catalogApiPaths,
  healthApiPath,
  orderApiPaths,
  profileApiPaths,
} from '@tern/contract';
import { payOnHostedPage } from './bench-stats';

const MAIL_WAIT_MS = 10_000;
/** A buyer back from the payment page asks again while the shop says "not yet" (as the web's return page polls). */
const CONFIRMATION_TRIES = 8;
const CONFIRMATION_PAUSE_MS = 1_000;
const COUNTRIES = ['FR', 'TR', 'AE', 'IT', 'ES', 'US', 'GB', 'DE', 'JP', 'TH'];

export interface Sample {
  what: string;
  method: string;
  /** The route's pattern, as the shop's metrics label it. */
  route: string;
  endedAt: number;
  ms: number;
  /** An HTTP status, or the network failure's code. */
  status: number | string;
  ok: boolean;
}

export class Recorder {
  readonly samples: Sample[] = [];
  readonly purchaseFailures: string[] = [];

  record(
    request: { what: string; method: string; route: string },
    startedAt: number,
    status: number | string,
    ok: boolean,
  ): void {
    const endedAt = performance.now();
    this.samples.push({ ...request, endedAt, ms: endedAt - startedAt, status, ok });
  }
}

export interface Target {
  /** The load balancer: every shop request goes through it. */
  shopUrl: string;
  /** The stand-ins: the mail catcher's messages and the hosted payment page. */
  sandboxesUrl: string;
  recorder: Recorder;
  /** Until when virtual users start new visits. */
  endsAt: number;
}

interface Buyer {
  email: string;
  token: string;
}

/** Each visit comes from an address of its own, as distinct visitors do (TRUST_PROXY is on). */
let visits = 0;
function nextVisitorAddress(): string {
  visits += 1;
  return `10.${(visits >> 16) & 255}.${(visits >> 8) & 255}.${visits & 255}`;
}

export class VirtualUser {
  private buyer: Buyer | undefined;
  private headers: Record<string, string> = {};

  constructor(
    private readonly target: Target,
    private readonly index: number,
    private readonly plans: string[],
  ) {}

  async run(): Promise<void> {
    while (performance.now() < this.target.endsAt) {
      this.headers = { 'x-forwarded-for': nextVisitorAddress() };
      try {
        await this.visit();
      } catch (error) {
        // A visit ends at its first failed step; the step itself was recorded.
        if (!(error instanceof StepFailed)) throw error;
      }
      await pause(50 + Math.random() * 150);
    }
  }

  private async visit(): Promise<void> {
    const roll = Math.random();
    if (roll < 0.6) return this.browse();
    if (roll < 0.75 || !this.buyer) {
      this.buyer = await this.signIn();
      return;
    }
    await this.purchase(this.buyer);
  }

  private async browse(): Promise<void> {
    const iso = COUNTRIES[Math.floor(Math.random() * COUNTRIES.length)] ?? 'FR';
    await this.call('countries', catalogApiPaths.countries, catalogApiPaths.countries.href());
    const favourites = catalogApiPaths.favouriteCountries;
    await this.call('favourites', favourites, favourites.href());
    const countryPlans = catalogApiPaths.countryPlans;
    await this.call('country plans', countryPlans, countryPlans.href(iso));
    if (this.buyer) {
      const { myEsims, ledger } = profileApiPaths;
      await this.call('my eSIMs', myEsims, myEsims.href(), { token: this.buyer.token });
      await this.call('ledger', ledger, ledger.href(this.buyer.email), {
        token: this.buyer.token,
      });
    }
  }

  private async signIn(): Promise<Buyer> {
    await this.antiForgery();
    const email = `load.${this.index}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;
    const form = { cli_email: email, cli_name: 'Load Buyer', cli_mobile: '+961 71 123 456' };
    await this.call('sign-up', accountApiPaths.signup, accountApiPaths.signup.href(), {
      body: form,
    });
    const code = await this.codeFor(email);
    const { validateOtp } = accountApiPaths;
    const answer = await this.call('code check', validateOtp, validateOtp.href(), {
      body: { ...form, cli_number: code },
    });
    const { token } = (await answer.json()) as { token: string };
    return { email, token };
  }

  private async purchase(buyer: Buyer): Promise<void> {
    await this.antiForgery();
    const plan = this.plans[Math.floor(Math.random() * this.plans.length)] ?? '';
    const { createSession } = orderApiPaths;
    const opened = await this.call('create-session', createSession, createSession.href(), {
      token: buyer.token,
      body: {
        pur_pla_name: plan,
        pur_client_name: 'Load Buyer',
        pur_client_email: buyer.email,
        pur_type: 'Regular',
      },
    });
    const session = (await opened.json()) as {
      gateway_transaction: { sessionid: string };
      led_payment_gateway_ref: string;
    };
    const indicator = await this.payOnHostedPage(session.gateway_transaction.sessionid);
    await this.confirm(buyer, session.led_payment_gateway_ref, indicator);
  }

  /** The spec's confirmation call, asked again while the order is not fulfilled yet. */
  private async confirm(buyer: Buyer, reference: string, indicator: string): Promise<void> {
    const url = `${orderApiPaths.confirmation.href(reference)}?resultIndicator=${encodeURIComponent(indicator)}`;
    for (let attempt = 1; attempt <= CONFIRMATION_TRIES; attempt += 1) {
      const answer = await this.call('confirmation', orderApiPaths.confirmation, url, {
        token: buyer.token,
        tolerate503: true,
      });
      if (answer.ok) {
        const { status } = (await answer.json()) as { status: string };
        if (status === 'fulfilled') return;
      } else {
        await answer.text();
      }
      await pause(CONFIRMATION_PAUSE_MS);
    }
    this.target.recorder.purchaseFailures.push(
      `${reference}: not fulfilled while the buyer waited`,
    );
  }

  private async payOnHostedPage(sessionId: string): Promise<string> {
    const response = await payOnHostedPage(this.target.sandboxesUrl, sessionId, 'Load Buyer');
    await response.text();
    const location = response.headers.get('location');
    const indicator = location ? new URL(location).searchParams.get('resultIndicator') : null;
    if (response.status !== 303 || !indicator) {
      this.target.recorder.purchaseFailures.push(`hosted page answered ${response.status}`);
      throw new StepFailed();
    }
    return indicator;
  }

  private async codeFor(email: string): Promise<string> {
    const deadline = performance.now() + MAIL_WAIT_MS;
    const url = `${this.target.sandboxesUrl}/_sandbox/mailbox/messages?to=${encodeURIComponent(email)}`;
    while (performance.now() < deadline) {
      const mails = (await (await fetch(url)).json()) as { text: string }[];
      const code = mails[0]?.text.match(/\b\d{6}\b/)?.[0];
      if (code) return code;
      await pause(100);
    }
    this.target.recorder.purchaseFailures.push(`no sign-in code reached ${email}`);
    throw new StepFailed();
  }

  /** The double-submit pair, as the web app gets it: a cookie the shop sets on any answer. */
  private async antiForgery(): Promise<void> {
    if (this.headers['x-xsrf-token']) return;
    const response = await this.call('health', healthApiPath, healthApiPath.href());
    const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    if (!token) throw new StepFailed();
    this.headers = { ...this.headers, cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
  }

  /**
   * One timed request to the shop; anything but a 2xx (or a tolerated 503) fails the visit.
   * Recorded under the route's pattern, as the shop's own metrics count it.
   */
  private async call(
    what: string,
    route: { pattern: string },
    path: string,
    options: { token?: string; body?: unknown; tolerate503?: boolean } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...this.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const method = options.body === undefined ? 'GET' : 'POST';
    const request = { what, method, route: route.pattern };
    const startedAt = performance.now();
    let response: Response;
    try {
      response = await fetch(`${this.target.shopUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      this.target.recorder.record(request, startedAt, networkCode(error), false);
      throw new StepFailed();
    }
    // Timed to the full answer, as a browser waits for it.
    const body = await response.arrayBuffer().catch(() => undefined);
    this.target.recorder.record(request, startedAt, response.status, response.ok && !!body);
    if (response.ok || (options.tolerate503 && response.status === 503)) {
      return new Response(body, { status: response.status, headers: response.headers });
    }
    throw new StepFailed();
  }
}

class StepFailed extends Error {}

function networkCode(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return cause?.code ?? error.name;
  }
  return 'failed';
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Plan names to buy: the first few of some popular countries. */
export async function plansToBuy(shopUrl: string): Promise<string[]> {
  const names: string[] = [];
  for (const iso of COUNTRIES.slice(0, 4)) {
    const plans = (await (
      await fetch(`${shopUrl}${catalogApiPaths.countryPlans.href(iso)}`)
    ).json()) as { pla_name: string }[];
    names.push(...plans.slice(0, 2).map((plan) => plan.pla_name));
  }
  if (names.length === 0) throw new Error('the catalogue has no plans to buy');
  return names;
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, rank)] ?? Number.NaN;
}

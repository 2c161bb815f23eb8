/**
 * Signs operators in as the console does: the e-mailed code, enrolment of the authenticator on
 * the first time, then its code on a clock moved to the next 30-second step.
 */
import { opsApiPaths } from '@tern/contract';
import { expect } from 'vitest';
import { totpAt, totpStep } from '../../src/modules/operators/totp';
import { mailTo } from '../orders-kit';
import type { MovableClock } from './movable-clock';
import type { TestApp } from './test-app';

export function operatorSignIn(shop: TestApp, time: MovableClock) {
  const secrets = new Map<string, string>();
  let callers = 0;
  return async function signIn(email: string): Promise<string> {
    callers += 1;
    const remoteAddress = `10.91.${Math.floor(callers / 250)}.${(callers % 250) + 1}`;
    await shop.request({
      method: 'POST',
      url: opsApiPaths.signIn.href(),
      payload: { email },
      remoteAddress,
    });
    const code = (await mailTo(shop.app, email))[0]?.text.match(/\b\d{6}\b/)?.[0] ?? '';
    const verify = (body: Record<string, unknown>) =>
      shop.request({
        method: 'POST',
        url: opsApiPaths.verify.href(),
        payload: body,
        remoteAddress,
      });
    if (!secrets.has(email)) {
      const setup = await verify({ email, code });
      expect(setup.statusCode, setup.body).toBe(200);
      secrets.set(email, setup.json().totpSetup.secret);
    }
    time.advance(30_000);
    const totp = totpAt(secrets.get(email) ?? '', totpStep(time.clock()));
    const signedIn = await verify({ email, code, totp });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return signedIn.json().token as string;
  };
}

export const asOperator = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Operators sign in with the same e-mailed code as buyers, plus an authenticator's code
 * (TOTP, enrolled at the first sign-in, with ten one-time recovery codes). Who may sign in, and
 * in which role, is OPERATOR_EMAILS: a session carries its role, and an address taken out of the
 * list loses every session at its next call. Every request, granted or refused, is audited.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { OperatorRole, OpsVerifyRequest, OpsVerifyResponse } from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError, unauthorized } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Clock } from '../../lib/clock';
import {
  codeMatches,
  generateCode,
  generateSessionToken,
  hashNewCode,
  hashSessionToken,
} from '../auth/auth-secrets';
import { signInCodeMail } from '../auth/sign-in-code-mail';
import { type AuditTrail, createAuditTrail } from './audit';
import {
  claimTotpStep,
  countCodeTry,
  findLiveSession,
  findOrCreateAccount,
  insertSession,
  lockLiveCode,
  markCodeUsed,
  type OperatorAccountRow,
  type OperatorCodeRow,
  replaceCode,
  revokeSession,
  updateAccount,
} from './repository';
import { matchingTotpStep, newTotpSecret, otpauthUrl } from './totp';

const MINUTE_MS = 60_000;
export const OPERATOR_CODE_MINUTES = 10;
/** Tries per e-mailed code, the authenticator's codes included. */
export const MAX_OPERATOR_TRIES = 5;
const RECOVERY_CODES = 10;

export interface OperatorsDependencies {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  brandName: string;
  log: FastifyBaseLogger;
  roles: ReadonlyMap<string, OperatorRole>;
  sessionMinutes: number;
}

/** An operator as the console's routes see one. */
export interface SignedInOperator {
  email: string;
  role: OperatorRole;
  expiresAt: Date;
}

/** Where a request came from, for the audit log. */
export interface Caller {
  from: string;
}

type Verified =
  | { kind: 'refused'; why: string; totpMissing?: boolean }
  | { kind: 'setup'; secret: string }
  | { kind: 'signed-in'; token: string; expiresAt: Date; recoveryCodes?: string[] };

export type OperatorSignIn = ReturnType<typeof createOperatorSignIn>;

export function createOperatorSignIn(deps: OperatorsDependencies) {
  const { db, clock } = deps;
  const audit: AuditTrail = createAuditTrail(db, clock);

  /** Mails a code to an operator; answers alike for any address, so nobody learns who is one. */
  async function requestCode(emailTyped: string, caller: Caller): Promise<void> {
    const email = normalise(emailTyped);
    if (!deps.roles.has(email)) {
      await audit.record({
        operator: email,
        action: 'sign-in-code',
        outcome: 'refused: not an operator',
        ...caller,
      });
      return;
    }
    const code = generateCode();
    const now = clock();
    await replaceCode(db, {
      email,
      ...hashNewCode(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OPERATOR_CODE_MINUTES * MINUTE_MS),
    });
    const mail = signInCodeMail({
      brandName: `${deps.brandName} console`,
      to: email,
      code,
      validMinutes: OPERATOR_CODE_MINUTES,
      language: 'en',
    });
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.log.error({ err: error }, 'an operator sign-in code could not be sent');
      await audit.record({
        operator: email,
        action: 'sign-in-code',
        outcome: 'failed: mail',
        ...caller,
      });
      throw new HttpError(503, 'accountMessages.codeNotSent');
    }
    await audit.record({ operator: email, action: 'sign-in-code', outcome: 'sent', ...caller });
  }

  async function verify(input: OpsVerifyRequest, caller: Caller): Promise<OpsVerifyResponse> {
    const email = normalise(input.email);
    const role = deps.roles.get(email);
    // One transaction per try, under the code's lock; a refusal is returned so its try counts.
    const verified: Verified = role
      ? await db.transaction((tx) => checkTry(tx, email, role, input))
      : { kind: 'refused', why: 'not an operator' };
    switch (verified.kind) {
      case 'refused':
        await audit.record({
          operator: email,
          action: 'sign-in',
          outcome: `refused: ${verified.why}`,
          ...caller,
        });
        throw unauthorized(
          verified.totpMissing ? 'opsMessages.totpRequired' : 'opsMessages.signInRefused',
        );
      case 'setup':
        await audit.record({
          operator: email,
          action: 'sign-in',
          outcome: 'authenticator to enrol',
          ...caller,
        });
        return {
          totpSetup: {
            secret: verified.secret,
            otpauthUrl: otpauthUrl(verified.secret, email, deps.brandName),
          },
        };
      case 'signed-in':
        await audit.record({ operator: email, action: 'sign-in', outcome: 'signed in', ...caller });
        return {
          token: verified.token,
          role: role ?? 'viewer',
          email,
          expiresAt: verified.expiresAt.toISOString(),
          ...(verified.recoveryCodes ? { recoveryCodes: verified.recoveryCodes } : {}),
        };
    }
  }

  async function checkTry(
    tx: Db,
    email: string,
    role: OperatorRole,
    input: OpsVerifyRequest,
  ): Promise<Verified> {
    const now = clock();
    const code = await lockLiveCode(tx, email);
    if (!code || code.expiresAt.getTime() <= now.getTime()) {
      return { kind: 'refused', why: 'no live code' };
    }
    if ((await countCodeTry(tx, code.id)) > MAX_OPERATOR_TRIES) {
      return { kind: 'refused', why: 'too many tries' };
    }
    if (!codeMatches(code, input.code)) return { kind: 'refused', why: 'wrong e-mail code' };
    const account = await findOrCreateAccount(tx, email, now);
    return account.totpConfirmedAt
      ? secondFactor(tx, account, code, role, input.totp)
      : enrol(tx, account, code, role, input.totp);
  }

  /** First sign-in: hands out a secret, then takes the first code made from it. */
  async function enrol(
    tx: Db,
    account: OperatorAccountRow,
    code: OperatorCodeRow,
    role: OperatorRole,
    totp: string | undefined,
  ): Promise<Verified> {
    const secret = account.totpPendingSecret ?? newTotpSecret();
    if (!totp) {
      await updateAccount(tx, account.email, { totpPendingSecret: secret });
      return { kind: 'setup', secret };
    }
    const step = account.totpPendingSecret
      ? matchingTotpStep(account.totpPendingSecret, totp, clock())
      : undefined;
    if (step === undefined)
      return { kind: 'refused', why: 'wrong authenticator code at enrolment' };
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await updateAccount(tx, account.email, {
      totpSecret: secret,
      totpPendingSecret: null,
      totpConfirmedAt: clock(),
      lastTotpStep: step,
      recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
    });
    return { ...(await openSession(tx, account.email, role, code)), recoveryCodes };
  }

  async function secondFactor(
    tx: Db,
    account: OperatorAccountRow,
    code: OperatorCodeRow,
    role: OperatorRole,
    totp: string | undefined,
  ): Promise<Verified> {
    if (!totp) return { kind: 'refused', why: 'no authenticator code', totpMissing: true };
    const accepted = totp.includes('-')
      ? await spendRecoveryCode(tx, account, totp)
      : await acceptTotp(tx, account, totp);
    if (!accepted) return { kind: 'refused', why: 'wrong authenticator code' };
    return openSession(tx, account.email, role, code);
  }

  async function acceptTotp(tx: Db, account: OperatorAccountRow, totp: string) {
    const step = account.totpSecret
      ? matchingTotpStep(account.totpSecret, totp, clock())
      : undefined;
    // A code already used (seen over a shoulder, replayed) is refused within its 90 seconds.
    return step !== undefined && (await claimTotpStep(tx, account.email, step));
  }

  async function spendRecoveryCode(tx: Db, account: OperatorAccountRow, given: string) {
    const hash = hashRecoveryCode(given);
    if (!account.recoveryCodeHashes.includes(hash)) return false;
    const left = account.recoveryCodeHashes.filter((stored) => stored !== hash);
    await updateAccount(tx, account.email, { recoveryCodeHashes: left });
    return true;
  }

  async function openSession(
    tx: Db,
    email: string,
    role: OperatorRole,
    code: OperatorCodeRow,
  ): Promise<Verified & { kind: 'signed-in' }> {
    const now = clock();
    await markCodeUsed(tx, code.id, now);
    const token = generateSessionToken();
    const expiresAt = new Date(now.getTime() + deps.sessionMinutes * MINUTE_MS);
    await insertSession(tx, {
      tokenHash: hashSessionToken(token),
      email,
      role,
      createdAt: now,
      expiresAt,
    });
    return { kind: 'signed-in', token, expiresAt };
  }

  /**
   * The operator of a live session, with the role the configuration gives now (the lesser of
   * it and the session's); undefined when the token is unknown, ended, or no operator's.
   */
  async function operatorForToken(token: string): Promise<SignedInOperator | undefined> {
    const session = await findLiveSession(db, hashSessionToken(token), clock());
    const configured = session && deps.roles.get(session.email);
    if (!session || !configured) return undefined;
    const role = configured === 'operator' && session.role === 'operator' ? 'operator' : 'viewer';
    return { email: session.email, role, expiresAt: session.expiresAt };
  }

  async function signOut(token: string): Promise<boolean> {
    return revokeSession(db, hashSessionToken(token), clock());
  }

  return { requestCode, verify, operatorForToken, signOut, audit };
}

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

function newRecoveryCode(): string {
  const text = randomBytes(5).toString('hex').slice(0, 8);
  return `${text.slice(0, 4)}-${text.slice(4)}`;
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}

/**
 * Signing in with an e-mailed one-time code: sign-up sends a code, a right code within
 * its life and tries gives a bearer token, and a token names its client until it expires
 * or is revoked at logout. Signing in never rewrites a proven account: its owner changes
 * their name and mobile themselves (docs/decisions/0016). The account keeps the language its
 * owner reads: a new account takes the one it signed up in, a sign-in or the profile that names
 * one changes it, and the e-mails and invoices are written in it (docs/decisions/0019).
 */
import {
  accountMessages,
  type ClientDetailsRequest,
  type ClientProfile,
  type Language,
  type SignInResponse,
  type SignupRequest,
  type SignupResponse,
  type ValidateOtpRequest,
  type ValidateTokenRequest,
  type ValidateTokenResponse,
  validateMobile,
} from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { badRequest, HttpError, type TextKey, unauthorized } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Clock } from '../../lib/clock';
import {
  type AccountRow,
  type ClientContact,
  type ClientRow,
  type CodeRow,
  confirmClient,
  countCodeAttempt,
  countLiveSessions,
  findAccount,
  findClientByEmail,
  findClientBySessionHash,
  findClientContact,
  findClientEmails,
  insertClientIfAbsent,
  insertCode,
  insertSession,
  lockLiveCode,
  markCodeUsed,
  revokeClientSessions,
  revokeSession,
  searchAccounts,
  supersedeCodes,
  updateClientDetails,
  updateClientLanguage,
} from './auth-repository';
import {
  codeMatches,
  generateCode,
  generateSessionToken,
  hashNewCode,
  hashSessionToken,
} from './auth-secrets';
import { signInCodeMail } from './sign-in-code-mail';

/** Why a code is refused: the key of one of the contract's `codeRefusals`. */
type CodeRefusal = Extract<TextKey, `codeRefusals.${string}`>;

export const CODE_LIFETIME_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const SESSION_LIFETIME_DAYS = 30;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface AuthDependencies {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  brandName: string;
  log: FastifyBaseLogger;
}

/** A signed-in client, as other modules see one. */
export interface AuthenticatedClient {
  id: number;
  email: string;
  name: string;
  mobile: string;
  /** The language the client's e-mails and invoices are written in. */
  language: Language;
}

export type { AccountRow, ClientContact };

/** A sign-in as other modules hear of it (referrals: the device, a first sign-in's referral). */
export interface SignedInEvent {
  clientId: number;
  /** The address was proven now for the first time: a new account. */
  firstTime: boolean;
  /** The share code the sign-up came with (`cli_referral`), if any. */
  referralCode: string | undefined;
  /** The browser's own random id (X-Tern-Device), if it sent one. */
  device: string | undefined;
}
export type SignedInListener = (event: SignedInEvent) => Promise<void>;
export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDependencies) {
  const { db, clock } = deps;
  const signedInListeners: SignedInListener[] = [];

  /** Tells every listener; a listener's failure is logged, never the sign-in's. */
  async function tellSignedIn(event: SignedInEvent): Promise<void> {
    for (const listener of signedInListeners) {
      try {
        await listener(event);
      } catch (error) {
        deps.log.error({ err: error, client: event.clientId }, 'a sign-in listener failed');
      }
    }
  }

  /**
   * Sends a sign-in code, creating the account if needed. `browserLanguage` is the request's
   * Accept-Language choice, when it had one; a language named in the body comes first.
   */
  async function signup(input: SignupRequest, browserLanguage?: Language): Promise<SignupResponse> {
    const email = normaliseEmail(input.cli_email);
    const askedLanguage = input.cli_language ?? browserLanguage;
    const { client, created } = await findOrCreateClient({
      email,
      name: input.cli_name,
      mobile: internationalMobile(input.cli_mobile),
      language: askedLanguage ?? 'en',
    });
    // The code goes to the person at this browser, in the language they read it in now.
    await sendCode(client, askedLanguage ?? client.language);
    if (created) return { message: accountMessages.codeSentToNewUser };
    return {
      message: client.verifiedAt ? accountMessages.alreadyRegistered : accountMessages.verifyUser,
    };
  }

  async function findOrCreateClient(details: {
    email: string;
    name: string;
    mobile: string;
    language: Language;
  }) {
    const inserted = await insertClientIfAbsent(db, details);
    if (inserted) return { client: inserted, created: true };
    // Sign-up never writes an existing account's details: an address proven for the first
    // time takes those sent with its code (confirmClient), a proven one keeps its own.
    const existing = await findClientByEmail(db, details.email);
    if (!existing) throw new Error(`Client ${details.email} vanished during sign-up`);
    return { client: existing, created: false };
  }

  async function sendCode(client: ClientRow, language: Language): Promise<void> {
    const code = generateCode();
    const now = clock();
    await db.transaction(async (tx) => {
      await supersedeCodes(tx, client.id, now);
      await insertCode(tx, {
        clientId: client.id,
        ...hashNewCode(code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_LIFETIME_MINUTES * MINUTE_MS),
      });
    });
    const mail = signInCodeMail({
      brandName: deps.brandName,
      to: client.email,
      code,
      validMinutes: CODE_LIFETIME_MINUTES,
      language,
    });
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.log.error({ err: error }, 'the sign-in code e-mail could not be sent');
      throw new HttpError(503, 'accountMessages.codeNotSent');
    }
  }

  async function validateOtp(input: ValidateOtpRequest, device?: string): Promise<SignInResponse> {
    const client = await findClientByEmail(db, normaliseEmail(input.cli_email));
    if (!client) throw badRequest('codeRefusals.invalid');
    const now = clock();
    const token = generateSessionToken();
    // One transaction per try, under the code's row lock. A refusal is returned, not thrown,
    // so the try it counted is committed.
    const outcome = await db.transaction(async (tx) => {
      const code = await lockLiveCode(tx, client.id);
      const refusal = await spendTry(tx, code, input.cli_number, now);
      if (refusal || !code) return { refusal: refusal ?? ('codeRefusals.invalid' as const) };
      await markCodeUsed(tx, code.id, now);
      await insertSession(tx, {
        tokenHash: hashSessionToken(token),
        clientId: client.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_LIFETIME_DAYS * DAY_MS),
      });
      // A known account signs in as it is; the name and mobile typed only count for an
      // address proven now for the first time.
      const signedIn = await confirmClient(tx, client.id, {
        name: input.cli_name,
        mobile: internationalMobile(input.cli_mobile),
        at: now,
      });
      if (!signedIn) return { refusal: 'codeRefusals.invalid' as const };
      // A language chosen at sign-in is the one this buyer's e-mails and invoices use.
      if (input.cli_language && input.cli_language !== signedIn.language) {
        return {
          signedIn: (await updateClientLanguage(tx, client.id, input.cli_language)) ?? signedIn,
        };
      }
      return { signedIn };
    });
    if (!outcome.signedIn) throw badRequest(outcome.refusal);
    await tellSignedIn({
      clientId: client.id,
      firstTime: client.verifiedAt === null,
      referralCode: input.cli_referral,
      device,
    });
    return {
      message: accountMessages.signedIn,
      token,
      data: toClientProfile(toAuthenticatedClient(outcome.signedIn)),
    };
  }

  /**
   * Checks a code against the client's live one; every try counts, right or wrong. Returns
   * why the code is refused, or undefined when it is right and may be used.
   */
  async function spendTry(
    tx: Db,
    code: CodeRow | undefined,
    given: string,
    now: Date,
  ): Promise<CodeRefusal | undefined> {
    if (!code) return 'codeRefusals.invalid';
    if (code.expiresAt.getTime() <= now.getTime()) return 'codeRefusals.expired';
    if (code.attempts >= MAX_CODE_ATTEMPTS) return 'codeRefusals.tooManyTries';
    const attempts = await countCodeAttempt(tx, code.id, MAX_CODE_ATTEMPTS);
    if (attempts === undefined) return 'codeRefusals.tooManyTries';
    if (codeMatches(code, given)) return undefined;
    return attempts >= MAX_CODE_ATTEMPTS ? 'codeRefusals.tooManyTries' : 'codeRefusals.wrong';
  }

  async function clientForToken(token: string): Promise<AuthenticatedClient> {
    if (!token) throw unauthorized('accountMessages.tokenRequired');
    const client = await findClientBySessionHash(db, hashSessionToken(token), clock());
    if (!client) throw unauthorized('accountMessages.tokenRequired');
    return toAuthenticatedClient(client);
  }

  async function validateToken(input: ValidateTokenRequest): Promise<ValidateTokenResponse> {
    const client = await clientForToken(input.cli_token);
    // A token stored beside another account's e-mail is not this browser's session.
    if (input.cli_email && !isOwnEmail(client, input.cli_email)) {
      throw unauthorized('accountMessages.tokenRequired');
    }
    return { cli_email: client.email, cli_name: client.name };
  }

  async function logout(token: string): Promise<void> {
    if (!token) throw unauthorized('accountMessages.tokenRequired');
    if (!(await revokeSession(db, hashSessionToken(token), clock()))) {
      throw unauthorized('accountMessages.tokenRequired');
    }
  }

  /** The signed-in client's own change of name and mobile; the account as it now is. */
  async function changeDetails(
    client: AuthenticatedClient,
    input: ClientDetailsRequest,
  ): Promise<ClientProfile> {
    const updated = await updateClientDetails(db, client.id, {
      name: input.cli_name,
      mobile: internationalMobile(input.cli_mobile),
      language: input.cli_language,
    });
    if (!updated) throw unauthorized('accountMessages.tokenRequired');
    return toClientProfile(toAuthenticatedClient(updated));
  }

  /** The language switch while signed in: e-mails and invoices are written in it from now on. */
  async function changeLanguage(
    client: AuthenticatedClient,
    language: Language,
  ): Promise<ClientProfile> {
    const updated = await updateClientLanguage(db, client.id, language);
    if (!updated) throw unauthorized('accountMessages.tokenRequired');
    return toClientProfile(toAuthenticatedClient(updated));
  }

  /** Where to write to a client; undefined when the account is gone. */
  function contactOf(clientId: number): Promise<ClientContact | undefined> {
    return findClientContact(db, clientId);
  }

  /** The account an address names, whatever its case and spaces; undefined when none. */
  async function idOfEmail(email: string): Promise<number | undefined> {
    return (await findClientByEmail(db, normaliseEmail(email)))?.id;
  }

  /**
   * The account of this address, created as sign-up creates one when there is none (a gift's
   * recipient, issue 31): unproven, without a name or mobile until its owner first signs in with
   * an e-mailed code, in `language` until they choose theirs. The unique address makes it one
   * account however many times or places this runs.
   */
  async function accountOfEmail(email: string, language: Language): Promise<number> {
    const { client } = await findOrCreateClient({
      email: normaliseEmail(email),
      name: '',
      mobile: '',
      language,
    });
    return client.id;
  }

  /** The e-mail addresses of these clients, by id. */
  function emailsOf(clientIds: readonly number[]): Promise<Map<number, string>> {
    return findClientEmails(db, clientIds);
  }

  /** For the operators' console: accounts, their sessions and their language. */
  const accounts = {
    /** Accounts whose address holds this text, newest first; the newest when it is empty. */
    search: (text: string, limit: number) => searchAccounts(db, normaliseEmail(text), limit),
    find: (clientId: number) => findAccount(db, clientId),
    liveSessions: (clientId: number) => countLiveSessions(db, clientId, clock()),
    /** Ends every live session: each token is refused from now on. How many were live. */
    signOutEverywhere: (clientId: number) => revokeClientSessions(db, clientId, clock()),
    /** Sets the language the account's e-mails and invoices are written in. */
    setLanguage: async (clientId: number, language: Language) =>
      (await updateClientLanguage(db, clientId, language)) !== undefined,
  };

  return {
    accounts,
    /** Hears every successful sign-in with a code, after it is committed. */
    onSignedIn: (listener: SignedInListener) => {
      signedInListeners.push(listener);
    },
    signup,
    validateOtp,
    validateToken,
    clientForToken,
    logout,
    changeDetails,
    changeLanguage,
    contactOf,
    emailsOf,
    idOfEmail,
    accountOfEmail,
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether an address someone typed is the client's own, whatever its case and spaces. */
export function isOwnEmail(client: AuthenticatedClient, email: string): boolean {
  return normaliseEmail(email) === client.email;
}

/** Stores mobiles in one international form, e.g. +96171123456. */
function internationalMobile(mobile: string): string {
  return validateMobile(mobile).phoneNumber ?? mobile.trim();
}

function toAuthenticatedClient(row: ClientRow): AuthenticatedClient {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    mobile: row.mobile,
    language: row.language,
  };
}

export function toClientProfile(client: AuthenticatedClient): ClientProfile {
  return {
    cli_email: client.email,
    cli_name: client.name,
    cli_mobile: client.mobile,
    cli_language: client.language,
  };
}

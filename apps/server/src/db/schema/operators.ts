/**
 * The operators' console (issue 30): operators' second factors, their e-mailed codes and
 * sessions, and the audit log of everything done or refused there. Who is an operator, and in
 * which role, is configuration (OPERATOR_EMAILS), not data: removing an address ends its power
 * at once. Codes, sessions and recovery codes are kept only as hashes.
 */
import { operatorRoles } from '@tern/contract';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const operatorAccounts = pgTable('operator_accounts', {
  /** Lower-cased, as configured. */
  email: text('email').primaryKey(),
  /** The authenticator's shared secret (base32) once enrolled; the pending one before. */
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  totpConfirmedAt: moment('totp_confirmed_at'),
  /** The last time step whose code signed in: a code is never accepted twice. */
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  /** SHA-256 of each unused recovery code. */
  recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
  createdAt: moment('created_at').notNull(),
});

export const operatorCodes = pgTable(
  'operator_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    codeSalt: text('code_salt').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Every try counts, the authenticator's code too: five and the code is spent. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (table) => [index('operator_codes_email_idx').on(table.email)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    role: text('role', { enum: operatorRoles }).notNull(),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
  },
  (table) => [index('operator_sessions_email_idx').on(table.email)],
);

/**
 * Append-only: a trigger (migration 0021) refuses every UPDATE and DELETE, so an entry, once
 * written, stays as it was written.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: moment('at').notNull(),
    /** The operator's e-mail, or what the caller claimed or nothing when not signed in. */
    operator: text('operator').notNull(),
    action: text('action').notNull(),
    /** The order reference, account or route touched. */
    target: text('target'),
    outcome: text('outcome').notNull(),
    /** The caller's address as the shop saw it (behind TRUST_PROXY, the client's). */
    fromAddress: text('from_address').notNull(),
  },
  (table) => [index('operator_audit_at_idx').on(table.at)],
);

// The dev mailbox's rows: what was "sent", newest first.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devMailboxMessages } from '../../db/schema/index';

export interface MailboxRow {
  id: number;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  sentAt: Date;
}

export type NewMailboxRow = Omit<MailboxRow, 'id'>;

const columns = {
  id: devMailboxMessages.id,
  to: devMailboxMessages.to,
  replyTo: devMailboxMessages.replyTo,
  subject: devMailboxMessages.subject,
  text: devMailboxMessages.text,
  html: devMailboxMessages.html,
  sentAt: devMailboxMessages.sentAt,
};

export async function insertMailboxMessage(db: Db, message: NewMailboxRow): Promise<void> {
  await db.insert(devMailboxMessages).values(message);
}

export async function listMailboxMessages(
  db: Db,
  filter: { to?: string | undefined; limit: number },
): Promise<MailboxRow[]> {
  const query = db.select(columns).from(devMailboxMessages);
  const filtered = filter.to
    ? query.where(eq(sql`lower(${devMailboxMessages.to})`, filter.to.toLowerCase()))
    : query;
  return filtered
    .orderBy(desc(devMailboxMessages.sentAt), desc(devMailboxMessages.id))
    .limit(filter.limit);
}

import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

/** What became of a message: kept in the outbox only (no SMTP configured), sent, or refused by SMTP. */
export type MailOutcome = 'stored' | 'sent' | 'failed';

export interface Mailer {
  /** Stores the message in the outbox (always) and sends it over SMTP when configured. */
  send(db: Db, message: MailMessage): Promise<MailOutcome>;
  /**
   * Stores the message in the outbox and answers its delivery, to start (without waiting for it) once the
   * caller's transaction has committed: it sends over SMTP when configured and records the outcome through
   * the db it is given. For answers that must not wait for, or be timed by, the mail server (verification
   * codes: whether a mail went out must not show).
   */
  store?(db: Db, message: MailMessage): Promise<(db: Db) => Promise<MailOutcome>>;
}

export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  log: (m: string) => void;
}): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const store = async (db: Db, message: MailMessage) => {
    const [row] = await db
      .insert(mailOutbox)
      .values({ ...message, status: 'stored' })
      .returning({ id: mailOutbox.id });
    return row?.id;
  };
  // Sending happens after the outbox write so a failing SMTP server never loses the message.
  const deliver = async (db: Db, message: MailMessage, id: number | undefined): Promise<MailOutcome> => {
    if (!transport || id === undefined) return 'stored';
    try {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.body,
      });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, id));
      return 'sent';
    } catch (err) {
      opts.log(`mail to ${message.to} failed: ${(err as Error).message}`);
      await db
        .update(mailOutbox)
        .set({ status: 'failed', error: (err as Error).message.slice(0, 500) })
        .where(eq(mailOutbox.id, id));
      return 'failed';
    }
  };
  return {
    async send(db, message) {
      return deliver(db, message, await store(db, message));
    },
    async store(db, message) {
      const id = await store(db, message);
      return (statusDb) => deliver(statusDb, message, id);
    },
  };
}

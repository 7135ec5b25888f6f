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
}

export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  log: (m: string) => void;
}): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(db, message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message, status: 'stored' })
        .returning({ id: mailOutbox.id });
      if (!transport || !row) return 'stored';
      // Sending happens after the outbox write so a failing SMTP server never loses the message.
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.body,
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date() })
          .where(eq(mailOutbox.id, row.id));
        return 'sent';
      } catch (err) {
        opts.log(`mail to ${message.to} failed: ${(err as Error).message}`);
        await db
          .update(mailOutbox)
          .set({ status: 'failed', error: (err as Error).message.slice(0, 500) })
          .where(eq(mailOutbox.id, row.id));
        return 'failed';
      }
    },
  };
}

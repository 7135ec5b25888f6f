import { and, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_MESSAGE_CONFIG,
  EXAMINE_STATUS,
  MESSAGE_TYPES,
  renderMessage,
  type TMessageParamsOf,
  type TMessageType,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { enterpriseUsers, enterprises, messageConfigs, messages, users } from '../../db/schema.ts';
import { createMailer, type Mailer } from '../../platform/mail.ts';

export interface NotifyInput<T extends TMessageType = TMessageType> {
  enterpriseUuid: string;
  /** Account ids of members of the enterprise, or its administrators. Non-members get nothing. */
  recipients: readonly number[] | 'administrators';
  type: T;
  params: TMessageParamsOf<T>;
  /** The console path of the related screen. */
  link?: string;
  /**
   * Accounts told by e-mail only, whatever their settings: members who can no longer read the console
   * (a disabled member).
   */
  mailOnly?: readonly number[];
}

/** Without the caller's mailer, mails are only stored in the outbox (the SMTP-less mailer stores and stops). */
const outboxOnly: Mailer = createMailer({ from: '', log: () => undefined });

/** The enabled, approved members among `recipients` (or the administrators), with their e-mail addresses. */
async function membersOf(db: Db, enterpriseUuid: string, recipients: NotifyInput['recipients']) {
  if (recipients !== 'administrators' && recipients.length === 0) return [];
  return db
    .select({ userId: enterpriseUsers.userId, email: users.email })
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(
      and(
        eq(enterpriseUsers.enterpriseUuid, enterpriseUuid),
        eq(enterpriseUsers.examineStatus, EXAMINE_STATUS.approved),
        eq(enterpriseUsers.status, 'enabled'),
        recipients === 'administrators'
          ? eq(enterpriseUsers.isAdmin, true)
          : inArray(enterpriseUsers.userId, [...new Set(recipients)]),
      ),
    );
}

/** The bilingual e-mail of a message: both languages, as every mail of the platform. */
function mailOf(type: TMessageType, params: Record<string, unknown>) {
  const zh = renderMessage(type, params as never, 'zh');
  const en = renderMessage(type, params as never, 'en');
  return { subject: `Tracehub ${zh.title} / ${en.title}`, body: `${zh.body}\n${en.body}` };
}

/**
 * Sends a message to members of an enterprise, in the caller's transaction (a rolled-back event leaves no
 * message): each recipient gets it in the console unless its settings turn the type off, and by e-mail when
 * they turn e-mail on (types that can go by e-mail only). Written by the other modules at their events.
 */
export async function notify<T extends TMessageType>(
  db: Db,
  input: NotifyInput<T>,
  mailer: Mailer = outboxOnly,
): Promise<{ delivered: number; mailed: number }> {
  const members = await membersOf(db, input.enterpriseUuid, input.recipients);
  const ids = members.map((m) => m.userId);
  const configs = ids.length
    ? await db
        .select({
          userId: messageConfigs.userId,
          receive: messageConfigs.receive,
          email: messageConfigs.email,
        })
        .from(messageConfigs)
        .where(
          and(
            eq(messageConfigs.enterpriseUuid, input.enterpriseUuid),
            eq(messageConfigs.type, input.type),
            inArray(messageConfigs.userId, ids),
          ),
        )
    : [];
  const configOf = new Map(configs.map((c) => [c.userId, c]));
  const params = input.params as Record<string, unknown>;
  const { title: zhTitle } = renderMessage(input.type, params as never, 'zh');
  const { title: enTitle } = renderMessage(input.type, params as never, 'en');
  const canMail = MESSAGE_TYPES[input.type].email;

  const receivers = members.filter((m) => (configOf.get(m.userId) ?? DEFAULT_MESSAGE_CONFIG).receive);
  if (receivers.length) {
    await db.insert(messages).values(
      receivers.map((m) => ({
        enterpriseUuid: input.enterpriseUuid,
        recipientId: m.userId,
        type: input.type,
        params,
        link: input.link ?? null,
        searchText: `${zhTitle}\n${enTitle}`.toLowerCase(),
      })),
    );
  }

  const addresses = new Set(
    canMail
      ? members.filter((m) => (configOf.get(m.userId) ?? DEFAULT_MESSAGE_CONFIG).email).map((m) => m.email)
      : [],
  );
  if (input.mailOnly?.length) {
    const extra = await db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.id, [...input.mailOnly]));
    for (const u of extra) addresses.add(u.email);
  }
  const mail = mailOf(input.type, params);
  for (const to of addresses) await mailer.send(db, { to, ...mail });
  return { delivered: receivers.length, mailed: addresses.size };
}

/** The enterprise's name in both languages, as a message param (the Chinese name where it has no English). */
export async function enterpriseNameParam(
  db: Db,
  enterpriseUuid: string,
): Promise<{ zh: string; en: string }> {
  const [row] = await db
    .select({ name: enterprises.name, englishName: enterprises.englishName })
    .from(enterprises)
    .where(eq(enterprises.uuid, enterpriseUuid));
  return { zh: row?.name ?? '', en: row?.englishName || row?.name || '' };
}

/**
 * A message to an account about something outside any of its enterprises (its certification application):
 * it goes to the enterprise the account last worked in, if it is still a member there; otherwise the e-mail
 * the caller sends is the only notice. Platform connection only (it writes to that enterprise).
 */
export async function notifyApplicant<T extends TMessageType>(
  platformDb: Db,
  userId: number,
  message: Pick<NotifyInput<T>, 'type' | 'params' | 'link'>,
  mailer?: Mailer,
): Promise<void> {
  const [user] = await platformDb
    .select({ enterpriseUuid: users.lastEnterpriseUuid })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.enterpriseUuid) return;
  await notify(platformDb, { ...message, enterpriseUuid: user.enterpriseUuid, recipients: [userId] }, mailer);
}

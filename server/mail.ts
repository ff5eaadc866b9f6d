// Where queued emails are delivered (the transport of server/email/outbox.ts): SMTP (nodemailer) when
// SMTP_URL is set, otherwise the development mailbox (the `email_outbox` table, plus a text file per
// email under DATA_DIR/outbox for the embedded database). Features never call it: they queue emails
// in their transaction (docs/email.md). Bodies carry secrets (reset links): nothing here logs them.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Db } from './db/connect.ts';
import { emailOutbox } from './db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /**
   * The queued email's id (a UUID): the same on every attempt. SMTP sends it as the Message-ID
   * `<id@domain of MAIL_FROM>`; the development mailbox keeps one copy per id.
   */
  messageId?: string | undefined;
}

export interface Mailer {
  /** `smtp` or `outbox`: where `send` delivers. */
  readonly kind: 'smtp' | 'outbox';
  /** Delivers one email; rejects when delivery fails. */
  send(message: MailMessage): Promise<void>;
  /** Waits for sends in flight, then releases connections. */
  close(): Promise<void>;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir?: string | undefined;
}

export function createMailer(settings: MailSettings, db: Db): Mailer {
  const deliver = settings.smtpUrl
    ? smtpDelivery(settings.smtpUrl, settings.mailFrom)
    : outboxDelivery(db, settings.outboxDir);
  const inFlight = new Set<Promise<unknown>>();
  return {
    kind: deliver.kind,
    send(message) {
      const sending = deliver.send(message);
      inFlight.add(sending);
      void sending.catch(() => {}).finally(() => inFlight.delete(sending));
      return sending;
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      deliver.close();
    },
  };
}

interface Delivery {
  kind: Mailer['kind'];
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The domain of MAIL_FROM's address (`HydroBridge <no-reply@x.example>` → `x.example`). */
export function mailDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'hydrobridge.invalid';
}

function smtpDelivery(smtpUrl: string, from: string): Delivery {
  // Bounded waits: a send never outlasts the outbox's claim on its row (LEASE_MS in email/outbox.ts),
  // so another sender never takes over an email still being handed to the server.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const domain = mailDomain(from);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html !== undefined && { html: message.html }),
        ...(message.messageId !== undefined && { messageId: `<${message.messageId}@${domain}>` }),
      });
    },
    close: () => transport.close(),
  };
}

function outboxDelivery(db: Db, outboxDir: string | undefined): Delivery {
  return {
    kind: 'outbox',
    async send(message) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          messageId: message.messageId ?? null,
        })
        // A retried delivery (the sender stopped before it marked the email sent) is kept once.
        .onConflictDoNothing()
        .returning({ id: emailOutbox.id, createdAt: emailOutbox.createdAt });
      if (!row) return;
      if (outboxDir)
        await writeOutboxFile(outboxDir, {
          ...message,
          id: row.id,
          date: row.createdAt,
        });
    },
    close: () => {},
  };
}

/** One outbox email as a text file, newest sorting last: `<ISO time>_<id>.txt`. */
export function formatOutboxEmail(email: MailMessage & { date: Date }): string {
  return `To: ${email.to}\nSubject: ${email.subject}\nDate: ${email.date.toISOString()}\n\n${email.text}\n`;
}

async function writeOutboxFile(dir: string, email: MailMessage & { id: string; date: Date }) {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${email.date.toISOString().replaceAll(':', '-')}_${email.id}.txt`;
  await fs.writeFile(path.join(dir, name), formatOutboxEmail(email), { mode: 0o600 });
}

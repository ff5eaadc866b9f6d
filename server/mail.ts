// Outgoing email behind one interface: SMTP (nodemailer) when SMTP_URL is set, otherwise the
// development outbox (the `email_outbox` table, plus a text file per email under DATA_DIR/outbox for
// the embedded database). Bodies carry secrets (reset links): nothing here logs them.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from './db/connect.ts';
import { emailOutbox } from './db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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

/**
 * Sends without making the caller wait: a request's answer time then does not depend on whether an
 * email went out (no account enumeration by timing). Failures are logged without the body.
 */
export function sendInBackground(mailer: Mailer, message: MailMessage, log: FastifyBaseLogger): void {
  mailer.send(message).catch((error: unknown) => {
    const e = error as { message?: string; code?: string; responseCode?: number };
    log.error(
      { mail: { subject: message.subject, via: mailer.kind }, err: { message: e?.message, code: e?.code } },
      'email could not be sent',
    );
  });
}

interface Delivery {
  kind: Mailer['kind'];
  send(message: MailMessage): Promise<void>;
  close(): void;
}

function smtpDelivery(smtpUrl: string, from: string): Delivery {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
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
        .values(message)
        .returning({ id: emailOutbox.id, createdAt: emailOutbox.createdAt });
      if (outboxDir)
        await writeOutboxFile(outboxDir, {
          ...message,
          id: row?.id ?? randomUUID(),
          date: row?.createdAt ?? new Date(),
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

// Email that is never lost (docs/email.md). A feature queues an email in the transaction of the event
// that causes it: the row commits with the event or not at all. The sender delivers due rows: it claims
// a batch in one statement (FOR UPDATE SKIP LOCKED, and a lease), so two senders never hold the same
// email; hands each to the transport with the email's own id as its Message-ID; marks it sent, or due
// again later (exponential backoff), or dead after the last attempt. A sender that dies mid-send leaves
// its rows claimed until the lease ends; then they are sent again, with the same Message-ID.
//
// After COMMIT the queue kicks the sender at once, so emails still leave within milliseconds; the
// `email.deliver` job (every minute, server/job-registry.ts) retries the rest through `deliverNow()`.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { outgoingEmails } from '../db/schema/index.ts';
import { isTx, type Tx } from '../db/transaction.ts';
import type { Mailer } from '../mail.ts';
import { render, type Site, type TemplateData, type TemplateName } from './templates.ts';
import { UNSENT_EMAIL_STATUSES } from '../../domain/notifications.ts';
import { sqlIn } from '../db/vocabulary.ts';

/** One email to queue: who gets it and what the template gave. */
export interface OutboxMessage {
  to: string;
  template: TemplateName;
  subject: string;
  text: string;
  html: string;
}

export interface DeliveryReport {
  /** Accepted by the transport and marked sent. */
  sent: number;
  /** Failed; due again after their backoff. */
  retrying: number;
  /** Failed for the last time: status dead, for an admin to see. */
  dead: number;
}

export interface OutboxLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OutboxOptions {
  db: Db;
  /** Where emails go (server/mail.ts: SMTP or the development mailbox). */
  transport: Pick<Mailer, 'send'>;
  clock?: () => Date;
  log: OutboxLog;
  /** What templates link to (PUBLIC_URL). */
  site: Site;
  /** Attempts before an email is dead (default MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** The wait after the n-th failed attempt (default `backoffMs`). */
  backoff?: (attempt: number) => number;
  /** How long a claim holds (default LEASE_MS); longer than any send can take. */
  leaseMs?: number;
}

export interface Outbox {
  /** Writes `message` in `db`'s transaction (or at once, outside one); the sender is kicked after COMMIT. */
  queue(db: Db | Tx, message: OutboxMessage): Promise<string>;
  /** Renders template `name` with `data` and queues it to `to`. */
  email<N extends TemplateName>(db: Db | Tx, to: string, name: N, data: TemplateData<N>): Promise<string>;
  /** Delivers every email due now; returns what happened. */
  deliverDue(): Promise<DeliveryReport>;
  /** Sends a dead email again (a fresh set of attempts); false when `id` is no dead email. */
  retryDead(id: string): Promise<boolean>;
  /** Runs the sender now in the background (again after the run in progress, if one is). */
  kick(): void;
  /** Resolves once no run is in progress (tests: every kicked email has been attempted). */
  settled(): Promise<void>;
  /** Delivers what is due, joining the run in progress (the `email.deliver` job). */
  deliverNow(): Promise<void>;
  /** Lets kicks send again after `stop`. */
  start(): void;
  /** Stops the kicks, and waits for a run in progress. */
  stop(): Promise<void>;
}

export const MAX_ATTEMPTS = 10;
/** 1, 2, 4, … minutes, at most an hour: ten attempts span about four hours of a mail server's outage. */
export const backoffMs = (attempt: number) => Math.min(60_000 * 2 ** (attempt - 1), 3_600_000);
/** Longer than the SMTP transport's timeouts together (server/mail.ts). */
export const LEASE_MS = 120_000;
const BATCH = 20;

/** What a failure is recorded and logged as: the error's code and message, never the email. */
function failureText(error: unknown): string {
  const e = error as { message?: unknown; code?: unknown; responseCode?: unknown } | undefined;
  const code = [e?.code, e?.responseCode].filter((x) => x !== undefined && x !== null).join(' ');
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return `${code ? `${code}: ` : ''}${message}`.slice(0, 500);
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, transport, log, site } = options;
  const clock = options.clock ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const backoff = options.backoff ?? backoffMs;
  const leaseMs = options.leaseMs ?? LEASE_MS;

  async function queue(target: Db | Tx, message: OutboxMessage): Promise<string> {
    const now = clock();
    const [row] = await target
      .insert(outgoingEmails)
      .values({ ...message, createdAt: now, nextAttemptAt: now })
      .returning({ id: outgoingEmails.id });
    if (isTx(target)) target.afterCommit(kick);
    else kick();
    return row!.id;
  }

  /** Claims up to BATCH due emails: attempts + 1, leased until now + leaseMs. */
  async function claim(now: Date) {
    const until = new Date(now.getTime() + leaseMs);
    const due = db
      .select({ id: outgoingEmails.id })
      .from(outgoingEmails)
      .where(
        and(
          sqlIn(outgoingEmails.status, UNSENT_EMAIL_STATUSES),
          sql`${outgoingEmails.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(outgoingEmails.nextAttemptAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(outgoingEmails)
      .set({ status: 'sending', attempts: sql`${outgoingEmails.attempts} + 1`, nextAttemptAt: until })
      .where(sql`${outgoingEmails.id} in ${due}`)
      .returning();
  }

  async function deliverDue(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retrying: 0, dead: 0 };
    for (;;) {
      const claimed = await claim(clock());
      for (const email of claimed) {
        try {
          await transport.send({
            messageId: email.id,
            to: email.to,
            subject: email.subject,
            text: email.text,
            html: email.html,
          });
        } catch (error) {
          const now = clock();
          const dead = email.attempts >= maxAttempts;
          const lastError = failureText(error);
          // Only our own claim is answered: a row claimed again meanwhile (our lease ran out) is not.
          await db
            .update(outgoingEmails)
            .set(
              dead
                ? // nextAttemptAt keeps when it died (the admin console shows it).
                  { status: 'dead', lastError, nextAttemptAt: now }
                : {
                    status: 'pending',
                    lastError,
                    nextAttemptAt: new Date(now.getTime() + backoff(email.attempts)),
                  },
            )
            .where(
              and(
                eq(outgoingEmails.id, email.id),
                eq(outgoingEmails.status, 'sending'),
                eq(outgoingEmails.attempts, email.attempts),
              ),
            );
          const fields = {
            mail: {
              id: email.id,
              template: email.template,
              subject: email.subject,
              attempts: email.attempts,
            },
            err: { message: lastError },
          };
          if (dead) {
            report.dead++;
            log.error(fields, `email could not be sent: dead after ${email.attempts} attempts`);
          } else {
            report.retrying++;
            log.warn(fields, 'email could not be sent; it will be retried');
          }
          continue;
        }
        // Accepted: sent, and the body (it may hold a reset link) is no longer kept.
        await db
          .update(outgoingEmails)
          .set({ status: 'sent', sentAt: clock(), text: '', html: '', lastError: null })
          .where(eq(outgoingEmails.id, email.id));
        report.sent++;
      }
      if (claimed.length < BATCH) return report;
    }
  }

  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  /** One run at a time; a kick during a run makes it go round once more (new rows may have come). */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverDue();
        } catch (error) {
          log.error({ err: { message: failureText(error) } }, 'email sender failed; it runs again later');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function kick() {
    if (!stopped) void drain();
  }

  return {
    queue,
    email: (target, to, name, data) => queue(target, { to, ...render(name, data, site) }),
    deliverDue,
    async retryDead(id) {
      const revived = await db
        .update(outgoingEmails)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: clock() })
        .where(and(eq(outgoingEmails.id, id), eq(outgoingEmails.status, 'dead')))
        .returning({ id: outgoingEmails.id });
      if (revived.length) kick();
      return revived.length > 0;
    },
    kick,
    async settled() {
      while (running) await running;
    },
    deliverNow: drain,
    start() {
      stopped = false;
    },
    async stop() {
      stopped = true;
      while (running) await running;
    },
  };
}

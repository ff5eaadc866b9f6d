// Questions and answers on a campaign (issue 22 item 2; docs/updates.md): a signed-in user with a
// verified email asks (QUESTIONS_PER_HOUR an hour), the campaign's trader answers in public and the
// asker is told (onQuestionAnswered); an admin hides an abusive question or answer with a reason,
// recorded in the audit log in the same transaction.
import type { Actor } from '../../../domain/policies.ts';
import { and, asc, eq } from 'drizzle-orm';
import {
  type AnswerCreate,
  type HideRequest,
  type Question,
  type QuestionCreate,
  type QuestionList,
} from '../../../domain/updates.ts';
import { displayName } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { campaignQuestions, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type Auditor } from '../../audit.ts';
import { claimAttempts, LIMITS } from '../../rate-limit.ts';
import { announce } from '../campaigns/index.ts';
import { campaignAccess } from './access.ts';

type Asker = Actor & { emailVerified: boolean };

/** POST /api/campaigns/:id/questions → `{id}`. */
export async function askQuestion(
  db: Db,
  viewer: Asker,
  campaignId: string,
  input: QuestionCreate,
  now: Date,
): Promise<{ id: string }> {
  if (!viewer.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
  await campaignAccess(db, viewer, campaignId);
  // Counted before the question is written; a refused one is not counted (claimAttempts withdraws it).
  await claimAttempts(db, [[LIMITS.questionsPerUser, viewer.id]], now);
  const [row] = await db
    .insert(campaignQuestions)
    .values({ campaignId, askerId: viewer.id, body: input.body, createdAt: now })
    .returning({ id: campaignQuestions.id });
  return { id: row!.id };
}

/** POST /api/campaigns/:id/questions/:questionId/answer: the trader's one answer (again after an admin hid it). */
export async function answerQuestion(
  db: Db,
  viewer: Actor,
  campaignId: string,
  questionId: string,
  input: AnswerCreate,
  now: Date,
): Promise<{ id: string; answeredAt: string }> {
  const access = await campaignAccess(db, viewer, campaignId);
  return inTransaction(db, async (tx) => {
    const [question] = await tx
      .select()
      .from(campaignQuestions)
      .where(and(eq(campaignQuestions.id, questionId), eq(campaignQuestions.campaignId, campaignId)))
      .for('update');
    // A hidden question is out of the public list: there is nothing to answer.
    if (!question || question.hiddenAt) throw new AppError('QUESTION_NOT_FOUND');
    if (!access.owns) throw new AppError('ANSWER_NOT_YOURS');
    if (question.answeredAt && !question.answerHiddenAt) throw new AppError('QUESTION_ALREADY_ANSWERED');
    await tx
      .update(campaignQuestions)
      .set({ answerBody: input.body, answeredAt: now, answerHiddenAt: null, answerHiddenReason: null })
      .where(eq(campaignQuestions.id, questionId));
    announce(tx, 'onQuestionAnswered', questionId);
    return { id: questionId, answeredAt: now.toISOString() };
  });
}

/**
 * GET /api/campaigns/:id/questions: oldest first. A hidden question only for its asker and admins, a
 * hidden answer left out (its reason shown to the asker, the trader and admins).
 */
export async function listQuestions(db: Db, viewer: Actor | null, campaignId: string): Promise<QuestionList> {
  const access = await campaignAccess(db, viewer, campaignId);
  const admin = viewer?.role === 'admin';
  const rows = await db
    .select({ q: campaignQuestions, asker: { firstName: users.firstName, username: users.username } })
    .from(campaignQuestions)
    .innerJoin(users, eq(users.id, campaignQuestions.askerId))
    .where(eq(campaignQuestions.campaignId, campaignId))
    .orderBy(asc(campaignQuestions.createdAt), asc(campaignQuestions.id));
  const items: Question[] = [];
  for (const { q, asker } of rows) {
    const mine = q.askerId === viewer?.id;
    if (q.hiddenAt && !mine && !admin) continue;
    const seesReasons = mine || admin || access.owns;
    const answerShown = q.answeredAt && q.answerBody !== null && !q.answerHiddenAt;
    items.push({
      id: q.id,
      campaignId: q.campaignId,
      body: q.body,
      askedBy: displayName(asker),
      createdAt: q.createdAt.toISOString(),
      mine,
      answer: answerShown ? { body: q.answerBody!, answeredAt: q.answeredAt!.toISOString() } : null,
      hidden: q.hiddenAt ? { reason: q.hiddenReason ?? '' } : null,
      answerHidden: q.answerHiddenAt && seesReasons ? { reason: q.answerHiddenReason ?? '' } : null,
    });
  }
  return { items };
}

/** POST /api/admin/questions/:id/hide: the question (with its answer) or only the answer; audited. */
export async function hidePost(
  db: Db,
  admin: Auditor,
  questionId: string,
  input: HideRequest,
  now: Date,
): Promise<{ id: string; part: HideRequest['part'] }> {
  return inTransaction(db, async (tx) => {
    const [question] = await tx
      .select()
      .from(campaignQuestions)
      .where(eq(campaignQuestions.id, questionId))
      .for('update');
    if (!question) throw new AppError('QUESTION_NOT_FOUND');
    const nothing =
      input.part === 'question' ? !!question.hiddenAt : !question.answeredAt || !!question.answerHiddenAt;
    if (nothing) throw AppError.of('NOTHING_TO_HIDE', { part: input.part });
    const before = input.part === 'question' ? { body: question.body } : { answer: question.answerBody };
    await tx
      .update(campaignQuestions)
      .set(
        input.part === 'question'
          ? { hiddenAt: now, hiddenReason: input.reason }
          : { answerHiddenAt: now, answerHiddenReason: input.reason },
      )
      .where(eq(campaignQuestions.id, questionId));
    await recordAudit(
      tx,
      admin,
      {
        action: input.part === 'question' ? 'question.hide' : 'answer.hide',
        targetType: 'question',
        targetId: questionId,
        reason: input.reason,
        before,
      },
      now,
    );
    return { id: questionId, part: input.part };
  });
}

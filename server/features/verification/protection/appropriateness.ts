// The entry knowledge test and the loss simulation (ECSP art. 21, docs/investor-protection.md): taken
// before a non-sophisticated investor's first investment and again every two years; a failed test does
// not block, it shows the warnings of the questions answered wrong and asks for their acknowledgement.
import { and, desc, eq, gt } from 'drizzle-orm';
import {
  APPROPRIATENESS_MESSAGES,
  APPROPRIATENESS_QUESTIONS,
  assessAnswers,
  isSophisticated,
  lossSimulation,
  riskWarningThreshold,
  twoYearsAfter,
  warningsFor,
  type AppropriatenessInput,
  type AppropriatenessView,
} from '../../../../domain/investor-protection.ts';
import type { Db } from '../../../db/connect.ts';
import { appropriatenessAssessments, users } from '../../../db/schema/index.ts';
import type { Tx } from '../../../db/transaction.ts';
import { AppError } from '../../../errors.ts';

export interface ProtectedUser {
  id: string;
  isAccredited: boolean;
  accreditedUntil: Date | null;
}

type AssessmentRow = typeof appropriatenessAssessments.$inferSelect;

/** The investor's test that still holds at `now` (taken less than two years before), or undefined. */
export async function currentAssessment(
  db: Db | Tx,
  userId: string,
  now: Date,
): Promise<AssessmentRow | undefined> {
  const since = new Date(now.getTime());
  since.setUTCFullYear(since.getUTCFullYear() - 2);
  const [row] = await db
    .select()
    .from(appropriatenessAssessments)
    .where(and(eq(appropriatenessAssessments.userId, userId), gt(appropriatenessAssessments.takenAt, since)))
    .orderBy(desc(appropriatenessAssessments.takenAt))
    .limit(1);
  return row;
}

const publicQuestions = APPROPRIATENESS_QUESTIONS.map(({ id, text, options }) => ({
  id,
  text,
  options: options.map((o) => ({ ...o })),
}));

/** GET /api/investor/appropriateness. */
export async function appropriatenessOf(
  db: Db,
  user: ProtectedUser,
  now: Date,
): Promise<AppropriatenessView> {
  const sophisticated = isSophisticated(user, now);
  const current = await currentAssessment(db, user.id, now);
  return {
    status: sophisticated || current ? 'done' : 'required',
    questions: publicQuestions,
    sophisticated,
    passed: current?.passed ?? null,
    takenAt: current?.takenAt.toISOString() ?? null,
    validUntil: current ? twoYearsAfter(current.takenAt).toISOString() : null,
    netWorth: current?.netWorth ?? null,
    maxLoss: current?.maxLoss ?? null,
    riskWarningAbove: sophisticated ? null : current ? riskWarningThreshold(current.netWorth) : null,
  };
}

/**
 * POST /api/investor/appropriateness: scores the answers, runs the simulation and stores both. A failed
 * test needs `acknowledged: true` (400 naming the field, with the warnings, otherwise: nothing stored).
 */
export async function takeAppropriateness(
  db: Db,
  user: ProtectedUser,
  input: AppropriatenessInput,
  now: Date,
): Promise<{ passed: boolean; maxLoss: string }> {
  const { passed, wrong } = assessAnswers(input.answers);
  if (!passed && input.acknowledged !== true)
    throw new AppError(
      'VALIDATION',
      APPROPRIATENESS_MESSAGES.acknowledgementNeeded,
      { acknowledged: APPROPRIATENESS_MESSAGES.acknowledgementNeeded },
      { warnings: warningsFor(wrong) },
    );
  const { netWorth, maxLoss } = lossSimulation(input);
  await db.insert(appropriatenessAssessments).values({
    userId: user.id,
    answers: Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, input.answers[q.id]!])),
    passed,
    wrong,
    acknowledged: input.acknowledged === true,
    income: input.income,
    liquidAssets: input.liquidAssets,
    commitments: input.commitments,
    netWorth,
    maxLoss,
    takenAt: now,
  });
  return { passed, maxLoss };
}

/** The demo seed: an investor who took the test (passed) with this simulation. */
export async function recordPassedTest(
  db: Db | Tx,
  userId: string,
  simulation: { income: string; liquidAssets: string; commitments: string },
  at: Date,
): Promise<void> {
  const answers = Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, q.correct]));
  await db.insert(appropriatenessAssessments).values({
    userId,
    answers,
    passed: true,
    wrong: [],
    acknowledged: false,
    ...simulation,
    ...lossSimulation(simulation),
    takenAt: at,
  });
}

/** The user's classification fields, read fresh (a session's copy may predate an admin's decision). */
export async function protectedUser(db: Db | Tx, userId: string): Promise<ProtectedUser> {
  const [row] = await db
    .select({ id: users.id, isAccredited: users.isAccredited, accreditedUntil: users.accreditedUntil })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

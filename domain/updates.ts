// Campaign updates and questions (issue 22 items 1 and 2; docs/updates.md): what a trader tells a
// campaign's public or only its backers after launch, with files attached, and the public questions
// signed-in users ask and the trader answers. The wire shapes of every call, shared with the forms.
import { z } from 'zod';
import { DOCUMENT_TYPES } from './kyc.ts';
import { textField } from './text.ts';

export const UPDATE_AUDIENCES = ['public', 'backers'] as const;
export type UpdateAudience = (typeof UPDATE_AUDIENCES)[number];
export const UPDATE_AUDIENCE_LABELS: Record<UpdateAudience, string> = {
  public: 'Public',
  backers: 'Backers only',
};

/** Bounds on what people type (a tweet-sized title, a page of text, a paragraph per question). */
export const UPDATE_LIMITS = {
  title: 120,
  body: 5000,
  /** Files attached to one update (PDF, JPEG or PNG, 10 MB each). */
  attachments: 5,
  question: 1000,
  answer: 2000,
  hideReason: 500,
  /** Updates an investor's portfolio lists (newest first). */
  recent: 20,
} as const;

/** Questions one user may ask in an hour, over every campaign. */
export const QUESTIONS_PER_HOUR = 10;

const text = (label: string, max: number, multiline = false) =>
  textField(label, { error: `${label} is required`, multiline })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** `POST /api/campaigns/:id/updates` (the owning trader). */
export const updateCreateSchema = z.strictObject({
  title: text('Title', UPDATE_LIMITS.title),
  body: text('Text', UPDATE_LIMITS.body, true),
  audience: z.enum(UPDATE_AUDIENCES, { error: 'Audience must be public or backers' }),
});
export type UpdateCreate = z.infer<typeof updateCreateSchema>;

export const createdSchema = z.object({ id: z.string().uuid() });

export const updateAttachmentSchema = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  contentType: z.enum(DOCUMENT_TYPES),
  size: z.number().int(),
  /** Where the file is read (same visibility as its update). */
  url: z.string(),
});
export type UpdateAttachment = z.infer<typeof updateAttachmentSchema>;

export const campaignUpdateSchema = z.object({
  id: z.string().uuid(),
  campaignId: z.string().uuid(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(UPDATE_AUDIENCES),
  createdAt: z.string().datetime(),
  attachments: z.array(updateAttachmentSchema),
});
export type CampaignUpdate = z.infer<typeof campaignUpdateSchema>;

/** `GET /api/campaigns/:id/updates`: what the caller may read, and how many backers-only ones they may not. */
export const campaignUpdateListSchema = z.object({
  items: z.array(campaignUpdateSchema),
  /** Backers-only updates left out for this caller (0 for backers, the trader and admins). */
  backersOnly: z.number().int(),
});
export type CampaignUpdateList = z.infer<typeof campaignUpdateListSchema>;

/** `GET /api/portfolio/updates`: the newest updates of the campaigns the investor backs. */
export const recentUpdateSchema = campaignUpdateSchema.extend({ campaignTitle: z.string() });
export const recentUpdateListSchema = z.object({ items: z.array(recentUpdateSchema) });
export type RecentUpdate = z.infer<typeof recentUpdateSchema>;

// ---- questions and answers ------------------------------------------------------------------------

/** `POST /api/campaigns/:id/questions` (signed-in users). */
export const questionCreateSchema = z.strictObject({ body: text('Question', UPDATE_LIMITS.question, true) });
export type QuestionCreate = z.infer<typeof questionCreateSchema>;

/** `POST /api/campaigns/:id/questions/:questionId/answer` (the owning trader). */
export const answerCreateSchema = z.strictObject({ body: text('Answer', UPDATE_LIMITS.answer, true) });
export type AnswerCreate = z.infer<typeof answerCreateSchema>;

export const HIDE_PARTS = ['question', 'answer'] as const;
/** `POST /api/admin/questions/:id/hide`: the question (and its answer with it) or only the answer. */
export const hideSchema = z.strictObject({
  part: z.enum(HIDE_PARTS, { error: 'Part must be question or answer' }),
  reason: text('Reason', UPDATE_LIMITS.hideReason, true),
});
export type HideRequest = z.infer<typeof hideSchema>;

export const questionSchema = z.object({
  id: z.string().uuid(),
  campaignId: z.string().uuid(),
  body: z.string(),
  /** The asker's display name. */
  askedBy: z.string(),
  createdAt: z.string().datetime(),
  /** Whether the caller asked it. */
  mine: z.boolean(),
  answer: z.object({ body: z.string(), answeredAt: z.string().datetime() }).nullable(),
  /** Set only for the asker and admins: an admin hid the question (it is not in the public list). */
  hidden: z.object({ reason: z.string() }).nullable(),
  /** Set only for the asker, the trader and admins: an admin hid the answer. */
  answerHidden: z.object({ reason: z.string() }).nullable(),
});
export type Question = z.infer<typeof questionSchema>;
export const questionListSchema = z.object({ items: z.array(questionSchema) });
export type QuestionList = z.infer<typeof questionListSchema>;

export const answeredSchema = z.object({ id: z.string().uuid(), answeredAt: z.string().datetime() });
export const hiddenSchema = z.object({ id: z.string().uuid(), part: z.enum(HIDE_PARTS) });

/** Whether the caller may answer: the campaign's own trader, a question not yet answered (or whose answer was hidden). */
export function canAnswer(
  viewer: { id: string; role: string } | null,
  campaign: { traderId: string },
  question: Pick<Question, 'answer' | 'hidden'>,
): boolean {
  return viewer?.role === 'trader' && viewer.id === campaign.traderId && !question.answer && !question.hidden;
}

// The campaign page's questions and answers: the list (hidden posts only for their asker and admins,
// with the reason), the ask form for signed-in users, the trader's answer form and an admin's hiding.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  answerCreateSchema,
  canAnswer,
  questionCreateSchema,
  UPDATE_LIMITS,
  type AnswerCreate,
  type HideRequest,
  type Question,
  type QuestionCreate,
} from '@domain/updates.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { useAuth } from '@/features/accounts/index.ts';
import { serverMessageOf } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { ReadState } from './ReadState.tsx';
import { useAnswerQuestion, useAskQuestion, useHidePost, useQuestions } from '../api/questions.ts';

function AskForm({ campaignId }: { campaignId: string }) {
  const ask = useAskQuestion(campaignId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<QuestionCreate>({ resolver: zodResolver(questionCreateSchema), defaultValues: { body: '' } });
  const onSubmit = handleSubmit((values) => ask.mutate(values, { onSuccess: () => reset({ body: '' }) }));
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Ask a question" className="grid gap-3">
      <Field
        id="question-body"
        label="Your question"
        error={errors.body?.message}
        hint="Everyone who can see this campaign reads your question and the trader's answer."
      >
        <Textarea
          rows={3}
          maxLength={UPDATE_LIMITS.question}
          {...fieldA11y('question-body', errors.body?.message, { hint: true })}
          {...register('body')}
        />
      </Field>
      <FormAlert
        message={
          ask.error
            ? serverMessageOf(ask.error) || 'Your question was not posted. Please try again.'
            : undefined
        }
      />
      <div>
        <Button type="submit" disabled={ask.isPending}>
          {ask.isPending ? 'Posting…' : 'Ask question'}
        </Button>
      </div>
    </form>
  );
}

function AnswerForm({ campaignId, question }: { campaignId: string; question: Question }) {
  const answer = useAnswerQuestion(campaignId);
  const id = `answer-${question.id}`;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AnswerCreate>({ resolver: zodResolver(answerCreateSchema), defaultValues: { body: '' } });
  const onSubmit = handleSubmit((values) => answer.mutate({ questionId: question.id, ...values }));
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Answer the question" className="grid gap-2">
      <Field id={id} label="Your answer" error={errors.body?.message}>
        <Textarea
          rows={3}
          maxLength={UPDATE_LIMITS.answer}
          {...fieldA11y(id, errors.body?.message)}
          {...register('body')}
        />
      </Field>
      <FormAlert
        message={
          answer.error
            ? serverMessageOf(answer.error) || 'The answer was not posted. Please try again.'
            : undefined
        }
      />
      <div>
        <Button type="submit" size="sm" disabled={answer.isPending}>
          {answer.isPending ? 'Posting…' : 'Post answer'}
        </Button>
      </div>
    </form>
  );
}

/** An admin's hiding of the question or its answer, with the reason. */
function HideControl({ campaignId, question }: { campaignId: string; question: Question }) {
  const hide = useHidePost(campaignId);
  const [part, setPart] = useState<HideRequest['part'] | null>(null);
  const [reason, setReason] = useState('');
  const id = `hide-${question.id}`;
  if (!part)
    return (
      <div className="flex flex-wrap gap-2">
        {!question.hidden && (
          <Button type="button" variant="outline" size="sm" onClick={() => setPart('question')}>
            Hide question
          </Button>
        )}
        {question.answer && (
          <Button type="button" variant="outline" size="sm" onClick={() => setPart('answer')}>
            Hide answer
          </Button>
        )}
      </div>
    );
  return (
    <form
      noValidate
      aria-label={part === 'question' ? 'Hide the question' : 'Hide the answer'}
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        hide.mutate({ questionId: question.id, part, reason }, { onSuccess: () => setPart(null) });
      }}
    >
      <Field id={id} label={`Why hide the ${part}?`} hint="Recorded in the audit log; the asker sees it.">
        <Input
          value={reason}
          maxLength={UPDATE_LIMITS.hideReason}
          onChange={(e) => setReason(e.target.value)}
          {...fieldA11y(id, undefined, { hint: true })}
        />
      </Field>
      <FormAlert
        message={
          hide.error ? serverMessageOf(hide.error) || 'Nothing was hidden. Please try again.' : undefined
        }
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="destructive" disabled={hide.isPending || !reason.trim()}>
          Hide {part}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setPart(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function QuestionEntry({
  campaignId,
  question,
  traderId,
}: {
  campaignId: string;
  question: Question;
  traderId: string;
}) {
  const { user } = useAuth();
  return (
    <li className="space-y-3 border-t pt-4 first:border-t-0 first:pt-0">
      <div>
        <p className="text-sm text-muted-foreground">
          {question.mine ? 'You asked' : `${question.askedBy} asked`} on{' '}
          <time dateTime={question.createdAt}>{formatDate(question.createdAt)}</time>
        </p>
        <p className="mt-1 break-words whitespace-pre-line">{question.body}</p>
      </div>
      {question.hidden && (
        <p role="note" className="rounded-md bg-destructive/10 p-2 text-sm text-destructive">
          Hidden by an admin: {question.hidden.reason}. Only you and admins see this question.
        </p>
      )}
      {question.answer ? (
        <div className="ml-3 border-l-2 border-primary/40 pl-3">
          <p className="text-sm font-medium">
            The trader answered on{' '}
            <time dateTime={question.answer.answeredAt}>{formatDate(question.answer.answeredAt)}</time>
          </p>
          <p className="mt-1 text-sm break-words whitespace-pre-line">{question.answer.body}</p>
        </div>
      ) : (
        !question.hidden && <p className="text-sm text-muted-foreground">Not answered yet.</p>
      )}
      {question.answerHidden && (
        <p role="note" className="text-sm text-muted-foreground">
          An answer was hidden by an admin: {question.answerHidden.reason}.
        </p>
      )}
      {canAnswer(user, { traderId }, question) && <AnswerForm campaignId={campaignId} question={question} />}
      {user?.role === 'admin' && <HideControl campaignId={campaignId} question={question} />}
    </li>
  );
}

export function CampaignQuestions({ campaignId, traderId }: { campaignId: string; traderId: string }) {
  const questions = useQuestions(campaignId);
  const { user, openAuthDialog } = useAuth();
  const ownsIt = user?.id === traderId;
  return (
    <section aria-labelledby="questions-heading">
      <Card>
        <CardHeader>
          <CardTitle id="questions-heading">Questions and answers</CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          {questions.isPending || questions.error ? (
            <ReadState read={questions} what="questions" />
          ) : questions.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {ownsIt
                ? 'Nobody has asked a question yet.'
                : 'No questions yet. Ask the trader anything about this trade.'}
            </p>
          ) : (
            <ul aria-label="Questions" className="space-y-4">
              {questions.data.items.map((q) => (
                <QuestionEntry key={q.id} campaignId={campaignId} question={q} traderId={traderId} />
              ))}
            </ul>
          )}
          {user && !ownsIt && <AskForm campaignId={campaignId} />}
          {!user && (
            <p className="text-sm">
              <Button type="button" variant="outline" size="sm" onClick={() => openAuthDialog('signin')}>
                Sign in to ask a question
              </Button>
            </p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

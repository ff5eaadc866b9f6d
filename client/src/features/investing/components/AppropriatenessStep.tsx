// The entry knowledge test and the loss simulation (docs/investor-protection.md), the first step of a
// non-sophisticated investor's first investment. A wrong answer does not block: its warning is shown
// and the investor confirms they understand it before going on.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  appropriatenessInputSchema,
  assessAnswers,
  LOSS_SHARE_OF_NET_WORTH,
  lossSimulation,
  warningsFor,
  type AppropriatenessView,
} from '@domain/investor-protection.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { useTakeAppropriateness, type AppropriatenessAnswers } from '../api/take-appropriateness.ts';
import { describedByReason, DisabledHint } from '@/components/ui/disabled-hint.tsx';

type Values = AppropriatenessAnswers;

const MONEY_FIELDS = [
  ['income', 'Yearly income (USD)', 'Salary and other regular income before tax, per year'],
  ['liquidAssets', 'Liquid assets (USD)', 'Cash, savings and investments you could sell within weeks'],
  [
    'commitments',
    'Yearly financial commitments (USD)',
    'Rent or mortgage, loans and other fixed payments, per year',
  ],
] as const;

export function AppropriatenessStep({ view, onDone }: { view: AppropriatenessView; onDone: () => void }) {
  const take = useTakeAppropriateness();
  const [acknowledged, setAcknowledged] = useState(false);
  const [wrong, setWrong] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(appropriatenessInputSchema, undefined, { raw: true }),
    defaultValues: { answers: {}, income: '', liquidAssets: '', commitments: '' },
  });
  const money = useWatch({ control, name: ['income', 'liquidAssets', 'commitments'] });
  const simulation = money.every((v) => /^\d+(\.\d{1,2})?$/.test(v.trim()))
    ? lossSimulation({ income: money[0], liquidAssets: money[1], commitments: money[2] })
    : null;

  const onSubmit = handleSubmit((values) => {
    const result = assessAnswers(values.answers);
    setWrong(result.wrong);
    // A failed test is sent once its warnings were read and confirmed.
    if (!result.passed && !acknowledged) return;
    take.mutate({ ...values, ...(!result.passed && { acknowledged: true }) }, { onSuccess: onDone });
  });
  const warnings = wrong && wrong.length > 0 ? warningsFor(wrong) : [];
  const ackReason =
    warnings.length > 0 && !acknowledged ? 'Tick the box above to say you have read the warnings.' : null;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Knowledge test" className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        Before your first investment the law asks us to check that you understand the risks, and how much loss
        you could bear. It takes about two minutes and is valid for two years.
      </p>
      <section aria-labelledby="test-heading" className="grid gap-4">
        <h3 id="test-heading" className="font-semibold">
          1. Knowledge test
        </h3>
        {view.questions.map((q, n) => {
          const error = errors.answers?.[q.id]?.message;
          return (
            <fieldset
              key={q.id}
              className="grid gap-1.5"
              aria-describedby={error ? `${q.id}-error` : undefined}
            >
              <legend className="mb-1 text-sm font-medium">
                {n + 1}. {q.text}
              </legend>
              {q.options.map((o) => (
                <label key={o.id} className="flex items-start gap-2 text-sm">
                  <input type="radio" value={o.id} className="mt-1" {...register(`answers.${q.id}`)} />
                  {o.text}
                </label>
              ))}
              {error && (
                <p id={`${q.id}-error`} className="text-sm font-medium text-destructive">
                  {error}
                </p>
              )}
            </fieldset>
          );
        })}
      </section>

      <section aria-labelledby="simulation-heading" className="grid gap-4">
        <h3 id="simulation-heading" className="font-semibold">
          2. How much loss could you bear?
        </h3>
        <div className="grid gap-4 sm:grid-cols-3">
          {MONEY_FIELDS.map(([name, label, hint]) => (
            <Field key={name} id={`sim-${name}`} label={label} hint={hint} error={errors[name]?.message}>
              <Input
                inputMode="decimal"
                {...fieldA11y(`sim-${name}`, errors[name]?.message, { hint: true })}
                {...register(name)}
              />
            </Field>
          ))}
        </div>
        <p aria-live="polite" className="rounded-lg border bg-accent/40 p-3 text-sm">
          {simulation
            ? `Net worth ${formatUsdCents(simulation.netWorth)} (income + liquid assets − commitments). The loss you could bear: ${formatUsdCents(simulation.maxLoss)}, ${Number(LOSS_SHARE_OF_NET_WORTH) * 100}% of it.`
            : 'Enter the three amounts to see the loss you could bear (10% of your net worth).'}
        </p>
      </section>

      {warnings.length > 0 && (
        <section
          role="alert"
          aria-labelledby="warnings-heading"
          className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
        >
          <h3 id="warnings-heading" className="font-semibold">
            Some answers show risks you may have misunderstood
          </h3>
          <ul className="list-disc space-y-1 pl-5">
            {warnings.map((w) => (
              <li key={w.questionId}>{w.warning}</li>
            ))}
          </ul>
          <label className="mt-2 flex items-start gap-2 font-medium">
            <input
              type="checkbox"
              className="mt-1"
              checked={acknowledged}
              onChange={(event) => setAcknowledged(event.target.checked)}
            />
            I have read these warnings and understand these risks
          </label>
        </section>
      )}

      <FormAlert
        message={
          take.isError
            ? (serverMessageOf(take.error) ?? 'Your answers were not saved. Please try again.')
            : undefined
        }
      />
      <div className="grid justify-items-start gap-1">
        <Button
          type="submit"
          disabled={take.isPending || ackReason !== null}
          aria-describedby={describedByReason('appropriateness-why', ackReason)}
        >
          {take.isPending ? 'Saving…' : warnings.length > 0 ? 'Confirm and continue' : 'Continue'}
        </Button>
        <DisabledHint id="appropriateness-why" reason={ackReason} />
      </div>
    </form>
  );
}

// /investor/classification: where the investor stands (non-sophisticated by default, or sophisticated
// until a date) and the application to be treated as sophisticated: the regulation's criteria and the
// evidence, reviewed by an admin (docs/investor-protection.md). The form: react-hook-form with the
// domain's application form schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  CLASSIFICATION_CRITERIA,
  CLASSIFICATION_STATUS_LABELS,
  classificationFormSchema,
  CRITERIA_NEEDED,
  type ClassificationForm,
} from '@domain/investor-protection.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { Input, Label } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { useAuth } from '@/features/accounts/index.ts';
import { formatDate } from '@/lib/format.ts';
import { useApplyForClassification, useClassification } from '../api/classification.ts';

const TITLE = 'Investor classification';
const LEAD =
  'Every investor starts as non-sophisticated: you take a short knowledge test, see a loss simulation, and confirm a risk warning before larger investments. If you meet the criteria below, you can apply to be treated as a sophisticated investor for two years.';

function ApplicationForm() {
  const apply = useApplyForClassification();
  const {
    register,
    control,
    setValue,
    handleSubmit,
    formState: { errors },
  } = useForm<ClassificationForm>({
    resolver: zodResolver(classificationFormSchema),
    defaultValues: { personType: 'natural', criteria: [], evidence: [], statement: '' },
    reValidateMode: 'onSubmit',
  });
  const [personType, criteria] = useWatch({ control, name: ['personType', 'criteria'] });
  // One problem at a time, the criteria first (the schema gives at most one).
  const error = errors.criteria?.message ?? errors.evidence?.message ?? errors.statement?.message;
  const options = Object.entries(CLASSIFICATION_CRITERIA[personType]);
  return (
    <form
      aria-label="Apply to be a sophisticated investor"
      className="grid gap-4"
      noValidate
      onSubmit={(event) =>
        void handleSubmit((values) => {
          const form = new FormData();
          form.set('personType', values.personType);
          for (const file of values.evidence) if (file instanceof File) form.append('evidence', file);
          form.set('statement', values.statement);
          form.set('criteria', values.criteria.join(','));
          apply.mutate(form);
        })(event)
      }
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">I apply as</legend>
        {(['natural', 'legal'] as const).map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              value={type}
              {...register('personType', { onChange: () => setValue('criteria', []) })}
            />
            {type === 'natural' ? 'A person' : 'A company'}
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">
          Criteria that apply (at least {CRITERIA_NEEDED[personType] === 2 ? 'two' : 'one'})
        </legend>
        {options.map(([id, text]) => (
          <label key={id} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={criteria.includes(id)}
              onChange={(event) =>
                setValue(
                  'criteria',
                  event.target.checked ? [...criteria, id] : criteria.filter((c) => c !== id),
                )
              }
            />
            {text}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor="classification-evidence">
          Evidence (PDF, JPEG or PNG, up to 10 MB each, at most 5)
        </Label>
        <Input
          id="classification-evidence"
          name="evidence"
          type="file"
          multiple
          accept="application/pdf,image/jpeg,image/png"
          onChange={(event) => setValue('evidence', Array.from(event.target.files ?? []))}
        />
        <p className="text-xs text-muted-foreground">
          For example a payslip or tax return, a portfolio statement, an employer’s letter, a broker’s trade
          history, or the company’s latest accounts.
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="classification-statement">Anything the reviewer should know (optional)</Label>
        <Textarea id="classification-statement" maxLength={2000} {...register('statement')} />
      </div>
      <FormAlert message={error} />
      <div>
        <Button type="submit" disabled={apply.isPending}>
          {apply.isPending ? 'Sending…' : 'Send my application'}
        </Button>
      </div>
    </form>
  );
}

export default function ClassificationPage() {
  const { user } = useAuth();
  const view = useClassification();
  if (user?.role !== 'investor')
    return (
      <Page title={TITLE} lead={LEAD}>
        <p role="alert">Investor classification is for investors. Sign in with an investor account.</p>
      </Page>
    );
  if (view.isPending)
    return (
      <Page title={TITLE} lead={LEAD}>
        <p aria-busy="true">Loading…</p>
      </Page>
    );
  if (view.error)
    return (
      <Page title={TITLE} lead={LEAD}>
        <p role="alert" className="text-destructive">
          Your classification could not be loaded. Please try again.
        </p>
      </Page>
    );
  const { sophisticated, validUntil, latest } = view.data;
  const pending = latest?.status === 'pending';
  return (
    <Page title={TITLE} lead={LEAD}>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Your status</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <p className="text-lg font-semibold">
              {sophisticated
                ? `Sophisticated investor until ${formatDate(validUntil!)}`
                : 'Non-sophisticated investor'}
            </p>
            {latest && (
              <p>
                Latest application ({formatDate(latest.submittedAt)}):{' '}
                {CLASSIFICATION_STATUS_LABELS[latest.status]}
                {latest.status === 'rejected' && latest.rejectionReason && ` — ${latest.rejectionReason}`}
              </p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Apply to be a sophisticated investor</CardTitle>
          </CardHeader>
          <CardContent>
            {pending ? (
              <p className="text-sm">
                Your application is waiting for review. We will email you the decision.
              </p>
            ) : (
              <ApplicationForm />
            )}
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}

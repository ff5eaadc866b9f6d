// /complaints: file a complaint (category, what happened, an optional attachment) and follow each one
// filed: its reference, status, the date we decide by, and our outcome and response. Linked from
// /compliance, where the procedure is published. The form: react-hook-form with the domain's
// complaint form schema (the server's fields and the attachment's size).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_DECISION_BUSINESS_DAYS,
  COMPLAINT_OUTCOME_LABELS,
  COMPLAINT_STATUS_LABELS,
  COMPLAINT_TEXT_MAX,
  COMPLAINT_TEXT_MIN,
  complaintFormSchema,
  type Complaint,
  type ComplaintCategory,
  type ComplaintForm as ComplaintFormValues,
} from '@domain/complaints.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { Field, fieldA11y } from '@/components/ui/form-field.tsx';
import { Input, NativeSelect } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { RequireSignIn } from '@/features/accounts/index.ts';
import { useFileComplaint, useMyComplaints } from '../api/complaints.ts';

const TITLE = 'Complaints';
const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

function ComplaintForm() {
  const file = useFileComplaint();
  const [filed, setFiled] = useState<Complaint | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors: fieldErrors },
  } = useForm<ComplaintFormValues>({
    resolver: zodResolver(complaintFormSchema),
    // No category until one is chosen: the select shows "Choose a category".
    defaultValues: { category: '' as ComplaintCategory, text: '', attachment: undefined },
    reValidateMode: 'onSubmit',
  });
  const errors = {
    category: fieldErrors.category?.message,
    text: fieldErrors.text?.message,
    attachment: fieldErrors.attachment?.message,
    form: fieldErrors.root?.server?.message,
  };

  const submit = handleSubmit(async ({ category, text, attachment }, event) => {
    // The submit event's target is the form: its reset also empties the file input.
    const element = event?.target instanceof HTMLFormElement ? event.target : null;
    const form = new FormData();
    form.set('category', category);
    form.set('text', text);
    if (attachment instanceof File) form.set('attachment', attachment);
    try {
      setFiled(await file.mutateAsync(form));
      reset();
      element?.reset();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const fields = Object.entries(error.fields);
      for (const [name, message] of fields)
        if (name === 'category' || name === 'text' || name === 'attachment') setError(name, { message });
      if (!fields.length) setError('root.server', { message: error.serverMessage ?? error.message });
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate aria-label="File a complaint">
      {filed && (
        <p
          role="status"
          className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
        >
          Complaint received. Your reference is <strong>{filed.reference}</strong>; we will decide by{' '}
          {formatDate(filed.decisionDueAt)}.
        </p>
      )}
      <Field id="complaint-category" label="What is it about?" error={errors.category}>
        <NativeSelect {...register('category')} {...fieldA11y('complaint-category', errors.category)}>
          <option value="" disabled>
            Choose a category
          </option>
          {COMPLAINT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {COMPLAINT_CATEGORY_LABELS[c]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        id="complaint-text"
        label="What happened, and what would put it right?"
        error={errors.text}
        hint={`At least ${COMPLAINT_TEXT_MIN} characters: dates, amounts and references help us.`}
      >
        <Textarea
          {...register('text')}
          rows={6}
          maxLength={COMPLAINT_TEXT_MAX}
          {...fieldA11y('complaint-text', errors.text, { hint: true })}
        />
      </Field>
      <Field
        id="complaint-attachment"
        label="Attachment (optional)"
        error={errors.attachment}
        hint="PDF, JPEG or PNG, at most 10 MB"
      >
        <Controller
          control={control}
          name="attachment"
          render={({ field }) => (
            <Input
              type="file"
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(e.target.files?.[0])}
              accept={ACCEPT}
              {...fieldA11y('complaint-attachment', errors.attachment, { hint: true })}
            />
          )}
        />
      </Field>
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.form}
        </p>
      )}
      <div>
        <Button type="submit" disabled={file.isPending}>
          {file.isPending ? 'Sending…' : 'Send complaint'}
        </Button>
      </div>
    </form>
  );
}

function ComplaintList() {
  const complaints = useMyComplaints();
  if (!complaints.data)
    return (
      <p className="text-sm text-muted-foreground">
        {complaints.error ? 'Your complaints could not be loaded.' : 'Loading…'}
      </p>
    );
  if (!complaints.data.length)
    return <p className="text-sm text-muted-foreground">You have not filed a complaint.</p>;
  return (
    <ul className="grid gap-4" aria-label="Your complaints">
      {complaints.data.map((c) => (
        <li key={c.id} className="rounded-lg border p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono text-sm font-semibold">{c.reference}</span>
            <Badge tone={c.status === 'open' ? 'amber' : 'green'}>{COMPLAINT_STATUS_LABELS[c.status]}</Badge>
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            {COMPLAINT_CATEGORY_LABELS[c.category]} · received {formatDate(c.receivedAt)}
            {c.status === 'open' && <> · decision by {formatDate(c.decisionDueAt)}</>}
          </p>
          <p className="mt-2 whitespace-pre-line text-sm">{c.text}</p>
          {c.attachment && (
            <p className="mt-2 text-sm">
              <a
                className="underline"
                href={`/api/complaints/${c.id}/attachment`}
                target="_blank"
                rel="noreferrer"
              >
                {c.attachment.fileName}
              </a>
            </p>
          )}
          {c.outcome && (
            <div className="mt-3 rounded-md bg-muted p-3 text-sm">
              <p className="font-semibold">
                Outcome: {COMPLAINT_OUTCOME_LABELS[c.outcome]}
                {c.decidedAt && <> ({formatDate(c.decidedAt)})</>}
              </p>
              <p className="mt-1 whitespace-pre-line">{c.response}</p>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function ComplaintsPage() {
  return (
    <RequireSignIn title={TITLE} signedOutLead="Sign in to file a complaint and follow the ones you filed.">
      {() => (
        <Page
          title={TITLE}
          lead={`Tell us what went wrong. We acknowledge every complaint at once by email and decide within ${COMPLAINT_DECISION_BUSINESS_DAYS} business days.`}
        >
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <h2 className="text-lg font-semibold">File a complaint</h2>
                <CardDescription>
                  <a className="underline" href="/compliance#complaints">
                    How we handle complaints
                  </a>
                </CardDescription>
              </CardHeader>
              <CardContent>
                <ComplaintForm />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <h2 className="text-lg font-semibold">Your complaints</h2>
              </CardHeader>
              <CardContent>
                <ComplaintList />
              </CardContent>
            </Card>
          </div>
        </Page>
      )}
    </RequireSignIn>
  );
}

// /verification: the user's identity (KYC) and company (KYB) verification — the status, the admin's
// reason when rejected, the spec's 1-3 business days, the documents sent, and the upload form while
// the user may (re-)submit. Linked from the profile and from every gate that needs approved KYC.
import { useState, type FormEvent } from 'react';
import type { PublicUser } from '@domain/auth.ts';
import {
  DOCUMENT_KIND_LABELS,
  KYC_REVIEW_TIME,
  maySubmitDocuments,
  MAX_DOCUMENT_BYTES,
  type Verification,
} from '@domain/kyc.ts';
import { KYC_STATUS_LABELS } from '@domain/users.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { Field, fieldA11y } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { formatDate } from '@/lib/format.ts';
import { ApiError } from '@/lib/api.ts';
import { KYC_TONES, RequireSignIn } from '@/features/accounts/index.ts';
import { useUploadDocuments, useVerification } from '../api/verification.ts';
import { IdentityCard } from '../components/IdentityCard.tsx';

const TITLE = 'Verification';
const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

/** What approval opens for each role (the money gates of domain/policies.ts). */
const GATED: Record<PublicUser['role'], string> = {
  investor: 'investing',
  trader: 'creating campaigns and listing hydrogen',
  buyer: 'ordering hydrogen',
  admin: 'the console',
};

function statusText(status: Verification['kycStatus'], role: PublicUser['role']): string {
  switch (status) {
    case 'pending':
      return `Upload your documents to start the review. ${capitalise(GATED[role])} opens once you are approved.`;
    case 'under_review':
      return `Your documents are with our compliance team. ${KYC_REVIEW_TIME}`;
    case 'approved':
      return `You are verified: ${GATED[role]} is open to you.`;
    case 'rejected':
      return 'Your verification was not approved. Read the reason below, then send new documents.';
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function UploadForm({ user, verification }: { user: PublicUser; verification: Verification }) {
  const upload = useUploadDocuments();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const company = verification.required.includes('company');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const local: Record<string, string> = {};
    for (const kind of verification.required) {
      const file = form.get(kind);
      if (!(file instanceof File) || file.size === 0)
        local[kind] = `${DOCUMENT_KIND_LABELS[kind]} is required`;
      else if (file.size > MAX_DOCUMENT_BYTES)
        local[kind] = `${DOCUMENT_KIND_LABELS[kind]}: the file is larger than 10 MB`;
    }
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await upload.mutateAsync(form);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      {verification.required.map((kind) => (
        <Field
          key={kind}
          id={`kyc-${kind}`}
          label={DOCUMENT_KIND_LABELS[kind]}
          error={errors[kind]}
          hint="PDF, JPEG or PNG, at most 10 MB"
        >
          <Input
            type="file"
            name={kind}
            accept={ACCEPT}
            required
            {...fieldA11y(`kyc-${kind}`, errors[kind], { hint: true })}
          />
        </Field>
      ))}
      {company && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="kyc-company-name" label="Company name" error={errors.companyName}>
            <Input
              name="companyName"
              defaultValue={user.companyName ?? ''}
              {...fieldA11y('kyc-company-name', errors.companyName)}
            />
          </Field>
          <Field id="kyc-registration" label="Registration number" error={errors.registrationNumber}>
            <Input
              name="registrationNumber"
              defaultValue={user.registrationNumber ?? ''}
              {...fieldA11y('kyc-registration', errors.registrationNumber)}
            />
          </Field>
        </div>
      )}
      <div>
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Submit documents'}
        </Button>
      </div>
    </form>
  );
}

function VerificationView({ user }: { user: PublicUser }) {
  const verification = useVerification();
  if (!verification.data) {
    return (
      <Page
        title={TITLE}
        lead={
          verification.error
            ? 'Your verification could not be loaded. Please try again later.'
            : 'Loading your verification…'
        }
      />
    );
  }
  const v = verification.data;
  return (
    <Page title={TITLE} lead="Identity (KYC) and, for traders and buyers, company (KYB) verification.">
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Your documents</h2>
            <CardDescription>
              Kept in our database, never on a public web address: only you and our compliance team can open
              them.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {v.documents.length > 0 && (
              <ul className="grid gap-2 text-sm">
                {v.documents.map((d) => (
                  <li
                    key={d.id}
                    className="flex flex-wrap items-center justify-between gap-2 border-b pb-2 last:border-0"
                  >
                    <span className="font-medium">{DOCUMENT_KIND_LABELS[d.kind]}</span>
                    <a
                      className="text-primary underline-offset-4 hover:underline"
                      href={`/api/kyc/documents/${d.id}`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {d.fileName}
                    </a>
                    <span className="text-muted-foreground">{formatDate(d.createdAt)}</span>
                  </li>
                ))}
              </ul>
            )}
            {maySubmitDocuments(v.kycStatus, v.identityChange?.status === 'pending') ? (
              <UploadForm user={user} verification={v} />
            ) : (
              <p className="text-sm text-muted-foreground">
                {v.kycStatus === 'approved'
                  ? 'Nothing more to send.'
                  : 'You can send new documents if the review asks for them.'}
              </p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Status</h2>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p>
              <Badge tone={KYC_TONES[v.kycStatus]}>{KYC_STATUS_LABELS[v.kycStatus]}</Badge>
            </p>
            <p>{statusText(v.kycStatus, user.role)}</p>
            {v.kycStatus === 'rejected' && (
              <div role="note" className="rounded-md border border-destructive/40 p-3">
                <p className="font-medium">Reason given by our compliance team</p>
                <p className="mt-1">{v.kycRejectionReason}</p>
              </div>
            )}
            {v.submittedAt && <p className="text-muted-foreground">Submitted {formatDate(v.submittedAt)}</p>}
            <p className="text-muted-foreground">{KYC_REVIEW_TIME}</p>
          </CardContent>
        </Card>
        {user.role !== 'admin' && <IdentityCard user={user} verification={v} />}
      </div>
    </Page>
  );
}

export default function VerificationPage() {
  return (
    <RequireSignIn
      title={TITLE}
      signedOutLead="Sign in to verify your identity and start investing, trading or buying."
    >
      {(user) => <VerificationView user={user} />}
    </RequireSignIn>
  );
}

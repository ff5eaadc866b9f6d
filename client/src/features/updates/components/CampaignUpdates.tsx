// The campaign page's updates: newest first with their audience and files, a note of the backers-only
// updates the reader may not open, and the trader's form to post one.
import { zodResolver } from '@hookform/resolvers/zod';
import { FileText, Lock, Paperclip } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { MAX_DOCUMENT_BYTES } from '@domain/kyc.ts';
import {
  UPDATE_AUDIENCE_LABELS,
  UPDATE_LIMITS,
  updateCreateSchema,
  type CampaignUpdate,
  type UpdateCreate,
} from '@domain/updates.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Field, FieldError, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input, Label } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { ReadState } from './ReadState.tsx';
import { useCampaignUpdates, usePostUpdate } from '../api/updates.ts';

export function AudienceBadge({ audience }: { audience: CampaignUpdate['audience'] }) {
  return (
    <Badge tone={audience === 'backers' ? 'violet' : 'neutral'}>
      {audience === 'backers' && <Lock className="mr-1 h-3 w-3" aria-hidden />}
      {UPDATE_AUDIENCE_LABELS[audience]}
    </Badge>
  );
}

export function UpdateEntry({ update, heading = 'h4' }: { update: CampaignUpdate; heading?: 'h3' | 'h4' }) {
  const Heading = heading;
  return (
    <article
      aria-labelledby={`update-${update.id}`}
      className="space-y-2 border-t pt-4 first:border-t-0 first:pt-0"
    >
      <div className="flex flex-wrap items-center gap-2">
        <AudienceBadge audience={update.audience} />
        <time dateTime={update.createdAt} className="text-sm text-muted-foreground">
          {formatDate(update.createdAt)}
        </time>
      </div>
      <Heading id={`update-${update.id}`} className="font-semibold break-words">
        {update.title}
      </Heading>
      <p className="text-sm break-words whitespace-pre-line">{update.body}</p>
      {update.attachments.length > 0 && (
        <ul aria-label={`Files of ${update.title}`} className="flex flex-wrap gap-2">
          {update.attachments.map((file) => (
            <li key={file.id}>
              <a
                href={file.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex max-w-full items-center gap-1.5 rounded-md border px-2 py-1 text-sm text-primary hover:bg-accent"
              >
                <FileText className="h-4 w-4 shrink-0" aria-hidden />
                <span className="truncate">{file.fileName}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

const EMPTY: UpdateCreate = { title: '', body: '', audience: 'public' };
const ACCEPTED = ['application/pdf', 'image/jpeg', 'image/png'];

/** Why the chosen files cannot go (the server checks the same again), or null. */
function filesProblem(files: File[]): string | null {
  if (files.length > UPDATE_LIMITS.attachments) return `Choose at most ${UPDATE_LIMITS.attachments} files`;
  if (files.some((f) => !ACCEPTED.includes(f.type))) return 'Each file must be a PDF, JPEG or PNG file';
  if (files.some((f) => f.size > MAX_DOCUMENT_BYTES)) return 'Each file must be 10 MB or smaller';
  return null;
}

export function PostUpdateForm({ campaignId }: { campaignId: string }) {
  const post = usePostUpdate(campaignId);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<UpdateCreate>({ resolver: zodResolver(updateCreateSchema), defaultValues: EMPTY });

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    setFiles(chosen);
    setFileError(filesProblem(chosen));
  };
  const onSubmit = handleSubmit((update) => {
    if (filesProblem(files)) return;
    post.mutate(
      { campaignId, update, files },
      {
        onSuccess: () => {
          reset(EMPTY);
          setFiles([]);
          setInputKey((k) => k + 1);
        },
      },
    );
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Post an update"
      className="grid gap-4 rounded-lg border p-4"
    >
      <h3 className="font-semibold">Post an update</h3>
      <Field id="update-title" label="Title" error={errors.title?.message}>
        <Input
          maxLength={UPDATE_LIMITS.title}
          {...fieldA11y('update-title', errors.title?.message)}
          {...register('title')}
        />
      </Field>
      <Field id="update-body" label="Text" error={errors.body?.message}>
        <Textarea rows={5} {...fieldA11y('update-body', errors.body?.message)} {...register('body')} />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Who can read it</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="public" {...register('audience')} /> Everyone who can see the campaign
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="backers" {...register('audience')} /> Backers only
        </label>
        <FieldError id="update-audience" message={errors.audience?.message} />
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor="update-files">
          <Paperclip className="mr-1 inline h-4 w-4" aria-hidden />
          Files (optional)
        </Label>
        <Input
          key={inputKey}
          type="file"
          multiple
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          onChange={onFiles}
          {...fieldA11y('update-files', fileError ?? undefined, { hint: true })}
        />
        {fileError ? (
          <FieldError id="update-files" message={fileError} />
        ) : (
          <p id="update-files-hint" className="text-sm text-muted-foreground">
            Up to {UPDATE_LIMITS.attachments} PDF, JPEG or PNG files, 10 MB each.
          </p>
        )}
      </div>
      <FormAlert
        message={
          post.error
            ? serverMessageOf(post.error) || 'The update was not posted. Please try again.'
            : undefined
        }
      />
      <div>
        <Button type="submit" disabled={post.isPending || !!fileError}>
          {post.isPending ? 'Posting…' : 'Post update'}
        </Button>
      </div>
    </form>
  );
}

/** The updates card of the campaign page; the trader's form above the list. */
export function CampaignUpdates({ campaignId, ownsIt }: { campaignId: string; ownsIt: boolean }) {
  const updates = useCampaignUpdates(campaignId);
  const data = updates.data;
  return (
    <section aria-labelledby="updates-heading">
      <Card>
        <CardHeader>
          <CardTitle id="updates-heading">Updates</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {ownsIt && <PostUpdateForm campaignId={campaignId} />}
          {updates.isPending || updates.error ? (
            <ReadState read={updates} what="updates" />
          ) : (
            <>
              {data!.items.length === 0 && (
                <p className="text-sm text-muted-foreground">
                  {ownsIt
                    ? 'No updates yet. Tell your backers how the trade is going: they get each update by email.'
                    : 'The trader has not posted any updates yet.'}
                </p>
              )}
              {data!.items.map((update) => (
                <UpdateEntry key={update.id} update={update} />
              ))}
              {data!.backersOnly > 0 && (
                <p role="note" className="flex items-start gap-2 rounded-md bg-muted/60 p-3 text-sm">
                  <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                  {data!.backersOnly === 1
                    ? '1 more update is for backers only.'
                    : `${data!.backersOnly} more updates are for backers only.`}{' '}
                  Back this campaign to read them.
                </p>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

// One conversation (a quote request with one supplier, or an order) between its buyer and supplier.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { messageCreateSchema } from '@domain/rfqs.ts';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { usePostMessage, useThread, type Thread } from '../api/rfqs.ts';

const MESSAGE = messageCreateSchema.pick({ body: true });

export function MessageThread({ of, label }: { of: Thread; label: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const thread = useThread(of, open);
  const post = usePostMessage(of);
  const { register, handleSubmit, control, reset, formState } = useForm<{ body: string }>({
    resolver: zodResolver(MESSAGE),
    defaultValues: { body: '' },
    reValidateMode: 'onSubmit',
  });
  const blank = !useWatch({ control, name: 'body' }).trim();
  // A message over the limit is refused here with the server's own words.
  const problem = formState.errors.body?.message ?? (post.error ? serverMessageOf(post.error) : undefined);
  return (
    <details className="text-sm" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer font-medium text-primary">{label}</summary>
      <div className="mt-2 grid gap-2">
        {thread.data?.length ? (
          <ol className="grid gap-1" aria-label="Messages">
            {thread.data.map((m) => (
              <li key={m.id} className="rounded-md bg-muted p-2">
                <p className="text-xs text-muted-foreground">
                  {m.senderName} · {formatDate(m.createdAt)}
                </p>
                <p className="whitespace-pre-wrap">{m.body}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-muted-foreground">
            {thread.isPending ? 'Loading messages…' : 'No messages yet'}
          </p>
        )}
        <form
          className="grid gap-2"
          onSubmit={handleSubmit(({ body }) =>
            post.mutate(
              { body, ...(of.traderId && { traderId: of.traderId }) },
              { onSuccess: () => reset() },
            ),
          )}
        >
          <label htmlFor={`${id}-body`} className="sr-only">
            Message
          </label>
          <Textarea id={`${id}-body`} rows={2} {...register('body')} />
          <FormAlert message={problem} />
          <Button type="submit" size="sm" variant="outline" disabled={post.isPending || blank}>
            Send message
          </Button>
        </form>
      </div>
    </details>
  );
}

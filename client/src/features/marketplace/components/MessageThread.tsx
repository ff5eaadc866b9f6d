// One conversation (a quote request with one supplier, or an order) between its buyer and supplier.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { usePostMessage, useThread, type Thread } from '../api/rfqs.ts';

export function MessageThread({ of, label }: { of: Thread; label: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const thread = useThread(of, open);
  const post = usePostMessage(of);
  const [body, setBody] = useState('');
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
          onSubmit={(e) => {
            e.preventDefault();
            if (!body.trim()) return;
            post.mutate(
              { body, ...(of.traderId && { traderId: of.traderId }) },
              { onSuccess: () => setBody('') },
            );
          }}
        >
          <label htmlFor={`${id}-body`} className="sr-only">
            Message
          </label>
          <Textarea id={`${id}-body`} value={body} rows={2} onChange={(e) => setBody(e.target.value)} />
          <FormAlert message={post.error ? serverMessageOf(post.error) : undefined} />
          <Button type="submit" size="sm" variant="outline" disabled={post.isPending || !body.trim()}>
            Send message
          </Button>
        </form>
      </div>
    </details>
  );
}

// /settings: for each kind of notification, whether it shows in the app and (where the kind has an
// optional email not chosen in the section above) whether it is emailed; each change saves at once.
import { NOTICE_KINDS, NOTICE_KIND_INFO, NOTIFICATION_KINDS } from '@domain/notifications.ts';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { useNoticeChannels, useSaveNoticeChannels } from '../api/channels.ts';

const CHOSEN_ABOVE: readonly string[] = NOTIFICATION_KINDS;

export function NoticeChannels() {
  const { data, isPending, error } = useNoticeChannels();
  const save = useSaveNoticeChannels();
  if (isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (error || !data)
    return (
      <p role="alert" className="text-sm text-destructive">
        Your notification settings could not be loaded.
      </p>
    );
  return (
    <fieldset className="grid gap-2" disabled={save.isPending}>
      <legend className="sr-only">Notifications by kind</legend>
      <div className="grid grid-cols-[1fr_auto_auto] items-center gap-x-4 gap-y-3 text-sm">
        <span className="font-medium text-muted-foreground">Kind</span>
        <span className="font-medium text-muted-foreground">In the app</span>
        <span className="font-medium text-muted-foreground">Email</span>
        {NOTICE_KINDS.map((kind) => {
          const info = NOTICE_KIND_INFO[kind];
          const emailChoice = info.email === 'optional' && !CHOSEN_ABOVE.includes(kind);
          return (
            <div key={kind} className="contents">
              <span>
                <span className="font-medium">{info.label}</span>
                <span className="block text-xs text-muted-foreground">{info.description}</span>
              </span>
              <input
                type="checkbox"
                className="h-4 w-4 cursor-pointer accent-primary"
                aria-label={`In the app: ${info.label}`}
                checked={data[kind].inApp}
                onChange={(e) => save.mutate({ [kind]: { inApp: e.target.checked } })}
              />
              {emailChoice ? (
                <input
                  type="checkbox"
                  className="h-4 w-4 cursor-pointer accent-primary"
                  aria-label={`By email: ${info.label}`}
                  checked={data[kind].email}
                  onChange={(e) => save.mutate({ [kind]: { email: e.target.checked } })}
                />
              ) : (
                <span className="text-xs text-muted-foreground">
                  {info.email === 'none' ? 'None' : info.email === 'required' ? 'Always' : 'Above'}
                </span>
              )}
            </div>
          );
        })}
      </div>
      <FormAlert message={save.error ? (serverMessageOf(save.error) ?? 'Please try again.') : undefined} />
    </fieldset>
  );
}

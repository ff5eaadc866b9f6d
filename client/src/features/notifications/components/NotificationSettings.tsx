// /settings: which lifecycle emails the user receives (funded, refunded, payouts); each saves at once.
import { NOTIFICATION_KINDS, NOTIFICATION_LABELS } from '@domain/notifications.ts';
import { CheckboxField, FormAlert } from '@/components/ui/form-field.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { useNotificationPrefs, useSaveNotificationPrefs } from '../api/notification-prefs.ts';

export function NotificationSettings() {
  const { data, isPending, error } = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  if (isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (error || !data)
    return (
      <p role="alert" className="text-sm text-destructive">
        Your notification settings could not be loaded.
      </p>
    );
  return (
    <fieldset className="grid gap-3" disabled={save.isPending}>
      <legend className="sr-only">Emails about your investments</legend>
      {NOTIFICATION_KINDS.map((kind) => (
        <CheckboxField
          key={kind}
          id={`notify-${kind}`}
          checked={data[kind]}
          onChange={(e) => save.mutate({ ...data, [kind]: e.target.checked })}
          label={
            <>
              <span className="font-medium">{NOTIFICATION_LABELS[kind].label}</span>
              <span className="block text-muted-foreground">{NOTIFICATION_LABELS[kind].description}</span>
            </>
          }
        />
      ))}
      <FormAlert message={save.error ? (serverMessageOf(save.error) ?? 'Please try again.') : undefined} />
    </fieldset>
  );
}

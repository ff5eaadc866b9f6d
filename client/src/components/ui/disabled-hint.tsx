// Why a control is disabled, said where the user looks: a short line under (or beside) it, which the
// control names with aria-describedby, so a screen reader reads the reason with the button.
import { cn } from '@/lib/cn.ts';

/** The line of `reason` (nothing when the control is enabled); give the control `aria-describedby={id}`. */
export function DisabledHint({
  id,
  reason,
  className,
}: {
  id: string;
  reason: string | null;
  className?: string;
}) {
  if (!reason) return null;
  return (
    <p id={id} className={cn('text-xs text-muted-foreground', className)}>
      {reason}
    </p>
  );
}

/** The control's aria-describedby while a reason applies. */
export const describedByReason = (id: string, reason: string | null) => (reason ? id : undefined);

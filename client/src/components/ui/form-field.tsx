// Form field wiring: a label, the control, an optional hint and the field's error, linked for
// assistive technology (aria-invalid, aria-describedby). The caller spreads fieldA11y() on the control.
import { CheckCircle2 } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { Label } from './input.tsx';

export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** id, aria-invalid and aria-describedby (the error, or else the hint) for a control. */
export function fieldA11y(
  id: string,
  error?: string,
  options: { hint?: boolean; describedBy?: string } = {},
) {
  const describedBy = [
    error ? errorId(id) : undefined,
    options.hint && !error ? hintId(id) : undefined,
    options.describedBy,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

export function FieldError({ id, message, className }: { id: string; message?: string; className?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} className={cn('text-sm font-medium text-destructive', className)}>
      {message}
    </p>
  );
}

/** Label above the control; below it the error, or the hint while there is no error. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={hintId(id)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

/** A checkbox with its label beside it and its error below. */
export function CheckboxField({
  id,
  label,
  error,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'id'> & { id: string; label: ReactNode; error?: string }) {
  return (
    <div className={cn('grid gap-1', className)}>
      <div className="flex items-start gap-2.5">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer rounded border-input accent-primary"
          {...fieldA11y(id, error)}
          {...props}
        />
        <label htmlFor={id} className="cursor-pointer text-sm leading-snug">
          {label}
        </label>
      </div>
      <FieldError id={id} message={error} className="pl-6.5" />
    </div>
  );
}

/** The answer of a failed submit, announced when it appears. */
export function FormAlert({ message, className }: { message?: string; className?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn(
        'rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive',
        className,
      )}
    >
      {message}
    </div>
  );
}

/** The answer of a successful submit, announced when it appears. */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-start gap-2 text-sm">
      <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
      <span>{children}</span>
    </p>
  );
}

// The reason for a dispute (an investor's escrow, a buyer's order): react-hook-form with the domain's
// dispute schema; the caller sends it and closes the form once the server took it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { disputeSchema, type DisputeInput } from '@domain/admin.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, FormAlert } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { serverMessageOf } from '@/lib/api.ts';

export function DisputeForm({
  id,
  formLabel,
  fieldLabel,
  hint,
  pending,
  error,
  size,
  className,
  onDispute,
  onCancel,
}: {
  id: string;
  /** The form's accessible name. */
  formLabel: string;
  fieldLabel: string;
  hint: string;
  pending: boolean;
  error: unknown;
  size?: 'sm';
  className?: string;
  onDispute: (reason: string) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DisputeInput>({
    resolver: zodResolver(disputeSchema),
    defaultValues: { reason: '' },
    reValidateMode: 'onSubmit',
  });
  const fieldError = errors.reason?.message;
  return (
    <form
      onSubmit={handleSubmit(({ reason }) => onDispute(reason))}
      noValidate
      className={className}
      aria-label={formLabel}
    >
      <Field id={id} label={fieldLabel} error={fieldError} hint={hint}>
        <Textarea id={id} aria-invalid={!!fieldError} {...register('reason')} />
      </Field>
      <FormAlert message={error ? (serverMessageOf(error) ?? 'Please try again.') : undefined} />
      <div className="flex gap-2">
        <Button type="submit" size={size} disabled={pending}>
          Open dispute
        </Button>
        <Button type="button" size={size} variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

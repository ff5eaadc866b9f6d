// A file field for a campaign document (a milestone's evidence, the sales invoice): its label, what
// it accepts, the chosen file's problem at the field.
import { Field, fieldA11y } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { DOCUMENT_ACCEPT } from './document-file.ts';

export function DocumentInput({
  id,
  label,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  error?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}) {
  return (
    <Field id={id} label={label} error={error} hint="A PDF, JPEG or PNG of at most 10 MB.">
      {/* Clipped: a long file name in a wider fallback font (before the web font loads) would otherwise
          push the dialog a few pixels sideways at 390 px. */}
      <Input
        {...fieldA11y(id, error, { hint: true })}
        type="file"
        accept={DOCUMENT_ACCEPT}
        disabled={disabled}
        className="h-auto min-w-0 overflow-hidden text-ellipsis py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1 file:text-sm file:font-medium"
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
    </Field>
  );
}

// The sandbox's card form — a fixed contract (DESIGN.md §5): inputs labelled "Card number", "Expiry
// date (MM / YY)" and "CVC", and a note that this is a test-mode sandbox naming the 4242 card. The
// number is grouped by four and the expiry written "MM / YY" as they are typed (domain/payments.ts),
// the caret kept after the digit just typed. The form checks what a card form checks itself
// (complete, Luhn, a month and year, 3–4 digit CVC); the sandbox answers the rest as a card provider
// would (declined, insufficient funds, expired).
import { useId, useImperativeHandle, useState, type ChangeEvent, type Ref } from 'react';
import { flushSync } from 'react-dom';
import {
  CARD_MESSAGES,
  cardDigits,
  editCardExpiry,
  editCardNumber,
  formatCardNumber,
  luhnValid,
  parseCardExpiry,
  SANDBOX_SUCCESS_CARD,
} from '@domain/payments.ts';
import { Field, fieldA11y } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { ApiError } from '@/lib/api.ts';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment.ts';
import { CardError, type CardPayment } from '../card-payment.ts';
import { CARD_INCOMPLETE } from '../payment-text.ts';

const FIELDS = ['number', 'expiry', 'cvc'] as const;
type CardField = (typeof FIELDS)[number];
type CardValues = Record<CardField, string>;

/** How each field turns what was typed into what it shows (the CVC is shown as typed). */
const EDITS: Partial<Record<CardField, typeof editCardNumber>> = {
  number: editCardNumber,
  expiry: editCardExpiry,
};

/** Which way a deletion went (Delete or Backspace), for a separator deleted on its own. */
const deleteDirection = (event: ChangeEvent<HTMLInputElement>) =>
  (event.nativeEvent as InputEvent).inputType === 'deleteContentForward' ? 'forward' : 'backward';

function cardProblems(values: CardValues): Partial<Record<CardField, string>> {
  const problems: Partial<Record<CardField, string>> = {};
  const digits = cardDigits(values.number);
  if (!digits) problems.number = CARD_INCOMPLETE.number;
  else if (!luhnValid(digits)) problems.number = CARD_MESSAGES.invalidNumber;
  if (!values.expiry.trim()) problems.expiry = CARD_INCOMPLETE.expiry;
  else if (!parseCardExpiry(values.expiry)) problems.expiry = CARD_MESSAGES.invalidExpiry;
  if (!values.cvc.trim()) problems.cvc = CARD_INCOMPLETE.cvc;
  else if (!/^\d{3,4}$/.test(values.cvc.trim())) problems.cvc = CARD_MESSAGES.invalidCvc;
  return problems;
}

export function SandboxCardFields({ ref, onEdit }: { ref: Ref<CardPayment>; onEdit?: () => void }) {
  const id = useId();
  const ids: Record<CardField, string> = { number: `${id}-number`, expiry: `${id}-expiry`, cvc: `${id}-cvc` };
  const noteId = `${id}-note`;
  const [values, setValues] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const confirmPayment = useConfirmSandboxPayment();

  useImperativeHandle(
    ref,
    () => ({
      async check() {
        const problems = cardProblems(values);
        setErrors(problems);
        const first = FIELDS.find((field) => problems[field]);
        if (first) document.getElementById(`${id}-${first}`)?.focus();
        return !first;
      },
      async confirm({ paymentIntentId, clientSecret }) {
        const expiry = parseCardExpiry(values.expiry);
        if (!expiry) throw new CardError(CARD_MESSAGES.invalidExpiry);
        try {
          await confirmPayment.mutateAsync({
            paymentIntentId,
            clientSecret,
            card: { number: cardDigits(values.number), ...expiry, cvc: values.cvc.trim() },
          });
        } catch (error) {
          // 402: the card was refused; 400: the card itself is invalid. Both are the provider's words.
          if (
            error instanceof ApiError &&
            (error.status === 402 || error.status === 400) &&
            error.serverMessage
          )
            throw new CardError(error.serverMessage);
          throw error;
        }
      },
    }),
    [id, values, confirmPayment],
  );

  const field = (name: CardField) => ({
    ...fieldA11y(ids[name], errors[name], { describedBy: name === 'number' ? noteId : undefined }),
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.target;
      const edit = EDITS[name];
      setErrors((e) => ({ ...e, [name]: undefined }));
      onEdit?.();
      if (!edit) {
        setValues((v) => ({ ...v, [name]: input.value }));
        return;
      }
      const edited = edit(
        values[name],
        input.value,
        input.selectionStart ?? input.value.length,
        deleteDirection(event),
      );
      // The reformatted value on screen first (React would leave the caret at its end), then the caret.
      flushSync(() => setValues((v) => ({ ...v, [name]: edited.value })));
      input.setSelectionRange(edited.caret, edited.caret);
    },
    inputMode: 'numeric' as const,
    autoCorrect: 'off',
    spellCheck: false,
  });

  return (
    <div className="grid gap-3">
      <p
        id={noteId}
        className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      >
        <strong>Test mode:</strong> payments go to HydroBridge&apos;s built-in sandbox and no real card is
        charged. Pay with the test card {formatCardNumber(SANDBOX_SUCCESS_CARD)}, any future expiry date and
        any 3-digit CVC.
      </p>
      <Field id={ids.number} label="Card number" error={errors.number}>
        <Input
          {...field('number')}
          name="cardnumber"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
        />
      </Field>
      <div className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] items-start gap-3">
        <Field id={ids.expiry} label="Expiry date (MM / YY)" error={errors.expiry}>
          <Input
            {...field('expiry')}
            name="exp-date"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={9}
          />
        </Field>
        <Field id={ids.cvc} label="CVC" error={errors.cvc}>
          <Input {...field('cvc')} name="cvc" autoComplete="cc-csc" placeholder="123" maxLength={4} />
        </Field>
      </div>
    </div>
  );
}

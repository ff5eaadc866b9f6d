// Declare the result of the trade (a trading campaign with its Delivered milestone): the P&L waterfall
// — sales proceeds less purchase, shipping, insurance and other costs — beside the estimate made at
// creation, the actual profit it makes, what the trader would pay in once approved, and the sales
// invoice (required). Sent as `{to:"completed", actualProfit, waterfall, invoiceDocumentId}`. The
// form: react-hook-form with the domain's declare-result schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import { declareResultFormSchema } from '@domain/lifecycle.ts';
import { isNegative, isPositive } from '@domain/money.ts';
import { estimatedWaterfall, investorsShareOf, waterfallRows, type Waterfall } from '@domain/money-out.ts';
import { Button } from '@/components/ui/button.tsx';
import { errorId, FieldError, FormAlert } from '@/components/ui/form-field.tsx';
import { Input, Label } from '@/components/ui/input.tsx';
import { ApiError, serverMessageOf } from '@/lib/api.ts';
import { cn } from '@/lib/cn.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { useDeclareResult } from '../../api/declare-result.ts';
import { EMPTY_WATERFALL, settlementIf, typedProfit, WATERFALL_KEYS } from './waterfall-form.ts';
import { DocumentInput } from './DocumentInput.tsx';

const schema = declareResultFormSchema<File>();
const id = (name: string) => `declare-${name}`;
// One column that may shrink below its content on a phone (a grid's auto track, like a fieldset, does not).
const ROW =
  'grid grid-cols-[minmax(0,1fr)] items-center gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,1fr)_9rem_11rem]';

export function DeclareResult({ campaign }: { campaign: CampaignDetail }) {
  const declare = useDeclareResult(campaign.id);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    clearErrors,
    formState: { errors: formErrors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { ...EMPTY_WATERFALL, invoice: null },
    reValidateMode: 'onSubmit',
    // Focus goes to the first field in error in the order shown, the invoice last (below).
    shouldFocusError: false,
  });
  const [salesProceeds, purchaseCost, shippingCost, insuranceCost, otherCosts] = useWatch({
    control,
    name: WATERFALL_KEYS,
  });
  const values: Waterfall = { salesProceeds, purchaseCost, shippingCost, insuranceCost, otherCosts };
  const errors: Partial<Record<keyof Waterfall | 'invoice', string>> = Object.fromEntries(
    [...WATERFALL_KEYS, 'invoice' as const].map((k) => [k, formErrors[k]?.message]),
  );
  const estimate = estimatedWaterfall(campaign);
  // The lines as every waterfall names them, each with its estimate where one was made.
  const rows = waterfallRows({ waterfall: null, estimate, actualProfit: '0' });
  const lines = WATERFALL_KEYS.map((key, i) => ({ key, label: rows[i]!.label, estimate: rows[i]!.estimate }));
  const profit = typedProfit(values);
  const figures = profit === null ? null : settlementIf(campaign, profit);
  const share = figures && investorsShareOf(figures);

  const submit = handleSubmit(
    ({ invoice, ...waterfall }) =>
      declare.mutate({ waterfall, actualProfit: typedProfit(waterfall)!, invoice }),
    (found) => {
      const first = [...WATERFALL_KEYS, 'invoice' as const].find((k) => found[k]);
      document.getElementById(id(first ?? 'salesProceeds'))?.focus();
    },
  );

  const failure = declare.error;
  const failureText =
    failure instanceof ApiError && failure.fields.actualProfit
      ? failure.fields.actualProfit
      : failure
        ? (serverMessageOf(failure) ?? 'The result could not be declared. Please try again.')
        : undefined;

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="declare-heading"
      // minmax(0,1fr): a long file name is clipped in its field, never widens the dialog on a phone.
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
    >
      <div className="grid gap-1">
        <h3 id="declare-heading" className="font-semibold">
          Declare the result
        </h3>
        <p className="text-sm text-muted-foreground">
          Your P&amp;L for the delivered cargo, from the sales invoice. An admin checks it against the
          invoice; once it is approved you pay the settlement and the investors are paid out.
        </p>
      </div>
      <fieldset className="grid min-w-0 gap-2" disabled={declare.isPending}>
        <legend className="sr-only">P&amp;L waterfall (USD)</legend>
        <div className={cn(ROW, 'hidden text-sm text-muted-foreground sm:grid')} aria-hidden>
          <span />
          <span className="text-right">Estimated</span>
          <span>Actual (USD)</span>
        </div>
        {lines.map((line) => {
          const estimateId = id(`${line.key}-estimate`);
          const error = errors[line.key];
          return (
            <div key={line.key} className={cn(ROW, 'border-b pb-2')}>
              <Label htmlFor={id(line.key)}>{line.label}</Label>
              <p
                id={estimateId}
                className="text-sm text-muted-foreground tabular-nums sm:order-none sm:text-right"
              >
                {line.estimate ? (
                  <>
                    <span className="sm:sr-only">Estimated: </span>
                    {formatUsdCents(line.estimate)}
                  </>
                ) : (
                  'Not estimated'
                )}
              </p>
              <Input
                id={id(line.key)}
                inputMode="decimal"
                aria-invalid={error ? true : undefined}
                aria-describedby={[error && errorId(id(line.key)), estimateId].filter(Boolean).join(' ')}
                {...register(line.key, { onChange: () => clearErrors(line.key) })}
              />
              <FieldError id={id(line.key)} message={error} className="sm:col-span-3 sm:text-right" />
            </div>
          );
        })}
        <div className={cn(ROW, 'pt-1 font-semibold')}>
          <span>{rows[5]!.label}</span>
          <p className="text-sm font-normal text-muted-foreground tabular-nums sm:text-right">
            <span className="sm:sr-only">Estimated: </span>
            {formatUsdCents(estimate.profit)}
          </p>
          <output
            htmlFor={WATERFALL_KEYS.map(id).join(' ')}
            aria-live="polite"
            className={cn(
              'tabular-nums sm:px-3',
              profit !== null && isNegative(profit) && 'text-destructive',
            )}
          >
            {profit === null ? '—' : formatUsdCents(profit)}
          </output>
        </div>
      </fieldset>
      {figures && share && (
        <p className="rounded-md border border-primary/30 bg-accent/50 p-3 text-sm" aria-live="polite">
          Once approved you pay in{' '}
          <strong className="tabular-nums">{formatUsdCents(figures.amountDue)}</strong>: the{' '}
          {formatUsdCents(figures.disbursed)} released to the trade{' '}
          {share.kind === 'loss'
            ? `less the investors' share of the loss (${formatUsdCents(share.amount)}).`
            : `plus the investors' share of the profit (${formatUsdCents(share.amount)}).`}
          {isPositive(figures.fee) &&
            ` The platform fee of ${formatUsdCents(figures.fee)} comes out of the profit.`}
        </p>
      )}
      <DocumentInput
        id={id('invoice')}
        label="Sales invoice"
        error={errors.invoice}
        disabled={declare.isPending}
        onChange={(file) => {
          setValue('invoice', file);
          clearErrors('invoice');
        }}
      />
      <FormAlert message={failureText} />
      <div>
        <Button type="submit" disabled={declare.isPending}>
          {declare.isPending ? 'Declaring…' : 'Declare the result'}
        </Button>
      </div>
    </form>
  );
}

// /breakdown: a trade cost calculator. Every figure comes from domain/breakdown.ts; this page only
// keeps the typed text, shows the schema's messages and formats the result.
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { breakdownInputSchema } from '@domain/breakdown-schema.ts';
import {
  costBreakdown,
  DEFAULT_COSTS_PER_TONNE,
  SAMPLE_BREAKDOWN_INPUT,
  type BreakdownInput,
} from '@domain/breakdown.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { Input, Label } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';
import { formatNumber, formatPercent, formatUsd } from '@/lib/format.ts';
import { Table, Td, Th } from '@/components/ui/table.tsx';

type Field = keyof BreakdownInput;
type Errors = Partial<Record<Field, string>>;

const FIELDS: Array<{ name: Field; label: string; step: string; hint: string }> = [
  { name: 'quantityTonnes', label: 'Quantity (tonnes)', step: '1', hint: 'Hydrogen in the shipment' },
  { name: 'buyPrice', label: 'Buy price ($/kg)', step: '0.01', hint: 'Price paid to the producer in India' },
  { name: 'sellPrice', label: 'Sell price ($/kg)', step: '0.01', hint: 'Price paid by the buyer in Europe' },
];

const PER_TONNE_LABELS: Record<keyof typeof DEFAULT_COSTS_PER_TONNE, string> = {
  shipping: 'shipping',
  customs: 'customs',
  insurance: 'insurance',
  storage: 'storage',
  other: 'other',
};

/** The schema's first message per field. */
function validate(values: BreakdownInput): { data?: BreakdownInput; errors: Errors } {
  const parsed = breakdownInputSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

function TradeInputs({
  values,
  errors,
  onChange,
  onReset,
}: {
  values: BreakdownInput;
  errors: Errors;
  onChange: (field: Field, value: string) => void;
  onReset: () => void;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Trade inputs</h2>
        <CardDescription>Start from the sample trade and change any value.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="space-y-4" onSubmit={(e) => e.preventDefault()}>
          {FIELDS.map(({ name, label, step, hint }) => {
            const error = errors[name];
            const hintId = `${name}-hint`;
            const errorId = `${name}-error`;
            return (
              <div key={name} className="space-y-1.5">
                <Label htmlFor={name}>{label}</Label>
                <Input
                  id={name}
                  name={name}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step={step}
                  value={values[name]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${errorId} ${hintId}` : hintId}
                  className="tabular-nums"
                  onChange={(e) => onChange(name, e.target.value)}
                />
                {error && (
                  <p id={errorId} className="text-sm font-medium text-destructive">
                    {error}
                  </p>
                )}
                <p id={hintId} className="text-xs text-muted-foreground">
                  {hint}
                </p>
              </div>
            );
          })}
          <Button type="button" variant="outline" className="w-full" onClick={onReset}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            Reset to sample
          </Button>
        </form>
        <p className="mt-4 text-xs leading-5 text-muted-foreground">
          Logistics costs scale per tonne at the sample's rates:{' '}
          {Object.entries(DEFAULT_COSTS_PER_TONNE)
            .map(
              ([key, rate]) =>
                `${PER_TONNE_LABELS[key as keyof typeof DEFAULT_COSTS_PER_TONNE]} ${formatUsd(rate)}`,
            )
            .join(', ')}{' '}
          per tonne.
        </p>
      </CardContent>
    </Card>
  );
}

export default function BreakdownPage() {
  const [values, setValues] = useState<BreakdownInput>(SAMPLE_BREAKDOWN_INPUT);
  // The figures shown: the last input the schema accepted, so a typo never blanks the page.
  const [shownInput, setShownInput] = useState<BreakdownInput>(SAMPLE_BREAKDOWN_INPUT);
  const { errors } = useMemo(() => validate(values), [values]);
  const result = useMemo(() => costBreakdown(shownInput), [shownInput]);
  const isStale = Object.keys(errors).length > 0;
  const isLoss = result.netProfit.startsWith('-');

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    const { data } = validate(next);
    if (data) setShownInput(data);
  }

  function reset() {
    setValues(SAMPLE_BREAKDOWN_INPUT);
    setShownInput(SAMPLE_BREAKDOWN_INPUT);
  }

  const summary = [
    { label: 'Net profit', value: formatUsd(result.netProfit) },
    { label: 'Margin', value: formatPercent(result.marginPercent), note: 'Net profit / gross revenue' },
    {
      label: 'Return on cost',
      value: formatPercent(result.returnOnCostPercent),
      note: 'Net profit / total cost',
    },
  ];

  const profitLines = [
    { label: 'Gross revenue', note: 'Quantity × sell price', value: result.grossRevenue },
    { label: 'Total cost', note: 'From the cost lines', value: result.totalCost },
    { label: 'Gross profit', note: 'Revenue − total cost', value: result.grossProfit },
    { label: 'Platform fee', note: '5% of gross profit, none on a loss', value: result.platformFee },
  ];

  return (
    <Page
      title="Cost Breakdown"
      lead={
        <>
          What one green hydrogen shipment costs, earns and returns. Change the quantity or prices and every
          figure updates. Real campaigns show their own prices on the{' '}
          <Link href="/campaigns" className="font-medium text-primary underline underline-offset-4">
            campaigns page
          </Link>
          .
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
        <div className="lg:sticky lg:top-24">
          <TradeInputs values={values} errors={errors} onChange={change} onReset={reset} />
        </div>

        <div className="space-y-6">
          <section aria-labelledby="result-title">
            <h2 id="result-title" className="sr-only">
              Result
            </h2>
            <div role="status" aria-live="polite" className="[&:not(:empty)]:mb-4">
              {isStale && (
                <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
                  <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                  Showing the last valid figures. Correct the highlighted field to update them.
                </p>
              )}
            </div>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
              {summary.map((s) => (
                <div
                  key={s.label}
                  className="rounded-xl border bg-card p-4 first:col-span-2 sm:first:col-span-1"
                >
                  <dt className="text-sm text-muted-foreground">{s.label}</dt>
                  <dd className={cn('mt-1 text-2xl font-bold tabular-nums', isLoss && 'text-destructive')}>
                    {s.value}
                  </dd>
                  {s.note && <dd className="mt-0.5 text-xs text-muted-foreground">{s.note}</dd>}
                </div>
              ))}
            </dl>
          </section>

          <Card>
            <Table
              label="Cost lines"
              captionClassName="p-5 pb-3 text-left"
              caption={
                <>
                  <span className="block text-lg font-semibold">Cost lines</span>
                  <span className="block text-sm text-muted-foreground">
                    Capital needed for {formatNumber(shownInput.quantityTonnes)} t, in US dollars rounded to
                    the dollar.
                  </span>
                </>
              }
              className="text-sm"
            >
              <thead>
                <tr className="border-y bg-muted/50 text-left text-xs text-muted-foreground uppercase">
                  <Th className="px-5 py-2 font-medium">Cost line</Th>
                  <Th numeric className="px-5 py-2 font-medium">
                    Amount
                  </Th>
                </tr>
              </thead>
              <tbody>
                {result.lines.map((line) => (
                  <tr
                    key={line.label}
                    className={cn(
                      'border-b last:border-b-0',
                      line.isTotal && 'border-t-2 border-t-foreground/20 bg-accent/60',
                    )}
                  >
                    <Th scope="row" className="px-5 py-3 text-left align-top font-normal">
                      <span className={cn('block', line.isTotal ? 'text-base font-bold' : 'font-medium')}>
                        {line.label}
                      </span>
                      <span className="block text-xs text-muted-foreground">{line.description}</span>
                    </Th>
                    <Td
                      numeric
                      className={cn(
                        'px-5 py-3 align-top whitespace-nowrap',
                        line.isTotal ? 'text-base font-bold' : 'font-medium',
                      )}
                    >
                      {formatUsd(line.amount)}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Card>

          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold">Profit</h2>
              <CardDescription>
                From revenue to what investors share, pro rata to their shares.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="divide-y text-sm">
                {profitLines.map((p) => (
                  <div key={p.label} className="flex items-start justify-between gap-4 py-3 first:pt-0">
                    <dt>
                      <span className="block font-medium">{p.label}</span>
                      <span className="block text-xs text-muted-foreground">{p.note}</span>
                    </dt>
                    <dd className="font-medium whitespace-nowrap tabular-nums">{formatUsd(p.value)}</dd>
                  </div>
                ))}
                <div className="flex items-start justify-between gap-4 pt-3">
                  <dt>
                    <span className="block text-base font-bold">Net profit</span>
                    <span className="block text-xs text-muted-foreground">Gross profit − platform fee</span>
                  </dt>
                  <dd
                    className={cn(
                      'text-base font-bold whitespace-nowrap tabular-nums',
                      isLoss ? 'text-destructive' : 'text-primary',
                    )}
                  >
                    {formatUsd(result.netProfit)}
                  </dd>
                </div>
              </dl>
              {isLoss && (
                <p className="mt-4 text-sm font-medium text-destructive">
                  At these prices the trade loses money: investors would get back less than they put in.
                </p>
              )}
            </CardContent>
          </Card>

          <p className="text-sm text-muted-foreground">
            An illustration, not a forecast: real trades face price moves, delays and other costs. See{' '}
            <Link href="/how-it-works" className="font-medium text-primary underline underline-offset-4">
              how it works
            </Link>{' '}
            for how profit is shared and the risks.
          </p>
        </div>
      </div>
    </Page>
  );
}

// The one place for a campaign's fields: the create page and the edit modal both render this form.
// Numeric inputs hold text (decimal strings on the wire); the live preview computes through domain/.
import { Lock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { CAMPAIGN_LIMITS, destinationRegion } from '@domain/campaign-rules.ts';
import { REGION_LABELS, REGIONS, RISK_LABELS, type RiskLevel } from '@domain/campaigns.ts';
import type { FinancialTerm } from '@domain/policies.ts';
import {
  CAMPAIGN_FORM_FIELDS,
  campaignTermsPreview,
  netReturnPreview,
  type CampaignFormValues,
} from '@domain/trader-campaigns.ts';
import {
  DECLARED_COST_LABELS,
  DECLARED_COSTS,
  type DeclaredCost,
  type DISCLOSURE_KEYS,
} from '@domain/returns.ts';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Field, fieldA11y } from '@/components/ui/form-field.tsx';
import { Input, NativeSelect } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { formatPercent, formatUsd, formatUsdCents } from '@/lib/format.ts';

const RISK_TONES: Record<RiskLevel, BadgeTone> = { low: 'green', medium: 'amber', high: 'red' };
type DisclosureKey = (typeof DISCLOSURE_KEYS)[number];

export interface CampaignFormProps {
  /** Prefix of the controls' ids (the page and a modal may both be in the document). */
  idPrefix: string;
  /** "create": the region follows the route until picked, and may stay empty while the route is unknown. */
  mode: 'create' | 'edit';
  defaultValues: CampaignFormValues;
  resolver: Resolver<CampaignFormValues>;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Resolves when saved; a rejection's server field errors land on their fields. */
  onSubmit: (values: CampaignFormValues) => Promise<unknown>;
  onCancel: () => void;
  /** Fields shown read-only, with the reason above the form (edit: terms locked by investments). */
  locked?: { fields: readonly (FinancialTerm | DisclosureKey)[]; reason: string };
  /** A section of the caller's after the fields (the release schedule), given the values as typed. */
  extraSection?: (values: Partial<CampaignFormValues>) => ReactNode;
  /** Edit: when the campaign was created (the risk rule's funding window starts there); create: now. */
  createdAt?: string;
}

export function CampaignForm({
  idPrefix,
  mode,
  defaultValues,
  resolver,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
  locked,
  extraSection,
  createdAt,
}: CampaignFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<CampaignFormValues>({ resolver, defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  // The region follows the route's destination until the trader picks one (create), or in edit
  // until they pick one, only when the new route names a known destination.
  const [regionPicked, setRegionPicked] = useState(false);
  const watched = useWatch({ control });
  const preview = campaignTermsPreview(watched, createdAt ? new Date(createdAt) : new Date());
  const netPreview = netReturnPreview(watched);

  const id = (name: string) => `${idPrefix}-${name}`;
  const err = (name: keyof CampaignFormValues) => errors[name]?.message;
  const isLocked = (name: keyof CampaignFormValues) =>
    (locked?.fields as readonly string[] | undefined)?.includes(name) ?? false;
  const a11y = (name: keyof CampaignFormValues, hint = false) =>
    fieldA11y(id(name), err(name), { hint, describedBy: isLocked(name) ? id('locked') : undefined });
  /** A decimal input (text on the wire); read-only while locked. */
  const decimalInput = (name: (FinancialTerm | DeclaredCost) & keyof CampaignFormValues, min = 0) => (
    <Input
      type="number"
      inputMode="decimal"
      min={min}
      step={0.01}
      readOnly={isLocked(name)}
      {...a11y(name)}
      {...register(name)}
    />
  );

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, setError, CAMPAIGN_FORM_FIELDS);
    }
  });

  // Registered in the order of the form, so a failed submit focuses the first field with an error.
  const title = register('title');
  const tradeRoute = register('tradeRoute', {
    onChange: (e: { target: { value: string } }) => {
      if (regionPicked) return;
      const derived = destinationRegion(e.target.value);
      if (derived || mode === 'create') setValue('region', derived ?? '', { shouldValidate: false });
    },
  });
  const region = register('region', {
    onChange: () => {
      setRegionPicked(true);
    },
  });

  return (
    <form noValidate onSubmit={submit} aria-label={submitLabel} className="grid gap-6">
      {locked && locked.fields.length > 0 && (
        <p id={id('locked')} role="note" className="rounded-md border bg-muted/60 px-3 py-2 text-sm">
          <Lock className="mr-1.5 inline h-4 w-4 align-[-3px]" aria-hidden />
          {locked.reason}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 [&>*]:content-start">
        <Field id={id('title')} label="Campaign title" error={err('title')} className="sm:col-span-2">
          <Input maxLength={CAMPAIGN_LIMITS.titleMax} {...a11y('title')} {...title} />
        </Field>
        <Field
          id={id('tradeRoute')}
          label="Trade route"
          error={err('tradeRoute')}
          hint="Origin → destination, e.g. Kandla, India → Rotterdam, Netherlands"
          className="sm:col-span-2"
        >
          <Input maxLength={CAMPAIGN_LIMITS.tradeRouteMax} {...a11y('tradeRoute', true)} {...tradeRoute} />
        </Field>
        <Field id={id('targetAmount')} label="Target amount (USD)" error={err('targetAmount')}>
          {decimalInput('targetAmount')}
        </Field>
        <Field id={id('quantity')} label="Quantity (tonnes of hydrogen)" error={err('quantity')}>
          {decimalInput('quantity')}
        </Field>
        <Field id={id('buyPrice')} label="Buy price ($/kg)" error={err('buyPrice')}>
          {decimalInput('buyPrice')}
        </Field>
        <Field id={id('sellPrice')} label="Sell price ($/kg)" error={err('sellPrice')}>
          {decimalInput('sellPrice')}
        </Field>
        <Field id={id('minimumInvestment')} label="Minimum investment (USD)" error={err('minimumInvestment')}>
          {decimalInput('minimumInvestment', 100)}
        </Field>
        <Field
          id={id('deadline')}
          label="Funding deadline"
          error={err('deadline')}
          hint="Funding closes at the end of this day (UTC)."
        >
          <Input
            type="date"
            readOnly={isLocked('deadline')}
            {...a11y('deadline', true)}
            {...register('deadline')}
          />
        </Field>
        <Field
          id={id('region')}
          label="Region"
          error={err('region')}
          hint={
            mode === 'create' && !regionPicked
              ? "Follows the trade route's destination until you pick one."
              : 'The region of the destination market.'
          }
        >
          <NativeSelect {...a11y('region', true)} {...region}>
            {mode === 'create' && <option value="">Choose a region</option>}
            {REGIONS.map((r) => (
              <option key={r} value={r}>
                {REGION_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id={id('description')}
          label="Description"
          error={err('description')}
          hint="What the cargo is, who buys it and what investors should know."
          className="sm:col-span-2"
        >
          <Textarea
            rows={4}
            maxLength={CAMPAIGN_LIMITS.descriptionMax}
            {...a11y('description', true)}
            {...register('description')}
          />
        </Field>
      </div>

      <fieldset className="grid gap-4 sm:grid-cols-2 [&>*]:content-start">
        <legend className="mb-2 text-sm font-semibold">
          Costs and risks (shown to investors in the key investment information sheet)
        </legend>
        <p className="text-sm text-muted-foreground sm:col-span-2">
          The purchase is quantity × buy price. Declare every other cost of the trade in USD: investors see
          the expected return after them.
        </p>
        {DECLARED_COSTS.map((cost) => (
          <Field key={cost} id={id(cost)} label={`${DECLARED_COST_LABELS[cost]} (USD)`} error={err(cost)}>
            {decimalInput(cost)}
          </Field>
        ))}
        <Field
          id={id('riskFactors')}
          label="Risk factors"
          error={err('riskFactors')}
          hint="What could make this trade lose money: prices, the buyer, shipping, conversion, the plant."
          className="sm:col-span-2"
        >
          <Textarea
            rows={4}
            maxLength={3000}
            readOnly={isLocked('riskFactors')}
            {...a11y('riskFactors', true)}
            {...register('riskFactors')}
          />
        </Field>
      </fieldset>

      {extraSection?.(watched)}

      <section aria-labelledby={id('preview-heading')} className="rounded-lg border bg-muted/40 p-4">
        <h2 id={id('preview-heading')} className="text-sm font-semibold">
          Live preview
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm lg:grid-cols-4">
          <PreviewItem label="Expected ROI">
            {preview.expectedRoiPercent === null ? '—' : formatPercent(preview.expectedRoiPercent)}
          </PreviewItem>
          <PreviewItem label="Return to investors after costs and fees">
            {netPreview === null ? '—' : formatPercent(netPreview)}
          </PreviewItem>
          <PreviewItem label="Margin per kg">
            {preview.marginPerKg === null ? '—' : formatUsdCents(preview.marginPerKg)}
          </PreviewItem>
          <PreviewItem label="Estimated profit">
            {preview.estimatedProfit === null ? '—' : formatUsd(preview.estimatedProfit)}
          </PreviewItem>
          <PreviewItem label="Risk level">
            {preview.riskLevel === null ? (
              '—'
            ) : (
              <Badge tone={RISK_TONES[preview.riskLevel]}>{RISK_LABELS[preview.riskLevel]}</Badge>
            )}
          </PreviewItem>
        </dl>
        <p className="mt-3 text-xs text-muted-foreground">
          Risk follows the platform rule: expected ROI, target size and funding window.
        </p>
      </section>

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function PreviewItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

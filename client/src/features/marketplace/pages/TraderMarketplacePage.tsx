// /trader/marketplace: the supplier's side of the marketplace — list hydrogen for sale, manage the
// listings, move incoming orders (confirm, ship with the promised date, deliver) and answer quote
// requests with offers. The listing and offer forms: react-hook-form with the server's schemas.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { PublicUser } from '@domain/auth.ts';
import {
  AVAILABILITIES,
  AVAILABILITY_LABELS,
  listingCreateSchema,
  type ListingCreate,
  type ListingCreateInput,
} from '@domain/listings.ts';
import { offerCreateSchema, type OfferCreate, type Rfq } from '@domain/rfqs.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input, Label, NativeSelect } from '@/components/ui/input.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { RoleOnly } from '@/features/accounts/index.ts';
import { serverMessageOf } from '@/lib/api.ts';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { listingPageQuery, useCreateListing, useWithdrawListing } from '../api/listings.ts';
import { useCreateOffer, useRfqs } from '../api/rfqs.ts';
import { CertificationBadges } from '../components/ListingCard.tsx';
import { MessageThread } from '../components/MessageThread.tsx';
import { OrderTabs } from '../components/OrderList.tsx';
import { CertificationChoices } from '../components/CertificationChoices.tsx';

const TITLE = 'Marketplace';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ListingForm() {
  const id = useId();
  const create = useCreateListing();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ListingCreateInput, unknown, ListingCreate>({
    resolver: zodResolver(listingCreateSchema),
    defaultValues: {
      location: '',
      availability: 'immediate',
      quantity: '',
      unit: 'tonnes',
      pricePerKg: '',
      minOrder: '',
      certifications: [],
    },
    reValidateMode: 'onSubmit',
  });
  const submit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => toast({ title: 'Listing Published', description: 'Buyers can order it now.' }),
    }),
  );
  const text = (key: 'location' | 'quantity' | 'pricePerKg' | 'minOrder', label: string) => {
    const error = errors[key]?.message;
    return (
      <Field id={`${id}-${key}`} label={label} error={error}>
        <Input
          {...register(key)}
          {...fieldA11y(`${id}-${key}`, error)}
          inputMode={key === 'location' ? 'text' : 'decimal'}
        />
      </Field>
    );
  };
  return (
    <Card>
      <CardContent className="pt-6">
        <form
          aria-label="New listing"
          onSubmit={(e) => void submit(e)}
          noValidate
          className="grid gap-3 md:grid-cols-4"
        >
          {text('location', 'Location')}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-availability`}>Availability</Label>
            <NativeSelect id={`${id}-availability`} {...register('availability')}>
              {AVAILABILITIES.map((a) => (
                <option key={a} value={a}>
                  {AVAILABILITY_LABELS[a]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {text('quantity', 'Quantity')}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-unit`}>Unit</Label>
            <NativeSelect id={`${id}-unit`} {...register('unit')}>
              <option value="tonnes">tonnes</option>
              <option value="kg">kg</option>
            </NativeSelect>
          </div>
          {text('pricePerKg', 'Price per kg (USD)')}
          {text('minOrder', 'Minimum order')}
          <Controller
            control={control}
            name="certifications"
            render={({ field }) => (
              <CertificationChoices
                legend="Certifications"
                value={field.value ?? []}
                onChange={field.onChange}
                className="md:col-span-2"
              />
            )}
          />
          <FormAlert
            className="md:col-span-3"
            message={create.error ? serverMessageOf(create.error) : undefined}
          />
          <Button type="submit" disabled={create.isPending}>
            Publish listing
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function MyListings({ user }: { user: PublicUser }) {
  const listings = useQuery(listingPageQuery(`traderId=${user.id}`, 100));
  const withdraw = useWithdrawListing();
  if (listings.isPending) return <p className="text-sm text-muted-foreground">Loading your listings…</p>;
  if (!listings.data?.listings.length)
    return <p className="text-sm text-muted-foreground">No hydrogen listings available</p>;
  return (
    <ul className="grid gap-2" aria-label="Your listings">
      {listings.data.listings.map((l) => (
        <li
          key={l.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm"
        >
          <div>
            <p className="font-medium">
              {l.location} · {formatUsdCents(l.pricePerKg)} / kg{' '}
              {l.status === 'withdrawn' && <Badge tone="neutral">Withdrawn</Badge>}
            </p>
            <p className="text-muted-foreground">
              {l.available} of {l.quantity} {l.unit} available · min {l.minOrder} ·{' '}
              {AVAILABILITY_LABELS[l.availability]}
            </p>
            <CertificationBadges certifications={l.certifications} />
          </div>
          {l.status === 'active' && (
            <Button
              size="sm"
              variant="outline"
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate(l.id)}
            >
              Withdraw
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function OfferForm({ rfq }: { rfq: Rfq }) {
  const id = useId();
  const create = useCreateOffer();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OfferCreate>({
    resolver: zodResolver(offerCreateSchema),
    defaultValues: { pricePerKg: '', availability: 'immediate', validUntil: '' },
    reValidateMode: 'onSubmit',
  });
  const priceError = errors.pricePerKg?.message;
  const validError = errors.validUntil?.message;
  return (
    <form
      aria-label="Make an offer"
      className="grid gap-2 sm:grid-cols-4 sm:items-end"
      noValidate
      onSubmit={(e) =>
        void handleSubmit((offer) =>
          create.mutate({ rfqId: rfq.id, offer }, { onSuccess: () => toast({ title: 'Offer Sent' }) }),
        )(e)
      }
    >
      <Field id={`${id}-price`} label="Price per kg" error={priceError} className="gap-1">
        <Input inputMode="decimal" {...register('pricePerKg')} {...fieldA11y(`${id}-price`, priceError)} />
      </Field>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-availability`}>Availability</Label>
        <NativeSelect id={`${id}-availability`} {...register('availability')}>
          {AVAILABILITIES.map((a) => (
            <option key={a} value={a}>
              {AVAILABILITY_LABELS[a]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Field id={`${id}-valid`} label="Valid until" error={validError} className="gap-1">
        <Input type="date" {...register('validUntil')} {...fieldA11y(`${id}-valid`, validError)} />
      </Field>
      <Button type="submit" size="sm" disabled={create.isPending}>
        Send offer
      </Button>
      <FormAlert
        className="sm:col-span-4"
        message={create.error ? serverMessageOf(create.error) : undefined}
      />
    </form>
  );
}

function QuoteRequestsToAnswer({ user }: { user: PublicUser }) {
  const rfqs = useRfqs();
  if (!rfqs.data?.length)
    return (
      <p className="text-sm text-muted-foreground">{rfqs.isPending ? 'Loading…' : 'No quote requests yet'}</p>
    );
  return (
    <ul className="grid gap-3" aria-label="Quote requests">
      {rfqs.data.map((rfq) => {
        const mine = rfq.offers.find((o) => o.traderId === user.id);
        return (
          <li key={rfq.id}>
            <Card>
              <CardHeader className="pb-2">
                <h3 className="font-semibold">
                  {rfq.buyerName}: {rfq.quantity} {rfq.unit} to {rfq.destinationPort}
                </h3>
                <p className="text-sm text-muted-foreground">
                  Delivery {formatDate(rfq.deliveryFrom)} – {formatDate(rfq.deliveryTo)} ·{' '}
                  {rfq.traderId ? 'asked of you' : 'asked of every supplier'}
                </p>
                <CertificationBadges certifications={rfq.certifications} />
                {rfq.note && <p className="text-sm">{rfq.note}</p>}
              </CardHeader>
              <CardContent className="grid gap-3 text-sm">
                {mine ? (
                  <p>
                    Your offer: {formatUsdCents(mine.pricePerKg)} / kg ({formatUsdCents(mine.totalAmount)}) ·{' '}
                    {mine.status === 'accepted' ? 'accepted' : mine.status}
                  </p>
                ) : rfq.status === 'open' ? (
                  <OfferForm rfq={rfq} />
                ) : (
                  <p className="text-muted-foreground">Closed</p>
                )}
                <MessageThread of={{ kind: 'rfq', id: rfq.id }} label={`Messages with ${rfq.buyerName}`} />
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function TraderMarketplace({ user }: { user: PublicUser }) {
  return (
    <Page
      title={TITLE}
      lead="Sell hydrogen to industrial buyers: buyers pay into escrow when they order, and the money is released to you once they confirm delivery."
    >
      <div className="grid gap-10">
        <Section title="Incoming orders">
          <OrderTabs actor="supplier" />
        </Section>
        <Section title="Quote requests">
          <QuoteRequestsToAnswer user={user} />
        </Section>
        <Section title="Your listings">
          <ListingForm />
          <MyListings user={user} />
        </Section>
      </div>
    </Page>
  );
}

export default function TraderMarketplacePage() {
  return (
    <RoleOnly role="trader" title={TITLE} signedOutLead="Sign in as a trader to sell hydrogen to buyers.">
      {(user) => <TraderMarketplace user={user} />}
    </RoleOnly>
  );
}

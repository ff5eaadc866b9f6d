// The buyer's quote requests: a form to ask one supplier or every supplier (quantity, delivery
// window, destination port, certifications wanted), and each request with its offers — accepting
// one opens the order modal — and a message thread per supplier. The form: react-hook-form with the
// server's quote request schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { PublicUser } from '@domain/auth.ts';
import { AVAILABILITY_LABELS } from '@domain/listings.ts';
import { rfqCreateSchema, type Offer, type Rfq, type RfqCreate, type RfqCreateInput } from '@domain/rfqs.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input, Label, NativeSelect } from '@/components/ui/input.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { serverMessageOf } from '@/lib/api.ts';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { useSuppliers } from '../api/listings.ts';
import { useCreateRfq, useRfqs } from '../api/rfqs.ts';
import { CertificationBadges } from './ListingCard.tsx';
import { MessageThread } from './MessageThread.tsx';
import type { OrderTarget } from './OrderDialog.tsx';
import { CertificationChoices } from './CertificationChoices.tsx';

export function QuoteRequests({ onAccept }: { user: PublicUser; onAccept: (target: OrderTarget) => void }) {
  const rfqs = useRfqs();
  return (
    <section aria-labelledby="rfq-heading" className="mt-12 grid gap-4">
      <h2 id="rfq-heading" className="text-2xl font-semibold">
        Request a quote
      </h2>
      <RfqForm />
      {rfqs.data?.length ? (
        <ul className="grid gap-4" aria-label="Your quote requests">
          {rfqs.data.map((rfq) => (
            <RfqCard key={rfq.id} rfq={rfq} onAccept={(offer) => onAccept({ kind: 'offer', offer, rfq })} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          {rfqs.isPending ? 'Loading…' : 'No quote requests yet'}
        </p>
      )}
    </section>
  );
}

function RfqForm() {
  const id = useId();
  const suppliers = useSuppliers(100);
  const create = useCreateRfq();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<RfqCreateInput, unknown, RfqCreate>({
    resolver: zodResolver(rfqCreateSchema),
    defaultValues: {
      traderId: null,
      quantity: '',
      unit: 'tonnes',
      deliveryFrom: '',
      deliveryTo: '',
      destinationPort: '',
      certifications: [],
    },
    reValidateMode: 'onSubmit',
  });
  const submit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Quote Requested', description: 'Suppliers have been notified.' });
        setValue('quantity', '');
        setValue('destinationPort', '');
      },
    }),
  );
  const field = (
    key: 'quantity' | 'deliveryFrom' | 'deliveryTo' | 'destinationPort',
    label: string,
    type = 'text',
  ) => {
    const error = errors[key]?.message;
    return (
      <Field id={`${id}-${key}`} label={label} error={error}>
        <Input type={type} {...register(key)} {...fieldA11y(`${id}-${key}`, error)} />
      </Field>
    );
  };
  return (
    <Card>
      <CardContent className="pt-6">
        <form
          aria-label="Request a quote"
          onSubmit={(e) => void submit(e)}
          noValidate
          className="grid gap-3 md:grid-cols-3"
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-supplier`}>Supplier</Label>
            <NativeSelect
              id={`${id}-supplier`}
              {...register('traderId', { setValueAs: (v: string | null) => v || null })}
            >
              <option value="">All suppliers</option>
              {suppliers.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          {field('quantity', 'Quantity')}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-unit`}>Unit</Label>
            <NativeSelect id={`${id}-unit`} {...register('unit')}>
              <option value="tonnes">tonnes</option>
              <option value="kg">kg</option>
            </NativeSelect>
          </div>
          {field('deliveryFrom', 'Delivery from', 'date')}
          {field('deliveryTo', 'Delivery until', 'date')}
          {field('destinationPort', 'Destination port')}
          <Controller
            control={control}
            name="certifications"
            render={({ field }) => (
              <CertificationChoices
                legend="Certifications wanted"
                value={field.value ?? []}
                onChange={field.onChange}
                className="md:col-span-3"
              />
            )}
          />
          <FormAlert
            className="md:col-span-3"
            message={create.error ? serverMessageOf(create.error) : undefined}
          />
          <Button type="submit" disabled={create.isPending} className="md:col-start-3">
            Send request
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RfqCard({ rfq, onAccept }: { rfq: Rfq; onAccept: (offer: Offer) => void }) {
  const suppliers = [...new Map(rfq.offers.map((o) => [o.traderId, o.supplierName])).entries()];
  if (rfq.traderId && !suppliers.some(([id]) => id === rfq.traderId))
    suppliers.push([rfq.traderId, rfq.supplierName ?? '']);
  return (
    <li>
      <Card>
        <CardHeader className="pb-2">
          <h3 className="font-semibold">
            {rfq.quantity} {rfq.unit} to {rfq.destinationPort}{' '}
            <Badge tone={rfq.status === 'open' ? 'amber' : 'green'}>
              {rfq.status === 'open' ? 'Open' : 'Accepted'}
            </Badge>
          </h3>
          <p className="text-sm text-muted-foreground">
            {rfq.supplierName ? `To ${rfq.supplierName}` : 'To all suppliers'} · delivery{' '}
            {formatDate(rfq.deliveryFrom)} – {formatDate(rfq.deliveryTo)}
          </p>
          <CertificationBadges certifications={rfq.certifications} />
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          {rfq.offers.length ? (
            <ul className="divide-y" aria-label="Offers">
              {rfq.offers.map((offer) => (
                <li key={offer.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {offer.supplierName}: {formatUsdCents(offer.pricePerKg)} / kg (
                    {formatUsdCents(offer.totalAmount)}) · {AVAILABILITY_LABELS[offer.availability]} · valid
                    until {formatDate(offer.validUntil)}
                  </span>
                  {rfq.status === 'open' && offer.status === 'open' ? (
                    <Button size="sm" onClick={() => onAccept(offer)}>
                      Accept offer
                    </Button>
                  ) : (
                    offer.status === 'accepted' && <Badge tone="green">Accepted</Badge>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No offers yet</p>
          )}
          {suppliers.map(([traderId, name]) => (
            <MessageThread
              key={traderId}
              of={{ kind: 'rfq', id: rfq.id, traderId }}
              label={`Messages with ${name}`}
            />
          ))}
        </CardContent>
      </Card>
    </li>
  );
}

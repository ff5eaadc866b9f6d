// /trader/certificates: the trader enters the Guarantees of Origin of a campaign's cargo or of a
// listing with the issuing body's document, and follows each one's check. Approved ones give the lot
// its carbon figure; deliveries cancel their volume in the buyers' names.
import { useState, type FormEvent } from 'react';
import { certificateCreateSchema, type CertificateLot } from '@domain/origin.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { Field, fieldA11y } from '@/components/ui/form-field.tsx';
import { Input, NativeSelect } from '@/components/ui/input.tsx';
import { RoleOnly } from '@/features/accounts/index.ts';
import { ApiError } from '@/lib/api.ts';
import { useCertificates, useEnterCertificate } from '../api/certificates.ts';
import { useMyLots } from '../api/lots.ts';
import { CertificateFacts } from '../components/CertificateFacts.tsx';

const TITLE = 'Guarantees of Origin';

const TEXT_FIELDS = [
  { name: 'issuingBody', label: 'Issuing body', hint: 'e.g. CertifHy, or the national GO registry' },
  { name: 'idRangeStart', label: 'First certificate id' },
  { name: 'idRangeEnd', label: 'Last certificate id' },
  { name: 'plant', label: 'Production plant' },
  { name: 'plantCountry', label: 'Plant country', hint: 'Two letters, e.g. IN' },
  { name: 'productionStart', label: 'Production start', type: 'date' },
  { name: 'productionEnd', label: 'Production end', type: 'date' },
  { name: 'volumeKg', label: 'Volume (kg of hydrogen)', inputMode: 'decimal' },
  {
    name: 'productionIntensity',
    label: 'Production intensity (kg CO₂e per kg H₂)',
    hint: 'As the certificate states it, at the plant gate',
    inputMode: 'decimal',
  },
  {
    name: 'shippingDistanceKm',
    label: 'Shipping distance (km)',
    hint: 'Loading port to unloading port',
    inputMode: 'numeric',
  },
] as const;

function EntryForm({ traderId }: { traderId: string }) {
  const lots = useMyLots(traderId);
  const enter = useEnterCertificate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const lotValue = String(form.get('lot') ?? '');
    form.delete('lot');
    const local: Record<string, string> = {};
    const fields = Object.fromEntries(TEXT_FIELDS.map((f) => [f.name, String(form.get(f.name) ?? '')]));
    const parsed = certificateCreateSchema.safeParse(fields);
    if (!parsed.success)
      for (const issue of parsed.error.issues) local[String(issue.path[0])] ??= issue.message;
    if (!lotValue) local.lot = 'Choose the campaign or listing the certificate covers';
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) local.file = "Attach the issuing body's document";
    setErrors(local);
    if (Object.keys(local).length) return;
    const [kind, id] = lotValue.split(':') as ['campaign' | 'listing', string];
    const lot: CertificateLot = kind === 'campaign' ? { campaignId: id } : { listingId: id };
    try {
      await enter.mutateAsync({ lot, form });
      formElement.reset();
    } catch (error) {
      const message =
        error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Please try again.';
      setErrors(
        error instanceof ApiError && Object.keys(error.fields).length ? error.fields : { form: message },
      );
    }
  };
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Enter a certificate</h2>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2">
          <Field id="certificate-lot" label="For" error={errors.lot}>
            <NativeSelect name="lot" defaultValue="" {...fieldA11y('certificate-lot', errors.lot)}>
              <option value="" disabled>
                {lots.isPending ? 'Loading your campaigns and listings…' : 'Choose a campaign or a listing'}
              </option>
              {lots.data?.campaigns.map((c) => (
                <option key={c.id} value={`campaign:${c.id}`}>
                  Campaign: {c.title}
                </option>
              ))}
              {lots.data?.listings.map((l) => (
                <option key={l.id} value={`listing:${l.id}`}>
                  Listing: {l.quantity} {l.unit} from {l.location}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {TEXT_FIELDS.map((f) => {
            const id = `certificate-${f.name}`;
            const hint = 'hint' in f ? f.hint : undefined;
            return (
              <Field key={f.name} id={id} label={f.label} error={errors[f.name]} hint={hint}>
                <Input
                  name={f.name}
                  type={'type' in f ? f.type : 'text'}
                  inputMode={'inputMode' in f ? f.inputMode : undefined}
                  {...fieldA11y(id, errors[f.name], { hint: !!hint })}
                />
              </Field>
            );
          })}
          <Field
            id="certificate-file"
            label="The issuing body's document (PDF, JPEG or PNG)"
            error={errors.file}
          >
            <Input
              name="file"
              type="file"
              accept="application/pdf,image/jpeg,image/png"
              {...fieldA11y('certificate-file', errors.file)}
            />
          </Field>
          {errors.form && (
            <p role="alert" className="text-sm text-destructive sm:col-span-2">
              {errors.form}
            </p>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={enter.isPending}>
              {enter.isPending ? 'Sending…' : 'Send for checking'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function MyCertificates() {
  const certificates = useCertificates();
  if (!certificates.data)
    return (
      <p className="text-sm text-muted-foreground">
        {certificates.error ? 'Your certificates could not be loaded.' : 'Loading…'}
      </p>
    );
  if (!certificates.data.length)
    return <p className="text-sm text-muted-foreground">You have not entered a certificate yet.</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {certificates.data.map((c) => (
        <li key={c.id}>
          <Card>
            <CardContent className="pt-6">
              <CertificateFacts certificate={c} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export default function TraderCertificatesPage() {
  return (
    <RoleOnly role="trader" title={TITLE} signedOutLead="Sign in as a trader to enter your certificates.">
      {(user) => (
        <Page
          title={TITLE}
          lead="Enter the certificates of your cargo with the issuing body's document. An admin checks each one; approved ones give your campaign or listing its carbon figure, and every delivery cancels its volume in the buyer's name."
        >
          <div className="grid gap-8">
            <EntryForm traderId={user.id} />
            <section aria-labelledby="my-certificates">
              <h2 id="my-certificates" className="mb-3 text-lg font-semibold">
                Your certificates
              </h2>
              <MyCertificates />
            </section>
          </div>
        </Page>
      )}
    </RoleOnly>
  );
}

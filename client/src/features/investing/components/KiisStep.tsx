// The key investment information sheet in the investment modal: read it (or open the printable page),
// acknowledge this version, then go on to the amount and the card.
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { useKiis, KiisSheet } from '@/features/campaigns/index.ts';
import { describedByReason, DisabledHint } from '@/components/ui/disabled-hint.tsx';

export function KiisStep({
  campaignId,
  notice,
  onAcknowledged,
}: {
  campaignId: string;
  /** Why it is asked again (the sheet changed since it was read). */
  notice?: string;
  onAcknowledged: (kiisVersion: number) => void;
}) {
  const kiis = useKiis(campaignId);
  const [read, setRead] = useState(false);
  const readReason = read ? null : 'Tick the box above once you have read the sheet.';
  if (kiis.isPending) return <p aria-busy="true">Loading the key investment information sheet…</p>;
  if (kiis.error)
    return (
      <FormAlert message="The key investment information sheet could not be loaded. Please try again." />
    );
  return (
    <form
      aria-label="Key investment information sheet"
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (read) onAcknowledged(kiis.data.version);
      }}
    >
      {notice && <FormAlert message={notice} />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Key investment information sheet</h3>
        <a
          href={`/campaigns/${campaignId}/kiis`}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Open the printable sheet (PDF) <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
      <div
        tabIndex={0}
        aria-label="Sheet contents"
        className="max-h-80 overflow-y-auto rounded-lg border p-4"
      >
        <KiisSheet kiis={kiis.data} headingLevel={3} />
      </div>
      <label className="flex items-start gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="mt-1"
          checked={read}
          onChange={(event) => setRead(event.target.checked)}
        />
        I have read the key investment information sheet (version {kiis.data.version}) and understand I can
        lose the money I invest
      </label>
      <div className="grid justify-items-start gap-1">
        <Button
          type="submit"
          disabled={!read}
          aria-describedby={describedByReason('kiis-step-why', readReason)}
        >
          Continue to the amount
        </Button>
        <DisabledHint id="kiis-step-why" reason={readReason} />
      </div>
    </form>
  );
}

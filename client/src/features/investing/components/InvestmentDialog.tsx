// The investment modal (spec §2, §4, §8): the campaign summary, then the amount, the projected-profit
// preview and the card form. Loaded lazily by InvestmentProvider on the first Invest Now. Focus goes
// back to the button that opened it; while a payment is in flight it cannot be dismissed.
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { useCampaign, kiisQuery } from '@/features/campaigns/index.ts';
import type { InvestmentRequest } from '../investment-request.ts';
import { useQueryClient } from '@tanstack/react-query';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { useAppropriateness } from '../api/get-appropriateness.ts';
import { AppropriatenessStep } from './AppropriatenessStep.tsx';
import { CampaignSummary } from './CampaignSummary.tsx';
import { KiisStep } from './KiisStep.tsx';
import { InvestmentForm } from './InvestmentForm.tsx';

export default function InvestmentDialog({
  request,
  onClose,
}: {
  request: InvestmentRequest | null;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      {request && (
        <InvestmentContent
          key={request.campaign.id}
          request={request}
          busy={busy}
          onBusyChange={setBusy}
          onDone={onClose}
        />
      )}
    </Dialog>
  );
}

function InvestmentContent({
  request,
  busy,
  onBusyChange,
  onDone,
}: {
  request: InvestmentRequest;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  // The card's copy shows at once; the campaign's current figures replace it when they arrive.
  const campaign = useCampaign(request.campaign.id).data ?? request.campaign;
  // Investor protection first (docs/investor-protection.md): the knowledge test when it is due, then
  // the KIIS of this version, then the amount (with the risk warning above the threshold) and the card.
  const appropriateness = useAppropriateness();
  const [kiisVersion, setKiisVersion] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | undefined>();
  const step =
    appropriateness.data?.status === 'required' ? 'test' : kiisVersion === null ? 'kiis' : 'invest';
  const queryClient = useQueryClient();
  const blockWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };
  return (
    <DialogContent
      width="wider"
      onEscapeKeyDown={blockWhileBusy}
      onPointerDownOutside={blockWhileBusy}
      onInteractOutside={blockWhileBusy}
      onCloseAutoFocus={(event) => {
        const button = request.returnFocus;
        if (button?.isConnected) {
          event.preventDefault();
          button.focus();
        }
      }}
    >
      <DialogHeader>
        <DialogTitle>Invest in {campaign.title}</DialogTitle>
        <DialogDescription>
          Your money is held in escrow until the cargo is delivered; your share of the profit is paid out when
          the campaign completes.
        </DialogDescription>
      </DialogHeader>
      <ol aria-label="Steps" className="flex flex-wrap gap-2 text-xs">
        {(['Knowledge test', 'Key information', 'Amount and payment'] as const).map((label, i) => {
          const current = ['test', 'kiis', 'invest'].indexOf(step) === i;
          return (
            <li
              key={label}
              aria-current={current ? 'step' : undefined}
              className={
                current
                  ? 'rounded-full bg-primary px-2.5 py-1 text-primary-foreground'
                  : 'rounded-full bg-muted px-2.5 py-1'
              }
            >
              {i + 1}. {label}
            </li>
          );
        })}
      </ol>
      {appropriateness.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : appropriateness.error ? (
        <FormAlert message="Your investor checks could not be loaded. Please try again." />
      ) : step === 'test' ? (
        <AppropriatenessStep view={appropriateness.data} onDone={() => setNotice(undefined)} />
      ) : step === 'kiis' ? (
        <KiisStep campaignId={campaign.id} notice={notice} onAcknowledged={setKiisVersion} />
      ) : (
        <InvestmentForm
          summary={<CampaignSummary campaign={campaign} />}
          campaign={campaign}
          investorId={request.investor.id}
          protection={{ kiisVersion: kiisVersion!, riskWarningAbove: appropriateness.data.riskWarningAbove }}
          onBusyChange={onBusyChange}
          onInvested={onDone}
          onAcknowledgementRefused={(message) => {
            // The sheet changed, or the test ran out: asked again, with the server's words.
            setNotice(message);
            setKiisVersion(null);
            void appropriateness.refetch();
            void queryClient.invalidateQueries({ queryKey: kiisQuery(campaign.id).queryKey });
          }}
        />
      )}
    </DialogContent>
  );
}

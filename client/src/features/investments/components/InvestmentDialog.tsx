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
import { useCampaign } from '@/features/campaigns/api/campaigns.ts';
import type { InvestmentRequest } from '../investment-context.tsx';
import { CampaignSummary } from './CampaignSummary.tsx';
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
      <InvestmentForm
        summary={<CampaignSummary campaign={campaign} />}
        campaign={campaign}
        investorId={request.investor.id}
        onBusyChange={onBusyChange}
        onInvested={onDone}
      />
    </DialogContent>
  );
}

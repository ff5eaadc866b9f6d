// Declaring the result of the trade: the sales invoice uploaded (POST …/documents, kind
// sales_invoice), then `{to:"completed", actualProfit, waterfall, invoiceDocumentId}` (the fixed
// transitions contract with the P&L waterfall). The campaign stays in progress with a settlement
// awaiting an admin's review.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Waterfall } from '@domain/money-out.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { invalidateCampaignData } from './campaigns.ts';
import { TRANSITION_TOASTS, transitionCampaign } from './transition-campaign.ts';
import { uploadOnce } from './upload-campaign-document.ts';

export function useDeclareResult(campaignId: string) {
  const client = useQueryClient();
  const [upload] = useState(uploadOnce);
  return useMutation({
    mutationFn: async (input: { waterfall: Waterfall; actualProfit: string; invoice: File }) => {
      const invoice = await upload(campaignId, { file: input.invoice, kind: 'sales_invoice' });
      return transitionCampaign(campaignId, {
        to: 'completed',
        actualProfit: input.actualProfit,
        waterfall: input.waterfall,
        invoiceDocumentId: invoice.id,
      });
    },
    onSuccess: () => {
      toast(TRANSITION_TOASTS.completed);
      return invalidateCampaignData(client);
    },
  });
}

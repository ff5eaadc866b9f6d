// Invest Now on a card, the campaign page or the investor's dashboard. What it does (the investment
// modal for an investor, the sign-in dialog for a visitor and then the modal, the reason for anyone
// else) is the investing feature's: its InvestmentProvider, mounted by app/, provides the action here,
// so this feature never imports that one.
import { createContext, useContext } from 'react';
import type { Campaign } from '@domain/campaign-schemas.ts';

export type InvestAction = (campaign: Campaign) => void;

const InvestActionContext = createContext<InvestAction | null>(null);

/** Mounted by the investing feature's InvestmentProvider with its Invest Now. */
export const InvestActionProvider = InvestActionContext.Provider;

export function useInvestAction(): InvestAction {
  const invest = useContext(InvestActionContext);
  if (!invest) throw new Error('useInvestAction outside InvestmentProvider');
  return invest;
}

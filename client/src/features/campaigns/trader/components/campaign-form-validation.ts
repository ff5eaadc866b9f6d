// The campaign form's resolvers: the create page checks the whole form with the shared create schema;
// the edit modal checks only what changed with the patch schema, then the cross-field terms on the
// merged campaign, as the server does. Either way the messages are the server's own.
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { destinationRegion } from '@domain/campaign-rules.ts';
import {
  CAMPAIGN_MESSAGES,
  campaignCreateSchema,
  campaignPatchSchema,
  campaignTermsIssues,
  type CampaignCreateInput,
  type CampaignPatchInput,
} from '@domain/campaign-schemas.ts';
import { campaignPatchOf, type CampaignFormValues } from '@domain/trader-campaigns.ts';

type Errors = FieldErrors<CampaignFormValues>;

/** The create call's body: trimmed text, no region when none is chosen (the server derives it). */
export function createPayload(values: CampaignFormValues): CampaignCreateInput {
  const { region, ...rest } = values;
  return {
    ...rest,
    ...(region ? { region: region as CampaignCreateInput['region'] } : {}),
  };
}

function addError(errors: Errors, field: string, message: string) {
  const name = field as keyof CampaignFormValues;
  if (!errors[name]) errors[name] = { type: 'validate', message };
}

function issuesToErrors(errors: Errors, issues: readonly z.core.$ZodIssue[]) {
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string') addError(errors, field, issue.message);
  }
}

function result(values: CampaignFormValues, errors: Errors) {
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
}

export const createResolver: Resolver<CampaignFormValues> = (values) => {
  const errors: Errors = {};
  const parsed = campaignCreateSchema.safeParse(createPayload(values));
  if (!parsed.success) issuesToErrors(errors, parsed.error.issues);
  if (!values.region && !destinationRegion(String(values.tradeRoute)) && String(values.tradeRoute).trim())
    addError(errors, 'region', CAMPAIGN_MESSAGES.regionUnknown);
  return result(values, errors);
};

/** Edit: the changed fields through the patch schema, then the terms of the campaign as it would be. */
export function editResolver(
  initial: CampaignFormValues,
  raisedAmount: string,
): Resolver<CampaignFormValues> {
  return (values) => {
    const errors: Errors = {};
    const patch: CampaignPatchInput = campaignPatchOf(initial, values);
    const parsed = campaignPatchSchema.safeParse(patch);
    if (!parsed.success) issuesToErrors(errors, parsed.error.issues);
    const fieldsValid = ['targetAmount', 'buyPrice', 'sellPrice', 'minimumInvestment'].every(
      (f) => !errors[f as keyof CampaignFormValues],
    );
    if (fieldsValid) {
      const merged = { ...initial, ...patch };
      for (const issue of campaignTermsIssues({
        targetAmount: String(merged.targetAmount),
        buyPrice: String(merged.buyPrice),
        sellPrice: String(merged.sellPrice),
        minimumInvestment: String(merged.minimumInvestment),
        raisedAmount,
      }))
        addError(errors, issue.path, issue.message);
    }
    if (!values.region) addError(errors, 'region', CAMPAIGN_MESSAGES.regionUnknown);
    return result(values, errors);
  };
}

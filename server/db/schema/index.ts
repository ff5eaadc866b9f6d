export { users } from './users.ts';
export { campaigns, campaignMilestones, campaignDocuments } from './campaigns.ts';
export {
  sessions,
  passwordResetTokens,
  emailVerificationTokens,
  oauthAccounts,
  rateLimitEvents,
  emailOutbox,
} from './auth.ts';
export { investments, escrowRecords } from './investments.ts';
export { ledgerTransactions, ledgerEntries } from './ledger.ts';
export {
  sandboxPaymentIntents,
  sandboxDestinations,
  sandboxPayouts,
  stripeWebhookEvents,
} from './payments.ts';
export { payments, bankAccounts, payouts, campaignReleases, settlements } from './money.ts';
export { listings, orders, rfqs, offers, marketMessages } from './marketplace.ts';
export { verificationDocuments, roleRequests } from './kyc.ts';
export { auditLog } from './audit.ts';
export { storedFiles, fileChunks } from './files.ts';
export { complaints, complaintCounters } from './complaints.ts';
export {
  totpFactors,
  passkeys,
  recoveryCodes,
  pendingSignIns,
  sessionProofs,
  pendingSocialLinks,
} from './two-factor.ts';
export { campaignReviews, investmentRevocations } from './diligence.ts';
export {
  appropriatenessAssessments,
  classificationApplications,
  classificationDocuments,
  campaignDisclosures,
  investmentAcknowledgements,
} from './protection.ts';
export { identityChanges, kycDocumentViews } from './identity.ts';
export { outgoingEmails } from './outgoing-emails.ts';
export { scheduledRuns } from './jobs.ts';
export { originCertificates, certificateCancellations } from './origin.ts';
export { campaignUpdates, campaignUpdateFiles, campaignQuestions } from './updates.ts';
export { campaignFollows, deadlineReminders, savedSearches, savedSearchMatches } from './follows.ts';
export { notifications, notificationSettings } from './notifications.ts';

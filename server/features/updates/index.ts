// What the app composes of campaign updates, questions and follows (docs/updates.md): the email hooks
// the context installs (onUpdatePosted, onQuestionAnswered, onCampaignLive, onDeadlineNear) and the
// sweep's step that reminds followers before a deadline.
export { updatesMail } from './emails.ts';
export { remindFollowers } from './follows.ts';

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';

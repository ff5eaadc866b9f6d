// What the app composes of campaign updates and questions (docs/updates.md): the email hooks the
// context installs (onUpdatePosted, onQuestionAnswered).
export { updatesMail } from './emails.ts';

export { users } from './users.ts';
export { campaigns } from './campaigns.ts';

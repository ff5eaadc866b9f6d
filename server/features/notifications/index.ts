// What other features use of the notification centre (docs/notifications.md): notify() in the
// transaction of an event.
export { notify, notifyEach, NOTICE_CHANNEL, NOTICES, type Notice, type NoticeDeps } from './notify.ts';

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';

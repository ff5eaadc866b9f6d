// What other features use of the notification centre (docs/notifications.md): notify() in the
// transaction of an event.
export { notify, notifyEach, NOTICE_CHANNEL, type Notice, type NoticeDeps } from './notify.ts';

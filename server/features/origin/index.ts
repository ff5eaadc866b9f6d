// What other features use of Guarantees of Origin (docs/carbon.md): the marketplace cancels a delivered
// order's volume in its buyer's name, inside the delivery's transaction.
export { cancelForDelivery } from './cancellations.ts';
export { createCertificate, reviewCertificate } from './certificates.ts';

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';

// The platform feature's public entry: the public figures and the health and readiness probes.

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';

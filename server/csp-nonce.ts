// The placeholder Vite writes wherever index.html needs the CSP nonce (vite.config.ts html.cspNonce:
// the csp-nonce meta tag the client reads, and the script and link tags); the server replaces it with
// a fresh nonce in every answer that serves the page (plugins/client.ts).
export const CSP_NONCE_PLACEHOLDER = 'HYDROBRIDGE_CSP_NONCE';

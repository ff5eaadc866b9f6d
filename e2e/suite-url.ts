// The origin the browser suite uses for the server. `localhost`, not 127.0.0.1 (where the server
// listens, and what localhost resolves to): WebAuthn refuses an IP address as its relying party, and the
// passkey tests need a real one. Cookies are per host, so every client of the suite uses this origin.
export const suiteBaseUrl = (port = process.env.PLAYWRIGHT_PORT) => `http://localhost:${port}`;

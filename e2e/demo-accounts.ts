// The demo accounts seeded by server/seed/demo.ts in demo deployments, all with the demo password.
export const DEMO_PASSWORD = 'GreenHydrogen-2025';
/** Seeded by server/seed/demo.ts. */
export const DEMO = {
  investor: { username: 'investor', email: 'investor@hydrobridge.example', firstName: 'Priya' },
  trader: { username: 'trader', email: 'trader@hydrobridge.example', firstName: 'Arjun' },
  buyer: { username: 'buyer', email: 'buyer@hydrobridge.example', firstName: 'Lena' },
} as const;

/** Seeded in demo deployments (server/seed/demo.ts), with the demo password. */
export const DEMO_ADMIN = { email: 'admin@hydrobridge.example', firstName: 'Sam' } as const;

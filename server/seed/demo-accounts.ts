// The demo accounts: one pre-verified user per role, the demo backers, and the checks on them
// (is the database still empty, which accounts still use the published demo password).
import { inArray, or, sql } from 'drizzle-orm';
import { verifyPassword } from '../features/accounts/index.ts';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema/index.ts';

/** Shared by every demo account; listed in the README. */
export const DEMO_PASSWORD = 'GreenHydrogen-2025';

export const DEMO_USERS = [
  {
    username: 'investor',
    email: 'investor@hydrobridge.example',
    role: 'investor',
    firstName: 'Priya',
    lastName: 'Sharma',
    country: 'GB',
  },
  {
    username: 'trader',
    email: 'trader@hydrobridge.example',
    role: 'trader',
    firstName: 'Arjun',
    lastName: 'Mehta',
    country: 'IN',
    companyName: 'Bharat Green Fuels Pvt Ltd',
    registrationNumber: 'U40100GJ2021PTC123456',
  },
  {
    username: 'buyer',
    email: 'buyer@hydrobridge.example',
    role: 'buyer',
    firstName: 'Lena',
    lastName: 'Vogel',
    country: 'DE',
    companyName: 'Rhein Stahlwerke GmbH',
    buyerIndustry: 'steel',
  },
  {
    username: 'admin',
    email: 'admin@hydrobridge.example',
    role: 'admin',
    firstName: 'Sam',
    lastName: 'Okafor',
    country: 'GB',
  },
] as const;

/**
 * The demo admin's authenticator-app secret, published in the README like the demo password: add it
 * to any authenticator app, or print the current code with `npm run cli -- totp-code --secret …`.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'HYDROBRIDGEDEMOADMIN2FA2';

/** True when the database holds no user yet: demo data is only ever written into an empty database. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Usernames of the demo accounts (matched by username or email) whose password is still DEMO_PASSWORD,
 * in demoLogins() order. Seeded accounts share one hash, so this costs one verification per distinct hash.
 */
export async function demoAccountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, email: users.email, password: users.password })
    .from(users)
    .where(
      or(
        inArray(
          users.username,
          demoLogins().map((u) => u.username),
        ),
        inArray(
          users.email,
          demoLogins().map((u) => u.email),
        ),
      ),
    );
  const verdicts = new Map<string, Promise<boolean>>();
  const exposed = await Promise.all(
    rows.map(async (row) => {
      if (!verdicts.has(row.password))
        verdicts.set(row.password, verifyPassword(row.password, DEMO_PASSWORD));
      return (await verdicts.get(row.password)) ? row.username : null;
    }),
  );
  const order = (name: string) => demoLogins().findIndex((u) => u.username === name);
  return exposed.filter((name): name is string => name !== null).sort((a, b) => order(a) - order(b));
}

export const demoEmail = (username: string) => `${username}@hydrobridge.example`;

/** Every demo login: one user per role and the demo backers, all with DEMO_PASSWORD. */
const demoLogins = () => [
  ...DEMO_USERS.map(({ username, email }) => ({ username, email })),
  ...DEMO_BACKERS.map(([username]) => ({ username, email: demoEmail(username) })),
];

/** Demo backers: investors whose investments make up the campaigns' raised amounts. */
export const DEMO_BACKERS = [
  ['aisha.khan', 'Aisha', 'Khan', 'GB'],
  ['tom.becker', 'Tom', 'Becker', 'DE'],
  ['marie.dubois', 'Marie', 'Dubois', 'FR'],
  ['kenji.sato', 'Kenji', 'Sato', 'JP'],
  ['lucas.silva', 'Lucas', 'Silva', 'BR'],
  ['emma.wilson', 'Emma', 'Wilson', 'AU'],
  ['rahul.iyer', 'Rahul', 'Iyer', 'IN'],
  ['sophie.martin', 'Sophie', 'Martin', 'CA'],
] as const;

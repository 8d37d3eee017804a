import type { UserKind } from '@docs-portal/contracts';

/** A demo account of the development identity provider. */
export interface DemoUser {
  username: string;
  password: string;
  name: string;
  email: string;
  kind: UserKind;
}

/** The demo users listed in the README; each has the password `demo`. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'customer',
    password: 'demo',
    name: 'Casey Customer',
    email: 'casey.customer@example.com',
    kind: 'customer',
  },
  {
    username: 'partner',
    password: 'demo',
    name: 'Pat Partner',
    email: 'pat.partner@example.com',
    kind: 'partner',
  },
  {
    username: 'employee',
    password: 'demo',
    name: 'Emery Employee',
    email: 'emery.employee@acme-data.example',
    kind: 'employee',
  },
];

/** The demo user with these credentials, or null. */
export function findDemoUser(username: string, password: string): DemoUser | null {
  return DEMO_USERS.find((u) => u.username === username && u.password === password) ?? null;
}

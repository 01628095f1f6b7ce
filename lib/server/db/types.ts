import type { ColumnType } from 'kysely';

/**
 * Tables of the console database that console code queries directly. better-auth creates and owns
 * `user`, `session`, `account`, `verification` and `rateLimit` (its own migrations); they are typed here
 * only as far as the console reads them. Console migrations (lib/server/db/migrations) add their tables
 * here too.
 */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: ColumnType<Date, Date | string, Date | string>;
  updatedAt: ColumnType<Date, Date | string, Date | string>;
  /** Console role: viewer | steward | admin (admin plugin field). */
  role: string | null;
  /** A disabled account (admin plugin "ban"). */
  banned: boolean | null;
  banReason: string | null;
  banExpires: ColumnType<Date, Date | string, Date | string> | null;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: ColumnType<Date, Date | string, Date | string>;
  updatedAt: ColumnType<Date, Date | string, Date | string>;
}


export interface ConsoleDatabase {
  user: UserTable;
  session: SessionTable;
}

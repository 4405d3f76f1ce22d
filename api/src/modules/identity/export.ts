/**
 * "Export my data" (GET /api/account-export.php): everything stored about the member, as JSON.
 * The account row, then every row of every table that references users(id) through a foreign key
 * (found in the database catalogue, so tables added by other capabilities are included), plus the
 * mails sent to them and their login history. Secrets are left out: password hashes and token
 * hashes are never exported.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { selectRows } from '../../db/client';

const SECRET_COLUMN = /hash|secret|^token/i;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

function clean(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!SECRET_COLUMN.test(k)) out[k] = v;
  return out;
}

export async function exportAccount(app: FastifyInstance, userId: number): Promise<Record<string, unknown>> {
  const id = Number(userId);
  const refs = await selectRows<{ table_name: string; column_name: string }>(
    app.db,
    sql`select distinct kcu.table_name::text as table_name, kcu.column_name::text as column_name
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on tc.constraint_name = kcu.constraint_name and tc.table_schema = kcu.table_schema
        join information_schema.constraint_column_usage ccu
          on tc.constraint_name = ccu.constraint_name and tc.table_schema = ccu.table_schema
       where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users' and ccu.column_name = 'id'
         and tc.table_schema = current_schema()
       order by 1, 2`,
  );
  const [account] = await selectRows<Record<string, unknown>>(app.db, sql`select * from users where id = ${id}`);
  const data: Record<string, unknown> = {
    exported_at: new Date().toISOString(),
    account: account ? clean(account) : null,
  };
  for (const ref of refs) {
    const rows = await selectRows<Record<string, unknown>>(
      app.db,
      sql.raw(`select * from ${ident(ref.table_name)} where ${ident(ref.column_name)} = ${id}`),
    );
    if (rows.length === 0) continue;
    const key = ref.column_name === 'user_id' ? ref.table_name : `${ref.table_name}.${ref.column_name}`;
    data[key] = rows.map(clean);
  }
  if (account && typeof account.email === 'string') {
    data.login_attempts = (
      await selectRows<Record<string, unknown>>(
        app.db,
        sql`select ip, success, created_at from login_attempts where site_id = ${Number(account.site_id)} and email = ${account.email.toLowerCase()} order by created_at`,
      )
    ).map(clean);
  }
  return data;
}

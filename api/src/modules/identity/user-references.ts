/**
 * The tables that hold a member's rows, found in the database itself: every column whose foreign
 * key references users(id). Export (everything stored about the member) and purge (delete it after
 * the grace period) both walk this list, so a table added by another capability is covered by both
 * without editing them.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { selectRows } from '../../db/client';

export interface UserReference {
  table_name: string;
  column_name: string;
}

/** Every (table, column) with a foreign key to users(id) in the current schema, sorted by name. */
export async function columnsReferencingUsers(db: DbOrTx): Promise<UserReference[]> {
  return selectRows<UserReference>(
    db,
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
}

/**
 * `from "<table>" where "<column>" = <userId>`: the member's rows in one referencing column, to
 * follow `select *` or `delete`. Names are escaped as identifiers, the id is a bound parameter.
 */
export function rowsOfUser(ref: UserReference, userId: number): SQL {
  return sql`from ${sql.identifier(ref.table_name)} where ${sql.identifier(ref.column_name)} = ${userId}`;
}

import { type Ability, ADMIN_ROLE_NAMES } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';

const oneOf = (abilities: readonly Ability[] | SQL) =>
  Array.isArray(abilities)
    ? sql`IN (${sql.join(
        abilities.map((name) => sql`${name}`),
        sql`, `,
      )})`
    : sql`= ${abilities}`;

/**
 * The user whose id is `userId` (a column or a value) holds one of `abilities` (or the one an
 * expression names) through a role of theirs, or has an admin role, which holds them all: the
 * sessions' rule, as a condition.
 */
export const holdsAbility = (userId: SQL, abilities: readonly Ability[] | SQL) =>
  sql`EXISTS (
        SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
        WHERE ur.user_id = ${userId}
          AND (lower(r.name) IN (${sql.join(
            ADMIN_ROLE_NAMES.map((name) => sql`${name}`),
            sql`, `,
          )})
               OR EXISTS (SELECT 1 FROM role_permissions rp
                          JOIN permissions p ON p.id = rp.permission_id
                          WHERE rp.role_id = r.id
                            AND p.name ${oneOf(abilities)})))`;

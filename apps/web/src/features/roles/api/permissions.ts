import {
  type PermissionFilter,
  type PermissionList,
  permissionChangeAnswerSchema,
  permissionListSchema,
} from '@sitefleet/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import { pageParams } from '../../../lib/use-list-params.ts';
import { roleQueries } from './role.ts';

export interface PermissionListRequest {
  roleId: number;
  tab: PermissionFilter;
  page: number;
  perPage: number;
  query: string;
}

export function rolePermissionsKey(roleId: number) {
  return ['permissions', roleId] as const;
}

function permissionListKey(request: PermissionListRequest) {
  return [...rolePermissionsKey(request.roleId), request] as const;
}

/** GET /api/permissions?page=&query=&roleid=&permstatus=: a page of the tab and every tab's count. */
export async function fetchPermissions({
  roleId,
  tab,
  page,
  perPage,
  query,
}: PermissionListRequest) {
  return permissionListSchema.parse(
    await http.get('/api/permissions', {
      query: {
        ...pageParams(page, perPage),
        query: query || undefined,
        roleid: roleId,
        permstatus: tab,
      },
    }),
  );
}

export function usePermissions(request: PermissionListRequest) {
  return useQuery({
    queryKey: permissionListKey(request),
    queryFn: () => fetchPermissions(request),
    placeholderData: keepPreviousData,
  });
}

export type PermissionChange = 'assign' | 'revoke';

/**
 * The page as it is once the permissions moved to (assign) or out of (revoke) the role: on the
 * In Role and Out Role tabs the moved rows leave, on All they change side; the counts follow.
 */
export function afterPermissionChange(
  list: PermissionList,
  tab: PermissionFilter,
  change: PermissionChange,
  ids: readonly number[],
): PermissionList {
  const toRole = change === 'assign';
  const moving = new Set(
    list.data
      .filter((row) => ids.includes(row.id) && row.is_in_role !== toRole)
      .map((row) => row.id),
  );
  if (moving.size === 0) return list;
  const leaves = tab !== 'all';
  const data = leaves
    ? list.data.filter((row) => !moving.has(row.id))
    : list.data.map((row) => (moving.has(row.id) ? { ...row, is_in_role: toRole } : row));
  const shift = toRole ? moving.size : -moving.size;
  return {
    ...list,
    data,
    total: leaves ? list.total - moving.size : list.total,
    to: list.to === null || !leaves ? list.to : list.to - moving.size,
    in_role_count: list.in_role_count + shift,
    out_role_count: list.out_role_count - shift,
  };
}

/**
 * PATCH /api/roles/{id}/assign-permissions or /revoke-permissions with { permissionsids }. The
 * current page changes at once (afterPermissionChange), then every tab reloads from the server.
 * The server's message becomes a toast; a refusal restores the page.
 */
export function useChangePermissions(request: PermissionListRequest) {
  const queryClient = useQueryClient();
  const listKey = permissionListKey(request);
  return useMutation({
    mutationFn: async ({ change, ids }: { change: PermissionChange; ids: number[] }) =>
      permissionChangeAnswerSchema.parse(
        await http.patch(`/api/roles/${request.roleId}/${change}-permissions`, {
          permissionsids: ids,
        }),
      ),
    onMutate: async ({ change, ids }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData<PermissionList>(listKey);
      if (before) {
        queryClient.setQueryData(listKey, afterPermissionChange(before, request.tab, change, ids));
      }
      return { before };
    },
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(listKey, context.before);
      notifyFailure(error);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rolePermissionsKey(request.roleId) }),
        queryClient.invalidateQueries({ queryKey: roleQueries.key }),
      ]),
  });
}

import { stagePeopleSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /api/workflows/stage-people: the roles and users a stage may name. */
export function useStagePeople() {
  return useQuery({
    queryKey: ['workflows', 'stage-people'],
    queryFn: async () => stagePeopleSchema.parse(await http.get('/api/workflows/stage-people')),
  });
}

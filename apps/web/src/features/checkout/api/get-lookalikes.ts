// GET /api/plan/lookalikes/{iso}: the countries a traveller buying `iso` may have meant
// (issue 31). Asked of the server, so the page carries no table of its own.

import { useQuery } from '@tanstack/react-query';
import {
  type LookalikeList,
  lookalikeListSchema,
  lookalikesApiPath,
} from '@tern/contract/lookalikes';
import { apiRequest } from '../../../lib/api-client';

export function getLookalikes(iso: string, signal?: AbortSignal): Promise<LookalikeList> {
  return apiRequest(lookalikesApiPath.href(iso), { schema: lookalikeListSchema, signal });
}

/** Nothing asked for a regional plan (`iso` undefined); none when the server says none. */
export function useLookalikes(iso: string | undefined) {
  return useQuery({
    queryKey: ['catalog', 'lookalikes', iso],
    queryFn: ({ signal }) => getLookalikes(iso ?? '', signal),
    enabled: iso !== undefined,
    // The table changes with a release, the catalogue at a sync: the server's cache says.
    staleTime: 5 * 60_000,
  });
}

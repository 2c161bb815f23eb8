// GET /api/plan/trip: the cheapest ways to cover a trip's countries for its days.

import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type TripAnswer,
  type TripQuery,
  tripAnswerSchema,
  tripApiPath,
} from '@tern/contract/trip';
import { apiRequest } from '../../../lib/api-client';

export function getTripPlan(trip: TripQuery, signal?: AbortSignal): Promise<TripAnswer> {
  return apiRequest(tripApiPath.href(trip), { schema: tripAnswerSchema, signal });
}

export const tripPlanQueryOptions = (trip: TripQuery) =>
  queryOptions({
    queryKey: ['catalog', 'trip', trip.countries.join(','), trip.days, trip.dataGb ?? null],
    queryFn: ({ signal }) => getTripPlan(trip, signal),
  });

/** Asked only once the page has a whole trip in its address. */
export function useTripPlan(trip: TripQuery | undefined) {
  const placeholder: TripQuery = { countries: [], days: 1 };
  return useQuery({ ...tripPlanQueryOptions(trip ?? placeholder), enabled: trip !== undefined });
}

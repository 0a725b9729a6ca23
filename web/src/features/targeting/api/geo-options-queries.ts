import { listGeoOptions } from '@bidgrid/shared/targeting/geo.operations';
import { useOperationQuery } from '@/lib/api/use-operation-query';

/** 001 §7: GET /geo/options, the US states and Canadian provinces of the State/Province step. */
export const useGeoOptions = () => useOperationQuery(listGeoOptions, {});

import { listGeoOptions as operation } from '@bidgrid/shared/targeting/geo.operations';
import { GEO_OPTIONS } from '@bidgrid/shared/targeting/geo-options';
import { httpHandler } from '../entry/http';

/** `GET /api/geo/options`: the US states and Canadian provinces of the State/Province step (001 §7). */
export const { handler, raw } = httpHandler(operation, () => Promise.resolve([...GEO_OPTIONS]));

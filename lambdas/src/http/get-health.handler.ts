import { now } from '@bidgrid/shared/clock';
import { getHealth as operation } from '@bidgrid/shared/health/health.operations';
import { getHealth } from '../domain/health/get-health.use-case';
import { httpHandler } from '../entry/http';

/** `GET /public/health`: liveness for monitors and the local stack's readiness check. */
export const { handler, raw } = httpHandler(operation, () => getHealth({ now: now() }));

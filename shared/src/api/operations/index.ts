import type { AnyOperation } from '../operation';
import * as agency from './agency.operations';

/**
 * The operation table: every REST call of spec 000 §7 and 001 §7. Add a feature file beside this
 * one and spread it here; CDK, the local gateway, the web client and the security test read it.
 */
export const operations: readonly AnyOperation[] = [...Object.values(agency)];

export const operationsByName: ReadonlyMap<string, AnyOperation> = new Map(operations.map((op) => [op.name, op]));

export { agency };

export * from './api/envelope';
export * from './api/operation';
export * from './api/operations';
export * from './realtime/event';
export * from './tables';
export * from './constants';
export * from './runtime-config';

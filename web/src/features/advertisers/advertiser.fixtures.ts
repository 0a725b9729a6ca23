/** An advertiser as the API sends it (the shared test fixture, checked against the contract). */
export { makeAdvertiser } from '@/test/entity-fixtures';

/**
 * One uploaded line of each kind the company matching tells apart, against the local stack's
 * company-match simulator (its dataset is cdk/local/simulators/data/companies.json): a match and its
 * second spelling, then a typo of a known domain, a redirect, a company without IP ranges of its own,
 * a path, a company name and an unknown domain. The browser and realtime tests upload the same lines.
 */
export const ONE_ENTRY_OF_EACH_KIND = [
  'bluepeaklogistics.com',
  'https://www.BluePeakLogistics.com/',
  'northwindanalytiics.io',
  'bluepeak-freight.com',
  'quillandcrumb.com',
  'linkedin.com/company/bluepeak',
  'Bluepeak Logistics',
  'nobody-here.example',
] as const;

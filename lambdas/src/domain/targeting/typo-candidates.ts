/**
 * Top-level parts people mistype, and what they meant. Some are real top-level domains (`.co`,
 * `.cm`, `.om`) that typo-squatters register for exactly this reason; a candidate is only suggested
 * when the vendor knows a company there.
 */
const TOP_LEVEL_SLIPS: Readonly<Record<string, string>> = {
  con: 'com',
  cmo: 'com',
  ocm: 'com',
  cm: 'com',
  om: 'com',
  co: 'com',
  comm: 'com',
  coom: 'com',
  vom: 'com',
  xom: 'com',
  cim: 'com',
  cpm: 'com',
  nte: 'net',
  ent: 'net',
  nett: 'net',
  ogr: 'org',
  rog: 'org',
  orgg: 'org',
  oi: 'io',
};

/** Most look-ups one unknown domain may cost: each candidate is a vendor call. */
export const MAX_TYPO_PROBES = 3;

/**
 * Domains a person likely meant when they typed `domain` and nothing is known there: the top-level
 * slip fixed (`acme.con` -> `acme.com`), then one letter of a doubled pair dropped
 * (`accme.com` -> `acme.com`). A handful at most, so an unknown domain costs few vendor calls;
 * slips that need a dictionary (a missing letter) are out of reach without the vendor's data.
 */
export function typoCandidates(domain: string): string[] {
  const labels = domain.split('.');
  const top = labels[labels.length - 1] ?? '';
  const candidates: string[] = [];
  const fixedTop = TOP_LEVEL_SLIPS[top];
  if (fixedTop) candidates.push([...labels.slice(0, -1), fixedTop].join('.'));
  for (let l = 0; l < labels.length - 1; l++) {
    const label = labels[l] as string;
    for (let i = 0; i + 1 < label.length; i++) {
      if (label[i] !== label[i + 1] || label[i] === '-') continue;
      const fixed = [...labels];
      fixed[l] = label.slice(0, i) + label.slice(i + 1);
      if (fixed[l] !== '') candidates.push(fixed.join('.'));
    }
  }
  return [...new Set(candidates)].filter((c) => c !== domain).slice(0, MAX_TYPO_PROBES);
}

import { ZNoMatchReason } from '@bidgrid/shared/targeting/company.schema';
import { MAX_DOMAIN_LENGTH, MAX_REQUEST_TEXT } from '@bidgrid/shared/common/common.schema';
import { describe, expect, it } from 'vitest';
import { noMatchReason } from './no-match-reasons';

describe('noMatchReason', () => {
  it('keeps every reason within the schema, whatever the longest entries it quotes', () => {
    // Arrange
    const domain = `${'a'.repeat(MAX_DOMAIN_LENGTH - 4)}.com`;
    const name = 'N'.repeat(MAX_REQUEST_TEXT);
    const entry = 'e'.repeat(2048);

    // Act
    const reasons = [
      noMatchReason.redirect(domain, domain),
      noMatchReason.path(entry, entry),
      noMatchReason.typo(domain, domain),
      noMatchReason.noOwnRanges(domain, name),
      noMatchReason.nameOnly(entry),
      noMatchReason.notADomain(entry),
      noMatchReason.notFound(domain),
      noMatchReason.noRanges(domain),
    ];

    // Assess
    for (const reason of reasons) {
      expect(ZNoMatchReason.safeParse(reason).success, reason.code).toBe(true);
    }
  });

  it('quotes a short domain whole and suggests it as given', () => {
    expect(noMatchReason.typo('acme.con', 'acme.com')).toEqual({
      code: 'typo',
      message: 'No company was found for acme.con. Did you mean acme.com?',
      suggestion: 'acme.com',
    });
  });
});

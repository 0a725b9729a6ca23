import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../common/field-errors';
import { LANDING_PAGE_URL_PATTERN, ZLandingPageForm } from './landing-page.schema';

describe('ZLandingPageForm', () => {
  it('requires a URL', () => {
    expect(fieldErrorsOf(ZLandingPageForm, { landingPage: '  ' })).toEqual({ landingPage: ['Required field.'] });
    expect(fieldErrorsOf(ZLandingPageForm, {})).toEqual({ landingPage: ['Required field.'] });
  });

  it("gives 'Invalid URL format' for bad schemes, domains, and special characters outside parameters", () => {
    const bad = [
      'ftp://acme.com',
      'acme',
      'acme.c',
      '-acme.com',
      'acme-.com',
      'acme.com/some page',
      'acme.com/<script>',
      'ac me.com',
      'https://',
    ];
    for (const landingPage of bad) {
      expect(fieldErrorsOf(ZLandingPageForm, { landingPage }), landingPage).toEqual({
        landingPage: ['Invalid URL format'],
      });
    }
  });

  it('accepts scheme, port, path, query and fragment', () => {
    const good = [
      'acme.com',
      'http://acme.com',
      'https://www.acme.co.uk:8443/spring-sale/index.html',
      'https://acme.com/?q=a&b=c d#section 2',
      'acme.com/path_with~tilde+plus%20encoded',
    ];
    for (const url of good) expect(LANDING_PAGE_URL_PATTERN.test(url), url).toBe(true);
  });

  it('trims the URL and encodes spaces left in its parameters', () => {
    expect(ZLandingPageForm.parse({ landingPage: '  https://acme.com/sale?q=winter coats  ' })).toEqual({
      landingPage: 'https://acme.com/sale?q=winter%20coats',
    });
  });
});

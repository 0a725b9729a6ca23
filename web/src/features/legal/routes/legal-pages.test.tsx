import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { PRIVACY_MAILBOX } from '../legal-facts';
import { Component as PrivacyPolicy } from './privacy-policy';
import { Component as TermsOfUse } from './terms-of-use';

/** The section headings, in order, without their numbers. */
const sectionTitles = (): string[] =>
  screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent ?? '')
    .filter((text) => text !== 'Contents')
    .map((text) => text.replace(/^\d+\.\s*/, ''));

const text = (): string => document.body.textContent ?? '';

describe('Terms of Use', () => {
  it('has every section spec 001 lists, with a table of contents linking to each', () => {
    // Act
    renderPage(<TermsOfUse />, { path: '/terms-of-use' });

    // Assess
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeInTheDocument();
    expect(sectionTitles()).toEqual([
      'The platform',
      'Accounts',
      'Fees and payment',
      'Your data',
      'Confidentiality',
      'Sanctions and export rules',
      'Warranties and liability',
      'Termination',
      'Governing law',
      'Changes and contact',
    ]);
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getByRole('link', { name: 'Fees and payment' })).toHaveAttribute('href', '#fees');
    expect(document.getElementById('fees')).not.toBeNull();
  });

  it('states the figures of spec 001 §9 and the future administrator accounts', () => {
    // Act
    renderPage(<TermsOfUse />, { path: '/terms-of-use' });

    // Assess
    expect(text()).toContain('United States dollars (USD)');
    expect(text()).toContain('within 15 days of the invoice date');
    expect(text()).toContain('1% per month (12% a year)');
    expect(text()).toContain('paid us in the six months before');
    expect(text()).toContain("30 days' written notice");
    expect(text()).toContain('7-day cure period');
    expect(text()).toContain('a stake of 25% or more');
    expect(text()).toContain('Administrator accounts');
    expect(text()).toContain('laws of the State of Delaware');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });
});

describe('Privacy Policy', () => {
  it('has every section spec 001 lists', () => {
    // Act
    renderPage(<PrivacyPolicy />, { path: '/privacy-policy' });

    // Assess
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(sectionTitles()).toEqual([
      'Information we collect',
      'How we use information',
      'How long we keep information',
      'Your choices and opting out',
      'Rights of California visitors',
      'Rights of European visitors',
      'Making a request',
      'Contact',
    ]);
  });

  it('states the retention, advertising and request figures and the privacy mailbox', () => {
    // Act
    renderPage(<PrivacyPolicy />, { path: '/privacy-policy' });

    // Assess
    expect(text()).toContain('kept for up to 12 months');
    expect(text()).toContain('kept for up to 3 more years');
    expect(text()).toContain('not used for interest-based advertising once it is more than 1 year old');
    expect(text()).toContain('within 30 days');
    const mailLinks = screen.getAllByRole('link', { name: PRIVACY_MAILBOX });
    expect(mailLinks.length).toBeGreaterThan(0);
    for (const link of mailLinks) expect(link).toHaveAttribute('href', `mailto:${PRIVACY_MAILBOX}`);
  });
});

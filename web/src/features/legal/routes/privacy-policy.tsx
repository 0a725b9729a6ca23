import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '@bidgrid/shared/constants';
import { paths } from '@/config/paths';
import { Bullets, LegalDocument, P, SubHeading, type LegalSection } from '../components/legal-document';
import { LEGAL_LAST_UPDATED, PRIVACY_MAILBOX } from '../legal-facts';

const mailbox = (
  <Link href={`mailto:${PRIVACY_MAILBOX}`} color="blue.700">
    {PRIVACY_MAILBOX}
  </Link>
);

/**
 * The policy's sections (spec 001 §2: information collected, use, retention, opt-out, rights for
 * California and European visitors, contact by a privacy mailbox; 001 §9: pseudonymous data kept up
 * to 12 months then de-identified for up to 3 more years, no interest-based advertising on personal
 * data older than 1 year, requests answered within 30 days).
 */
const sections: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <P>We collect three kinds of information:</P>
        <Bullets
          items={[
            <>
              <strong>Account information</strong> about the agency staff who use {PRODUCT_NAME}: user name, email
              address, company name, and the sign-in records our identity provider keeps.
            </>,
            <>
              <strong>Business information</strong> our customers give us to run campaigns: advertiser details, company
              domains, CRM lists and contacts, creatives, landing pages, and the billing details of the payment card (we
              keep the card&apos;s brand and last four digits; the card provider keeps the rest).
            </>,
            <>
              <strong>Advertising data</strong> about visitors who see or click our customers&apos; ads or visit their
              landing pages: pseudonymous identifiers such as cookie ids, the company or network an IP address belongs
              to, the page, the ad, the time, and the browser type.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use information',
    body: (
      <Bullets
        items={[
          'To run the platform: sign-in, campaigns, company matching, ad delivery, reports and billing.',
          'To measure ads: counting impressions, clicks, video views and conversions for our customers.',
          'To show ads to people at the companies a customer targets, and to visitors of its landing pages (retargeting).',
          'To keep the platform secure, prevent fraud and invalid traffic, and meet our legal duties.',
        ]}
      />
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep information',
    body: (
      <>
        <P>
          Pseudonymous advertising data is kept for up to 12 months. After that it is de-identified, so that it can no
          longer be linked to a browser or device, and kept for up to 3 more years for reporting and billing records.
        </P>
        <P>
          Personal data is not used for interest-based advertising once it is more than 1 year old. Account and business
          information is kept while the agency&apos;s account is open and then as long as the law requires.
        </P>
      </>
    ),
  },
  {
    id: 'opt-out',
    title: 'Your choices and opting out',
    body: (
      <>
        <P>
          You can opt out of interest-based advertising from {PRODUCT_NAME} by writing to {mailbox}; we then stop using
          your browser&apos;s identifiers for interest-based advertising. You can also block or delete cookies in your
          browser&apos;s settings. Opting out does not stop all ads: you may still see ads that are not based on your
          interests.
        </P>
        <P>
          Agency users can stop service emails other than invoices and security notices by asking their account manager.
        </P>
      </>
    ),
  },
  {
    id: 'california',
    title: 'Rights of California visitors',
    body: (
      <>
        <P>If you live in California, the California Consumer Privacy Act gives you the right to:</P>
        <Bullets
          items={[
            'know which personal information we collect, use and disclose, and receive a copy of it;',
            'have your personal information deleted or corrected;',
            'opt out of the sale or sharing of your personal information for cross-context behavioural advertising;',
            'limit the use of sensitive personal information (we do not collect any on purpose);',
            'not be treated differently for using these rights.',
          ]}
        />
        <P>We do not sell personal information for money.</P>
      </>
    ),
  },
  {
    id: 'europe',
    title: 'Rights of European visitors',
    body: (
      <>
        <P>
          If you are in the European Economic Area, the United Kingdom or Switzerland, we process your personal data on
          the basis of our customers&apos; and our legitimate interests in measuring and delivering advertising, or on
          your consent where the law requires it. You have the right to:
        </P>
        <Bullets
          items={[
            'access your personal data and receive it in a portable format;',
            'have it corrected or erased, or its processing restricted;',
            'object to its processing, including for advertising, at any time;',
            'withdraw consent you gave, without affecting earlier processing;',
            'complain to your local data protection authority.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'requests',
    title: 'Making a request',
    body: (
      <>
        <SubHeading>How to ask</SubHeading>
        <P>
          Send your request to {mailbox}. We may ask for details to confirm it is your data. We answer every request
          within 30 days, and tell you if we need longer and why.
        </P>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <P>
        Questions about this policy or about your personal data go to our privacy mailbox, {mailbox}. The{' '}
        <Link asChild color="blue.700">
          <RouterLink to={paths.termsOfUse.getHref()}>Terms of Use</RouterLink>
        </Link>{' '}
        describe how our customers may use {PRODUCT_NAME}.
      </P>
    ),
  },
];

/** Privacy policy at /privacy-policy (spec 001 §2 "Legal pages"): static, open to everyone. */
export function Component() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <P>
          This policy explains what information {PRODUCT_NAME} collects, how we use it, how long we keep it, and the
          choices and rights you have.
        </P>
      }
      sections={sections}
    />
  );
}

import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CURRENCY, PRODUCT_NAME } from '@bidgrid/shared/constants';
import { paths } from '@/config/paths';
import { Bullets, LegalDocument, P, type LegalSection } from '../components/legal-document';
import { GOVERNING_STATE, LEGAL_LAST_UPDATED, PRIVACY_MAILBOX } from '../legal-facts';

const privacyLink = (
  <Link asChild color="blue.700">
    <RouterLink to={paths.privacyPolicy.getHref()}>Privacy Policy</RouterLink>
  </Link>
);

/**
 * The terms' sections (spec 001 §2: platform, accounts, fees, data, confidentiality, termination,
 * governing law; future administrator accounts; 001 §9: the 15-day dispute window, 1% a month late
 * interest, the six-month liability cap, 30 days' notice or a 7-day cure period, the 25% sanctions
 * stake, fees in USD).
 */
const sections: readonly LegalSection[] = [
  {
    id: 'platform',
    title: 'The platform',
    body: (
      <>
        <P>
          {PRODUCT_NAME} is an account-based advertising platform for agencies. It lets your agency manage advertisers,
          build display and video campaigns that target the companies you choose, upload creatives, connect a
          customer-relationship (CRM) account and a payment card per advertiser, and read delivery reports. Ads are
          bought and served through a third-party bidding platform on your behalf.
        </P>
        <P>
          We may improve, change or retire features. When a change takes away something you rely on, we will tell you at
          least 30 days before it takes effect.
        </P>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <>
        <P>
          Agency accounts are created by the {PRODUCT_NAME} team. Each user of an agency has a personal sign-in; keep
          your password secret and do not share a sign-in between people. You are responsible for what is done with your
          agency&apos;s sign-ins, and you must tell us at once if you believe one has been misused.
        </P>
        <P>
          Administrator accounts, which will let an agency add and remove its own users, are planned but not yet
          available. Until they are, ask your {PRODUCT_NAME} account manager to add or remove a user; these terms will
          apply to administrator accounts when they arrive.
        </P>
      </>
    ),
  },
  {
    id: 'fees',
    title: 'Fees and payment',
    body: (
      <>
        <Bullets
          items={[
            `All fees and charges are in United States dollars (${CURRENCY}).`,
            'Delivered media spend is charged to the payment card saved for the advertiser whose campaign delivered it, and an invoice is sent for each charge.',
            'An invoice is accepted unless you dispute it in writing within 15 days of the invoice date. Tell us which items you dispute and why; the undisputed part remains due.',
            'Amounts not paid when due bear late interest of 1% per month (12% a year), or the highest rate the law allows if that is lower, from the due date until paid.',
            'Fees do not include taxes. You pay any sales, use or similar taxes on them, other than taxes on our income.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'data',
    title: 'Your data',
    body: (
      <>
        <P>
          Your agency owns the data it puts into {PRODUCT_NAME}: advertiser details, company lists, creatives, landing
          pages and the data it connects from its CRM account. You give us the right to use that data only to run the
          platform for you, including sending campaigns, creatives and audiences to the bidding platform.
        </P>
        <P>
          You confirm that you may share this data with us, and that your advertisers&apos; landing pages tell their
          visitors about the advertising and measurement they use. Delivery reports and aggregated, de-identified
          statistics are ours to use to improve the platform. How we handle personal data is described in our{' '}
          {privacyLink}.
        </P>
      </>
    ),
  },
  {
    id: 'confidentiality',
    title: 'Confidentiality',
    body: (
      <P>
        Each of us will keep the other&apos;s non-public business information confidential, use it only for the purpose
        of these terms, and share it only with staff and contractors who need it and are bound by the same duty. This
        does not apply to information that is public through no fault of the receiving party, that it already had, or
        that it must disclose by law (after telling the other party when the law allows).
      </P>
    ),
  },
  {
    id: 'sanctions',
    title: 'Sanctions and export rules',
    body: (
      <P>
        You confirm that neither your agency nor any advertiser you manage is the target of United States sanctions, and
        that no sanctioned person owns a stake of 25% or more in it, alone or together with other sanctioned persons. We
        may suspend an advertiser at once if this stops being true.
      </P>
    ),
  },
  {
    id: 'liability',
    title: 'Warranties and liability',
    body: (
      <>
        <P>
          We run the platform with reasonable skill and care, but we do not promise any number of impressions, clicks or
          conversions, or that the platform will never be interrupted.
        </P>
        <P>
          Neither of us is liable to the other for lost profits or for indirect or consequential losses. Each
          party&apos;s total liability under these terms is limited to the amounts you paid us in the six months before
          the event that gave rise to the claim. These limits do not apply to unpaid fees, to a breach of
          confidentiality, or where the law does not allow them.
        </P>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <>
        <P>
          Either of us may end these terms for convenience by giving the other 30 days&apos; written notice. Either of
          us may end them sooner if the other materially breaches them and does not cure the breach within a 7-day cure
          period after being told about it in writing.
        </P>
        <P>
          When the terms end, running campaigns are stopped, spend delivered up to that moment is charged, and you may
          export your reports for 30 days before your agency&apos;s account is closed.
        </P>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <P>
        These terms are governed by the laws of the State of {GOVERNING_STATE}, United States, without regard to its
        conflict-of-laws rules. The state and federal courts located in {GOVERNING_STATE} have exclusive jurisdiction
        over any dispute about them.
      </P>
    ),
  },
  {
    id: 'contact',
    title: 'Changes and contact',
    body: (
      <P>
        We will post changes to these terms on this page and tell signed-in users about material changes at least 30
        days before they take effect. Questions about these terms can go to your account manager, or to{' '}
        <Link href={`mailto:${PRIVACY_MAILBOX}`} color="blue.700">
          {PRIVACY_MAILBOX}
        </Link>{' '}
        for anything about personal data.
      </P>
    ),
  },
];

/** Terms of use at /terms-of-use (spec 001 §2 "Legal pages"): static, open to everyone. */
export function Component() {
  return (
    <LegalDocument
      title="Terms of Use"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <P>
          These terms are an agreement between {PRODUCT_NAME} and the agency that uses the platform. By signing in you
          accept them on behalf of your agency.
        </P>
      }
      sections={sections}
    />
  );
}

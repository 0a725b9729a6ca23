import { paths } from '@/config/paths';
import { abmFlowSteps, type FlowStep } from '@/lib/campaign-flow';

/** An in-app entry of the sidebar: where it goes and, for flows, what it starts. */
export interface SidebarLink {
  kind: 'link';
  label: string;
  href: string;
  /** The title handed to the page in router state (the wizard shows it). */
  title?: string;
  /** Steps the entry sets after resetting the campaign state (ABM Campaign sets the ABM step list). */
  steps?: readonly FlowStep[];
  isDynamicABA?: boolean;
}

/** An entry that leaves the app (support portal) or opens a document in a new tab (legal pages). */
export interface SidebarExternal {
  kind: 'external';
  label: string;
  href: string;
}

/** Spec 000 §2 "Header and sidebar", in order (Log out is rendered after these). */
export function sidebarEntries(supportUrl: string): ReadonlyArray<SidebarLink | SidebarExternal> {
  return [
    { kind: 'link', label: 'Home', href: paths.dashboard.getHref() },
    { kind: 'link', label: 'Advertisers', href: paths.advertisers.getHref() },
    { kind: 'link', label: 'Invoices', href: paths.invoices.getHref() },
    {
      kind: 'link',
      label: 'ABM Campaign',
      href: paths.createManagedCampaign.getHref(),
      title: 'ABM Campaign',
      steps: abmFlowSteps,
      isDynamicABA: true,
    },
    {
      kind: 'link',
      label: 'Custom Campaign',
      href: paths.createCustomCampaign.getHref(),
      title: 'Custom Campaign',
      isDynamicABA: false,
    },
    { kind: 'link', label: 'Create Campaign From Template', href: paths.createCampaignFromTemplate.getHref() },
    { kind: 'link', label: 'Create Campaign Template', href: paths.createCampaignTemplate.getHref() },
    { kind: 'link', label: 'Edit Campaign Templates', href: paths.campaignTemplates.getHref() },
    { kind: 'link', label: 'Visitors Re-targeting Segments', href: paths.visitorsRetargeting.getHref() },
    { kind: 'link', label: 'CRM Re-targeting Segments', href: paths.crmRetargeting.getHref() },
    { kind: 'link', label: 'Publication Lists', href: paths.publicationLists.getHref() },
    { kind: 'link', label: 'Ads Upload', href: paths.adsUpload.getHref() },
    { kind: 'link', label: 'Target Companies', href: paths.targetCompanies.getHref() },
    { kind: 'link', label: 'Roles and Titles', href: paths.rolesTitles.getHref() },
    { kind: 'link', label: 'Zip Codes', href: paths.zipCodes.getHref() },
    { kind: 'external', label: 'Support', href: supportUrl },
    { kind: 'external', label: 'Terms of Use', href: paths.termsOfUse.getHref() },
    { kind: 'external', label: 'Privacy Policy', href: paths.privacyPolicy.getHref() },
  ];
}

import type { TCampaign } from '../campaigns/campaign.schema';
import type { TCampaignCreate } from '../campaigns/campaign-create.schema';
import type { TCompanyRow, TEmailGroup } from '../targeting/company.schema';
import type { RealtimeParts } from './event';
import { packGroups } from './parts';

/** One piece of a chunked creation: a company row, or one e-mail address of a domain's group. */
type TPiece = { company: TCompanyRow } | { domain: string; email: string };

/** E-mail pieces back into groups by domain, in the order they came (a group cut in two joins again). */
export function groupEmails(pieces: ReadonlyArray<{ domain: string; email: string }>): TEmailGroup[] {
  const groups = new Map<string, string[]>();
  for (const { domain, email } of pieces) {
    // In place: copying a domain's list per address made a group of 20,000 quadratic.
    const emails = groups.get(domain);
    if (emails) emails.push(email);
    else groups.set(domain, [email]);
  }
  return [...groups].map(([domain, emails]) => ({ domain, emails }));
}

/**
 * Chunks of a `createCampaign` request. A campaign of many target companies or CRM e-mails outgrows
 * a frame (1,000 companies with their IP ranges are about 150 KB, 1,000 e-mails about 40 KB), so the
 * companies and the e-mails go in chunks that fit, each chunk carrying the rest of the payload whole.
 * The server keeps the chunks before the last (answering each with a null payload) and creates the
 * campaign from all of them when the last one arrives, so the reply to the last chunk is the
 * campaign: merging takes it.
 */
export const campaignCreateParts: RealtimeParts<TCampaignCreate, TCampaign | null> = {
  splitRequest(request, fits) {
    const companies = request.foundCompanyInfo?.companies ?? [];
    const emailGroups = request.foundEmailsInfo?.emailsToHash ?? [];
    const pieces: TPiece[] = [
      ...companies.map((company) => ({ company })),
      ...emailGroups.flatMap((group) => group.emails.map((email) => ({ domain: group.domain, email }))),
    ];
    if (fits(request) || pieces.length <= 1) return [request];
    const fromFile = request.foundCompanyInfo?.fromFile ?? false;
    const emailsFromFile = request.foundEmailsInfo?.fromFile ?? false;
    return packGroups(
      pieces.map((piece) => [piece]),
      (slice): TCampaignCreate => {
        const sliceCompanies = slice.flatMap((piece) => ('company' in piece ? [piece.company] : []));
        const sliceEmails = slice.flatMap((piece) => ('email' in piece ? [piece] : []));
        return {
          ...request,
          ...(request.foundCompanyInfo ? { foundCompanyInfo: { companies: sliceCompanies, fromFile } } : {}),
          ...(request.foundEmailsInfo
            ? { foundEmailsInfo: { emailsToHash: groupEmails(sliceEmails), fromFile: emailsFromFile } }
            : {}),
        };
      },
      fits,
      { what: 'A company row' },
    );
  },

  // The last chunk's reply is the campaign; the ones before it only said "kept".
  merge: (payloads) => payloads.findLast((payload) => payload !== null) ?? null,
};

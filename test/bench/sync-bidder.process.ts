import type { AddressInfo } from 'node:net';
import { createBidderSimulator } from '@bidgrid/local/simulators/bidder';
import { createLogger } from '@bidgrid/local/support/logger';

/**
 * The bench's bidder simulator in a process of its own (`sync.ts` forks it), as the real bidder is
 * another machine: computing a report then never holds up the sync's event loop. It answers the
 * bidder API on a free loopback port (sent to the parent as `{port}`) and copies campaigns in its
 * store on request (`{clone: ...}` -> `{cloned: campaigns}`), the bulk seeding the bench needs.
 */

/** What the parent asks: copies of a template campaign and line item made through the API. */
export interface CloneRequest {
  templateCampaign: number;
  templateLineItem: number;
  creativeIds: number[];
  prefix: string;
  count: number;
  lineItems: number;
}

/** A copied campaign: its bidder id and its line items' ids. */
export interface ClonedCampaign {
  beeswaxCampaignId: number;
  lineItemIds: number[];
}

const simulator = createBidderSimulator({ logger: createLogger('warn') });

/** Copies in the store: the rows as the API made them (v2 `id` and `name`), fresh ids, settings history and links. */
function clone(request: CloneRequest): ClonedCampaign[] {
  return simulator.store.update((s) => {
    const campaignRow = s.rows.campaign[String(request.templateCampaign)] as Record<string, unknown>;
    const lineItemRow = s.rows.line_item[String(request.templateLineItem)] as Record<string, unknown>;
    const made: ClonedCampaign[] = [];
    for (let c = 0; c < request.count; c++) {
      const campaignId = s.nextId++;
      const row = { ...campaignRow, id: campaignId, name: `${request.prefix} ${c + 1}` };
      s.rows.campaign[String(campaignId)] = row;
      s.history[`campaign:${campaignId}`] = [{ at: null, values: row }];
      const lineItemIds: number[] = [];
      for (let l = 0; l < request.lineItems; l++) {
        const lineItemId = s.nextId++;
        const li = {
          ...lineItemRow,
          id: lineItemId,
          campaign_id: campaignId,
          name: `Account ${l + 1}`,
        };
        s.rows.line_item[String(lineItemId)] = li;
        s.history[`line_item:${lineItemId}`] = [{ at: null, values: li }];
        for (const creativeId of request.creativeIds) {
          const linkId = s.nextId++;
          s.rows.creative_line_item[String(linkId)] = {
            cli_id: linkId,
            creative_id: creativeId,
            line_item_id: lineItemId,
            active: true,
          };
        }
        lineItemIds.push(lineItemId);
      }
      made.push({ beeswaxCampaignId: campaignId, lineItemIds });
    }
    return made;
  });
}

process.on('message', (message: { clone?: CloneRequest; stop?: true }) => {
  if (message.clone) process.send?.({ cloned: clone(message.clone) });
  if (message.stop) simulator.server.close(() => process.exit(0));
});
// The parent going away takes the simulator with it.
process.on('disconnect', () => process.exit(0));
simulator.server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (simulator.server.address() as AddressInfo).port });
});

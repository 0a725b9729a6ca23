import { defineOperation } from '../api/operation';
import { ZLineItem, ZLineItemStatusUpdate } from './line-item.schema';

export const updateLineItemStatus = defineOperation({
  name: 'updateLineItemStatus',
  method: 'PUT',
  path: '/api/lineitem/status',
  auth: 'user',
  body: ZLineItemStatusUpdate,
  response: ZLineItem,
  summary:
    "Path ours (000 §7 names the operation updateLineItemStatus; its public path is the CRM card's): the dashboard's toggle, switching a line item of the caller's agency on or off here and at the bidder.",
  specRef: '000 §7',
});

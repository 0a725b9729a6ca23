import { gql, type TypedDocumentNode } from '@apollo/client';
import type { TSegmentsLogEntry } from '@bidgrid/shared/entities/billing.schema';

/** 000 §7 POST /segmentsLogs/all {username}: company-matching logs (internal staff; the token decides). */
export const SEGMENTS_LOGS_QUERY: TypedDocumentNode<{ segmentsLogs: TSegmentsLogEntry[] }, { username: string }> = gql`
  query SegmentsLogs($username: String!) {
    segmentsLogs(body: { username: $username }) @rest(operation: "listSegmentsLogs", type: "SegmentsLogEntry") {
      id
      subdomain
      originalDomains
      ipSegment
      date
    }
  }
`;

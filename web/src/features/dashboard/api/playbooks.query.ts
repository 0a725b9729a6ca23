import { gql, type TypedDocumentNode } from '@apollo/client';
import type { TPlaybook } from '@bidgrid/shared/entities/playbook.schema';

interface PlaybooksData {
  playbooks: TPlaybook[];
}

/** Spec 000 §7 / 001 §7: GET /playBooks, the playbook cards of the dashboard. */
export const PLAYBOOKS_QUERY: TypedDocumentNode<PlaybooksData, Record<string, never>> = gql`
  query Playbooks {
    playbooks @rest(operation: "getPlaybooks", type: "Playbook") {
      id
      icon
      title
      description
      campaignSteps {
        name
        order
        label
      }
    }
  }
`;

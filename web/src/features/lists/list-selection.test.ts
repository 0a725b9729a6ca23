import { describe, expect, it } from 'vitest';
import { CUSTOM_LIST, SINGLE_LIST, SPLIT_LIST } from './list-fixtures';
import { isChosen, restoreSelection, setSplitCpm, toggleList, type TListSelection } from './list-selection';

const NONE: TListSelection = { selectedDomainListsIds: [], selectedDomainLists: [] };

describe('publication list selection', () => {
  it('chooses custom and SINGLE lists as their one bidder list', () => {
    const chosen = toggleList(toggleList(NONE, CUSTOM_LIST, true), SINGLE_LIST, true);
    expect(chosen).toEqual({
      selectedDomainListsIds: ['bg-domain-list-1', 'pl-business'],
      selectedDomainLists: [
        { beeswaxListId: 7, name: 'Robotics trade sites' },
        { beeswaxListId: 20, name: 'Business Press' },
      ],
    });
    expect(isChosen(chosen, SINGLE_LIST)).toBe(true);
  });

  it('chooses every list of a SPLIT list at CPM 25, editable per domain, and drops them all together', () => {
    // Prepare
    const chosen = toggleList(NONE, SPLIT_LIST, true);
    // Act
    const edited = setSplitCpm(chosen, 31, 40);
    const dropped = toggleList(toggleList(edited, CUSTOM_LIST, true), SPLIT_LIST, false);
    // Assess
    expect(edited.selectedDomainLists).toEqual([
      { beeswaxListId: 30, name: 'techcrunch.com', cpmBid: 25 },
      { beeswaxListId: 31, name: 'wired.com', cpmBid: 40 },
    ]);
    expect(dropped).toEqual({
      selectedDomainListsIds: ['bg-domain-list-1'],
      selectedDomainLists: [{ beeswaxListId: 7, name: 'Robotics trade sites' }],
    });
  });

  it("restores a template's ids into bidder lists once the lists are loaded, dropping lists that are gone", () => {
    const fromTemplate: TListSelection = {
      selectedDomainListsIds: ['pl-tech', 'bg-domain-list-gone', 'bg-domain-list-1'],
      selectedDomainLists: [],
    };
    const restored = restoreSelection(fromTemplate, [SINGLE_LIST, SPLIT_LIST, CUSTOM_LIST]);
    expect(restored.selectedDomainListsIds).toEqual(['pl-tech', 'bg-domain-list-1']);
    expect(restored.selectedDomainLists.map((l) => l.beeswaxListId)).toEqual([30, 31, 7]);
    expect(restoreSelection(restored, [SINGLE_LIST, SPLIT_LIST, CUSTOM_LIST])).toBe(restored);
  });

  it("keeps a template's split-list CPM bids, and drops the bidder lists of a list gone since", () => {
    // Prepare: saved with a bid of 40 on wired.com, and a custom list deleted since.
    const fromTemplate: TListSelection = {
      selectedDomainListsIds: ['pl-tech', 'bg-domain-list-gone'],
      selectedDomainLists: [
        { beeswaxListId: 30, name: 'techcrunch.com', cpmBid: 25 },
        { beeswaxListId: 31, name: 'wired.com', cpmBid: 40 },
        { beeswaxListId: 99, name: 'Gone list' },
      ],
    };
    // Act
    const restored = restoreSelection(fromTemplate, [SINGLE_LIST, SPLIT_LIST, CUSTOM_LIST]);
    // Assess
    expect(restored).toEqual({
      selectedDomainListsIds: ['pl-tech'],
      selectedDomainLists: [
        { beeswaxListId: 30, name: 'techcrunch.com', cpmBid: 25 },
        { beeswaxListId: 31, name: 'wired.com', cpmBid: 40 },
      ],
    });
    expect(restoreSelection(restored, [SINGLE_LIST, SPLIT_LIST, CUSTOM_LIST])).toBe(restored);
  });
});

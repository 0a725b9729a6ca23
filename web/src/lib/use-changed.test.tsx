import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useChanged } from './use-changed';

/** A choice that belongs to one owner: it goes when the owner changes. */
function Choice({ owner, initial, renders }: { owner: string; initial: string; renders: string[] }) {
  const [choice, setChoice] = useState(initial);
  const ownerChanged = useChanged([owner]);
  if (ownerChanged) setChoice('');
  renders.push(`${owner}:${choice}`);
  return <p>{choice || 'none'}</p>;
}

describe('useChanged', () => {
  it('is false on the first render and while the values stay, true once when one changes', () => {
    // Prepare
    const renders: string[] = [];
    const { rerender } = render(<Choice owner="acme" initial="list-1" renders={renders} />);

    // Act
    rerender(<Choice owner="acme" initial="list-1" renders={renders} />);

    // Assess
    expect(screen.getByText('list-1')).toBeInTheDocument();

    // Act
    rerender(<Choice owner="globex" initial="list-1" renders={renders} />);

    // Assess: the render that saw the change was run again at once with the choice reset, and only that one shown
    expect(screen.getByText('none')).toBeInTheDocument();
    expect(renders).toEqual(['acme:list-1', 'acme:list-1', 'globex:list-1', 'globex:']);
  });
});

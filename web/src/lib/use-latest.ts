import { useLayoutEffect, useRef } from 'react';

/**
 * A ref holding the value of the last committed render, for callbacks that run later (an effect that
 * must not run again when the value changes, a handler handed out once) and must see the newest value.
 * The ref is updated in a layout effect, never during render, so a render that is thrown away (Strict
 * Mode, a suspended or interrupted render) leaves it alone. Read it in effects and handlers, not in render.
 *
 *   const latestInput = useLatest(input);
 *   useEffect(() => load(latestInput.current), [page]);
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

import { useEffect, useState } from 'react';

/** True only once `value` has stayed true for `delay` ms; false again as soon as it turns false. */
export function useDelayedFlag(value: boolean, delay: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    setElapsed(false);
    if (!value) return;
    const timer = setTimeout(() => setElapsed(true), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return value && elapsed;
}

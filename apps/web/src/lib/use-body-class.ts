import { useEffect } from 'react';

/** Puts classes on <body> while the component is mounted (AdminLTE reads its layout from there). */
export function useBodyClass(classNames: string, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const classes = classNames.split(/\s+/).filter(Boolean);
    document.body.classList.add(...classes);
    return () => document.body.classList.remove(...classes);
  }, [classNames, enabled]);
}

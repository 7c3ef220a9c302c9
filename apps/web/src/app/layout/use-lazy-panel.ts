import { useState } from 'react';

/**
 * A panel whose code loads when it is first opened: `opened` says whether to render it yet, and
 * stays true once it has been, so that it can animate its closing.
 */
export function useLazyPanel() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return {
    open,
    opened,
    show: () => {
      setOpened(true);
      setOpen(true);
    },
    toggle: () => {
      setOpened(true);
      setOpen((wasOpen) => !wasOpen);
    },
    hide: () => setOpen(false),
  };
}

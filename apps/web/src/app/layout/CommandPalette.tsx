import { useAbility } from '@casl/react';
import {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  type SearchKind,
  searchAnswerSchema,
} from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Modal } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { type AbilityName, type AppAbility, can } from '../../lib/abilities.ts';
import { http } from '../../lib/http.ts';
import { createFormPath, paths } from '../../lib/paths.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { menuLinks } from './menu.ts';

interface Command {
  key: string;
  label: string;
  /** Where Enter goes. */
  to: string;
  group: string;
  ability?: AbilityName | readonly AbilityName[];
}

/** Screens and actions, each shown only to those whose abilities allow it. */
const SCREENS: Command[] = [...menuLinks('main'), ...menuLinks('resources')].map((link) => ({
  key: `screen:${link.to}`,
  label: `Go to ${link.label}`,
  to: link.to,
  group: 'Screens',
  ability: link.ability,
}));
const ACTIONS: Command[] = (
  [
    { label: 'Add New Website', to: createFormPath(paths.websites), ability: 'website-create' },
    { label: 'Add New Instance', to: createFormPath(paths.instances), ability: 'instance-create' },
    { label: 'Add New Category', to: createFormPath(paths.categories), ability: 'category-create' },
    { label: 'Add New Post', to: createFormPath(paths.posts), ability: 'post-create' },
    { label: 'Add New User', to: createFormPath(paths.users), ability: 'user-create' },
    { label: 'Add New Role', to: paths.roleCreate, ability: 'role-create' },
    { label: 'Add New Setting', to: paths.settingCreate, ability: 'setting-create' },
  ] as const
).map((action) => ({ ...action, key: `action:${action.to}`, group: 'Actions' }));

/** Each kind's list, filtered to the record found. */
const LIST_OF: Record<SearchKind, string> = {
  websites: paths.websites,
  categories: paths.categories,
  posts: paths.posts,
  users: paths.users,
  settings: paths.settings,
};

function useRecordCommands(term: string): Command[] {
  const query = useDebouncedValue(term.trim());
  const found = useQuery({
    queryKey: ['search', query],
    queryFn: async () =>
      searchAnswerSchema.parse(await http.get('/api/search', { query: { query } })),
    enabled: query !== '',
  });
  if (query === '' || !found.data) return [];
  return SEARCH_KINDS.flatMap((kind) =>
    (found.data[kind] ?? []).map((hit) => ({
      key: `${kind}:${hit.id}`,
      label: hit.label,
      to: `${LIST_OF[kind]}?query=${encodeURIComponent(hit.label)}`,
      group: SEARCH_KIND_LABELS[kind],
    })),
  );
}

/**
 * The command palette (opened by Ctrl+K or ⌘K, see usePaletteShortcut): records found by name on the server, and the screens and
 * actions the user may open. Arrow keys move, Enter opens, Escape closes: no mouse needed.
 */
export function CommandPalette({
  open,
  onClose,
  takeTypedAhead,
}: {
  open: boolean;
  onClose: () => void;
  /** What was typed since Ctrl+K, before the search field had the focus. */
  takeTypedAhead: () => string;
}) {
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);

  // The field takes what was typed since Ctrl+K, then the focus, as the dialog shows: no fade
  // delays it, so typing straight after the shortcut loses no key.
  function onShow() {
    setTerm(takeTypedAhead());
    setActive(0);
    input.current?.focus();
  }

  const records = useRecordCommands(term);
  const needle = term.trim().toLowerCase();
  const allowed = [...SCREENS, ...ACTIONS].filter(
    (command) =>
      (!command.ability || can(ability, command.ability)) &&
      command.label.toLowerCase().includes(needle),
  );
  // Screens and actions first: they show at once, and the records the server finds a moment later
  // come in below them instead of moving the highlighted one.
  const commands = [...allowed, ...records];
  const current = Math.min(active, commands.length - 1);

  function choose(command: Command | undefined) {
    if (!command) return;
    onClose();
    navigate(command.to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, commands.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(commands[current]);
    }
  }

  return (
    <Modal
      show={open}
      onHide={onClose}
      onShow={onShow}
      animation={false}
      aria-label="Command palette"
      size="lg"
    >
      <Modal.Body>
        <input
          type="search"
          className="form-control"
          placeholder="Search records, screens and actions"
          aria-label="Search records, screens and actions"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={commands[current] ? `${listId}-${current}` : undefined}
          value={term}
          ref={input}
          onChange={(event) => {
            setTerm(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div id={listId} role="listbox" aria-label="Results" className="list-group mt-2">
          {commands.map((command, index) => (
            <div
              key={command.key}
              tabIndex={-1}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === current}
              className={`list-group-item d-flex justify-content-between ${index === current ? 'active' : ''}`}
            >
              <span>{command.label}</span>
              <small className={index === current ? '' : 'text-body-secondary'}>
                {command.group}
              </small>
            </div>
          ))}
          {commands.length === 0 && (
            <div className="list-group-item text-body-secondary">No match</div>
          )}
        </div>
      </Modal.Body>
    </Modal>
  );
}

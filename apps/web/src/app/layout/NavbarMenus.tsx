import { Dropdown } from 'react-bootstrap';
import { NotificationBell } from '../../features/notifications/index.ts';
import { THEME_CHOICE_LABELS, type ThemeChoice, useTheme } from '../../lib/theme.ts';

const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];
const THEME_ICONS: Record<ThemeChoice, string> = {
  light: 'bi-sun-fill',
  dark: 'bi-moon-fill',
  system: 'bi-circle-half',
};

/**
 * The messages menu is a placeholder, as in the original product, not wired to anything: no
 * count on its icon, which would read as unread items, and a menu that says so.
 */
const PLACEHOLDER_TEXT = 'Not available yet: nothing is sent here.';

function PlaceholderMenu({ title, icon }: { title: string; icon: string }) {
  return (
    <Dropdown as="li" className="nav-item" align="end">
      <Dropdown.Toggle
        as="button"
        className="nav-link no-caret"
        aria-label={`${title} (placeholder)`}
        title={`${title} (placeholder)`}
      >
        <i className={`bi ${icon}`} aria-hidden="true" />
      </Dropdown.Toggle>
      <Dropdown.Menu className="dropdown-menu-lg">
        <Dropdown.Header>{title}</Dropdown.Header>
        <Dropdown.ItemText className="small text-body-secondary">
          {PLACEHOLDER_TEXT}
        </Dropdown.ItemText>
      </Dropdown.Menu>
    </Dropdown>
  );
}

/**
 * The top bar's menus: messages, the notifications' bell and the theme. Loaded after the first screen, as
 * the dropdown library they use is not needed to show it.
 */
export function NavbarMenus() {
  const { choice, setChoice } = useTheme();
  return (
    <>
      <PlaceholderMenu title="Messages" icon="bi-chat-text" />
      <NotificationBell />
      <Dropdown as="li" className="nav-item" align="end">
        <Dropdown.Toggle
          as="button"
          className="nav-link no-caret"
          aria-label="Theme"
          title={`Theme: ${THEME_CHOICE_LABELS[choice]}`}
        >
          <i className={`bi ${THEME_ICONS[choice]}`} aria-hidden="true" />
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {THEME_CHOICES.map((option) => (
            <Dropdown.Item
              key={option}
              as="button"
              type="button"
              active={option === choice}
              aria-current={option === choice ? 'true' : undefined}
              onClick={() => setChoice(option)}
            >
              <i className={`bi ${THEME_ICONS[option]} me-2`} aria-hidden="true" />
              {THEME_CHOICE_LABELS[option]}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
    </>
  );
}

import { MANAGE_ALL } from '@sitefleet/contract';
import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { IfAllowed } from '../../components/IfAllowed.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useLogout } from '../../features/auth/index.ts';
import { useAppName, useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { type MenuLink, menuLinks, PARAMETER_PLACEHOLDERS } from './menu.ts';

const MAIN_LINKS = menuLinks('main');
const RESOURCE_LINKS = menuLinks('resources');
const PARAMETER_LINKS = menuLinks('parameters');

function MenuItem({ link }: { link: MenuLink }) {
  const item = (
    <li className="nav-item">
      <NavLink to={link.to} className="nav-link">
        <i className={`nav-icon bi ${link.icon}`} aria-hidden="true" />
        <p>{link.label}</p>
      </NavLink>
    </li>
  );
  return link.ability ? <IfAllowed ability={link.ability}>{item}</IfAllowed> : item;
}

/** A menu entry that exists in the design but does nothing yet. */
function PlaceholderItem({ label, icon }: { label: string; icon: string }) {
  return (
    <li className="nav-item">
      <span className="nav-link opacity-75" aria-disabled="true" title="Not available yet">
        <i className={`nav-icon bi ${icon}`} aria-hidden="true" />
        <p>{label}</p>
      </span>
    </li>
  );
}

function ParametersTree() {
  const [open, setOpen] = useState(false);
  const treeId = useId();
  return (
    <li className={`nav-item ${open ? 'menu-open' : ''}`}>
      <button
        type="button"
        className="nav-link"
        aria-expanded={open}
        aria-controls={treeId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <i className="nav-icon bi bi-sliders" aria-hidden="true" />
        <p>
          Parameters
          <i className="nav-arrow bi bi-chevron-right" aria-hidden="true" />
        </p>
      </button>
      <ul id={treeId} className="nav nav-treeview">
        {PARAMETER_LINKS.map((link) => (
          <MenuItem key={link.to} link={link} />
        ))}
        {PARAMETER_PLACEHOLDERS.map((label) => (
          <PlaceholderItem key={label} label={label} icon="bi-circle" />
        ))}
      </ul>
    </li>
  );
}

export function Sidebar() {
  const { user } = useAuth();
  const appName = useAppName();
  const logout = useLogout();

  return (
    <aside className="app-sidebar bg-body-secondary shadow" data-bs-theme="dark">
      <div className="sidebar-brand">
        <Link to={paths.dashboard} className="brand-link">
          <i className="bi bi-hdd-network fs-4 opacity-75" aria-hidden="true" />
          <span className="brand-text fw-light" title={appName}>
            {appName}
          </span>
        </Link>
      </div>
      <div className="sidebar-wrapper">
        <nav className="mt-2" aria-label="Main menu">
          <ul className="nav sidebar-menu flex-column">
            {user && (
              <li className="nav-item border-bottom border-secondary-subtle pb-2 mb-2">
                <NavLink to={paths.profile} className="nav-link" aria-label={user.name}>
                  <span className="nav-icon" aria-hidden="true">
                    <UserAvatar name={user.name} avatar={user.avatar} size={24} />
                  </span>
                  <p>{user.name}</p>
                </NavLink>
              </li>
            )}
            {MAIN_LINKS.map((link) => (
              <MenuItem key={link.to} link={link} />
            ))}
            <PlaceholderItem label="Reports" icon="bi-bar-chart-line" />
            <IfAllowed ability={MANAGE_ALL}>
              <li className="nav-header">ADMINISTRATION</li>
              <ParametersTree />
            </IfAllowed>
            {RESOURCE_LINKS.map((link) => (
              <MenuItem key={link.to} link={link} />
            ))}
            <li className="nav-item">
              {/* A link to the sign-in page, as in the original menu; the click ends the session first. */}
              <Link
                to={paths.login}
                className="nav-link"
                onClick={(event) => {
                  event.preventDefault();
                  if (!logout.isPending) logout.mutate();
                }}
              >
                <i className="nav-icon bi bi-box-arrow-right" aria-hidden="true" />
                <p>Logout</p>
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </aside>
  );
}

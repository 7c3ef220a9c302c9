import { useAppName } from '../../lib/auth-store.ts';

export function Footer() {
  const appName = useAppName();
  return (
    <footer className="app-footer">
      <strong>
        Copyright &copy; {new Date().getFullYear()} {appName}.
      </strong>{' '}
      All rights reserved.
    </footer>
  );
}

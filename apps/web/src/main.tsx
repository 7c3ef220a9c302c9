import 'admin-lte/dist/css/adminlte.css';
import 'bootstrap-icons/font/bootstrap-icons.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders.tsx';
import { router } from './app/router.tsx';
import { syncThemeWithDocument } from './lib/theme.ts';

syncThemeWithDocument();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

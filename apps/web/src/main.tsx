import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startEarlyCalls } from './app/early';
import './app/global.css';
import { Providers } from './app/providers';
import { entryScreen } from './app/routes';
import { registerServiceWorker } from './app/serviceWorker';
import { watchInstallPrompt } from './features/push/install';

// A signed-in page's first calls leave now, before the first render (app/early.ts).
if (entryScreen(window.location.pathname) === 'main') startEarlyCalls();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <Providers>
    <App />
  </Providers>,
);

registerServiceWorker();
watchInstallPrompt();

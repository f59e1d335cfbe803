import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/global.css';
import { Providers } from './app/providers';
import { registerServiceWorker } from './app/serviceWorker';
import { watchInstallPrompt } from './features/push/install';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <Providers>
    <App />
  </Providers>,
);

registerServiceWorker();
watchInstallPrompt();

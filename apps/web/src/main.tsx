import { startTransition } from 'react';
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

// Rendered as a transition so React works in slices of a few milliseconds and lets the browser in
// between (input, paint, the responses of the first calls): in one piece the first render blocks a
// phone's main thread for half a second or more.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <Providers>
      <App />
    </Providers>,
  );
});

registerServiceWorker();
watchInstallPrompt();

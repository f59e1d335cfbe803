import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadFirstScreen, startFirstScreen } from './app/App';
import { startEarlyCalls } from './app/early';
import { afterStart } from './platform/afterStart';
import './app/global.css';
import { preloadPopups } from './app/PopupHost';
import { Providers } from './app/providers';
import { entryScreen } from './app/routes';
import { watchInstallPrompt } from './features/push/install';
import { rememberArrivalCode } from './platform/arrivalCode';
import { linkManifestAfterLoad, registerServiceWorker } from './platform/serviceWorker';

const pathname = window.location.pathname;
rememberArrivalCode(window.location.search);
const signedIn = entryScreen(pathname) === 'main';

// A signed-in page's first calls (app/early.ts: the session, the inbox's first page, ...) and a
// conversation's chat leave now, before the first render. A request started by a script leaves when
// the script's task ends, so this task does little else: the store, the app's code and the first
// render come in the next one.
if (signedIn) {
  startEarlyCalls(pathname);
  startFirstScreen(pathname);
}
watchInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

setTimeout(() => {
  loadFirstScreen(pathname);
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
  linkManifestAfterLoad();
  afterStart(preloadPopups);
}, 0);

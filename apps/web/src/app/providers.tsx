import { type ReactNode, StrictMode, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { type AppStore, createStore } from './store';

/** Store and router around the app; one store per page load (the entry's, when it made one). */
export function Providers({ children, store: given }: { children: ReactNode; store?: AppStore }) {
  const [store] = useState(() => given ?? createStore());
  return (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>{children}</BrowserRouter>
      </Provider>
    </StrictMode>
  );
}

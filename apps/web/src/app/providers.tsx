import { type ReactNode, StrictMode, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { createStore } from './store';

/** Store and router around the app; one store per page load. */
export function Providers({ children }: { children: ReactNode }) {
  const [store] = useState(createStore);
  return (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>{children}</BrowserRouter>
      </Provider>
    </StrictMode>
  );
}

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { App } from './app/App.tsx';
import './index.css';

// The page's CSP nonce, fresh in every answer (server/plugins/client.ts): the one <style> element the
// app injects (the scroll lock of Radix dialogs and menus, through react-style-singleton) carries it,
// so the policy allows no other inline style.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) setNonce(nonce);

// A transition renders concurrently: React yields to the browser every few milliseconds, so the first
// render does not block input as one long task on a slow phone.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

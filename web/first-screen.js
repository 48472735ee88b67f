// Put inline into index.html by the build (vite.config.ts, decision 0095) and run while the page is
// parsed, before its first paint. On the login page's address, the login page drawn at build time in
// the language chosen on this device (local storage `lang`, as i18n reads it) goes into #root, and
// the page's language is set. The server allows this one inline script by its hash.
(() => {
  let lang = 'cs';
  try {
    if (localStorage.getItem('lang') === 'en') lang = 'en';
  } catch {
    // storage refused: Czech
  }
  document.documentElement.lang = lang;
  // The server draws a page in the language of the `lang` cookie (decision 0103): kept as chosen.
  // biome-ignore lint/suspicious/noDocumentCookie: set before the first paint; the Cookie Store API is asynchronous and not in every phone's browser
  document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
  const root = document.getElementById('root');
  if (root?.dataset.lang && root.dataset.lang !== lang) {
    // Drawn in the other language (a device that chose before the cookie existed): the app draws it.
    root.replaceChildren();
    delete root.dataset.drawn;
  }
  // A page the server drew names the app's entry and its imports instead of loading them: they are
  // asked for once the page is on screen (the frame after the first paint), and the app starts.
  const entry = document.querySelector('meta[name="app-entry"]');
  if (entry && root?.dataset.drawn) {
    // A tap on a button of the drawn page before the app has taken it over is kept, and given to
    // the button once the app has started (main.tsx): a drawn button does nothing by itself. Links
    // (a phone number, the navigation) work without the app.
    const early = [];
    root.earlyTaps = early;
    root.addEventListener(
      'click',
      (event) => {
        const button = event.target instanceof Element ? event.target.closest('button') : null;
        if (button && !root.dataset.taken) early.push(button);
      },
      true,
    );
  }
  if (entry) {
    // The frame after the page is parsed and its style sheets are in: the first that shows it.
    document.addEventListener('DOMContentLoaded', () =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          for (const href of (entry.dataset.imports ?? '').split(' ').filter(Boolean)) {
            const link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = href;
            document.head.append(link);
          }
          const script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = entry.getAttribute('content');
          document.head.append(script);
        }),
      ),
    );
  }
  const drawn = document.getElementById(`first-${lang}`);
  if (root && drawn && location.pathname === '/') {
    root.append(drawn.content.cloneNode(true));
    root.dataset.drawn = '/';
    // Enter pressed in the form before the app runs is kept: the app sends the form when it starts.
    // In the capture phase and first: React, taking the markup over, stops a key it cannot yet handle.
    root.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter' && root.dataset.drawn === '/') root.dataset.sendWanted = 'yes';
      },
      true,
    );
  }
})();

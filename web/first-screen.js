// Put inline into index.html by the build (vite.config.ts, decision 0095) and run while the page is
// parsed, before its first paint: on the login page's address, the login page drawn at build time in
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
  const root = document.getElementById('root');
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

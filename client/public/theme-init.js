// Runs before first paint so a dark-theme user never sees a light flash. Keep in sync with
// client/src/app/theme.tsx (THEME_STORAGE_KEY and the resolution rule).
(function () {
  var choice = 'light';
  try {
    choice = localStorage.getItem('hydrobridge-theme') || 'light';
  } catch (e) {}
  var dark = choice === 'dark' || (choice === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.add(dark ? 'dark' : 'light');
})();

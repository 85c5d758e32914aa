// Shows the server's first screen of /allDonations (index.html's template) only where the app will draw that list:
// not to an account (its list comes from its own store) nor to a visitor who last picked the map.
try {
  const s = localStorage;
  if (!s.getItem('foodbridge.session') && !s.getItem('foodbridge.role') && s.getItem('foodbridge.donationsView') !== 'map') {
    document.documentElement.classList.add('all-donations-first-paint');
  }
} catch {
  // Storage blocked: no first screen; the app reads the list as usual.
}
// A worker loads ICU's data while the app downloads, as /first-paint.js does (why: index.html, beside it).
if (window.Worker) new Worker('/intl-warm.js');

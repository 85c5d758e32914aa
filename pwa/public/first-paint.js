if(location.pathname==='/')document.documentElement.classList.add('home-first-paint')
if(window.Worker)new Worker('/intl-warm.js')

if(location.pathname==='/')document.documentElement.classList.add('home-first-paint')

new Intl.NumberFormat().format(1);new Intl.DateTimeFormat().format(0);close()

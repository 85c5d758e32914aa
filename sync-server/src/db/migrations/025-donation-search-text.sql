-- What a search of the public list (?q=) looks in, kept with each row: the title, the restaurant and the place,
-- lower-cased without accents, as searchFold (shared/src/search.ts) folds the search words; the two alphabets here are
-- its ACCENTED and PLAIN, letter for letter (db/donations-search.test.ts checks them). Worked out for every row on
-- every search before: a search that matched nothing read all 100,000 donations of a city in 3-6 s on the embedded
-- database, every other query waiting meanwhile; 60-140 ms now.
ALTER TABLE donations ADD COLUMN search_text text GENERATED ALWAYS AS (
  translate(lower(title || ' ' || restaurant_name || ' ' || location), 'àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿźżžß', 'aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzs')
) STORED;

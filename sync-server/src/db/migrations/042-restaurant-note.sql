-- The restaurant's note to whoever collects (issue 49): "ring the bell at the back door", "ask for Sam". Said on the
-- donation, shown on its page and on the driver's pickup card, offline too (the replicated donation carries it).
ALTER TABLE donations ADD COLUMN restaurant_note text CHECK (char_length(restaurant_note) BETWEEN 1 AND 300);

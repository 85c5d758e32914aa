-- Food safety on a donation (issue 50): what a charity feeding people with allergies or diets must know before it
-- accepts food. Allergens: NULL when the restaurant did not say, an empty array when it said none of the 14 (EU
-- Regulation 1169/2011, Annex II); dietary tags when said; storage when said.
ALTER TABLE donations
  ADD COLUMN allergens jsonb CHECK (allergens IS NULL OR jsonb_typeof(allergens) = 'array'),
  ADD COLUMN dietary jsonb CHECK (dietary IS NULL OR jsonb_typeof(dietary) = 'array'),
  ADD COLUMN storage text CHECK (storage IN ('ambient', 'chilled', 'frozen'));

-- GET /my-reviews/{email} looks reviews up by the reviewer's e-mail (the spec's key), not by user id.
CREATE INDEX reviews_reviewer_email ON reviews (reviewer_email) WHERE NOT deleted;

// Its own module, holding nothing else: start-up (main.tsx) imports it, and everything in a module start-up imports
// lands in the home page's bundle, where bytes are counted.

/**
 * A visitor's All Donations with nothing picked: its first screen, as useFirstScreenFirst asks for it
 * (withLimit(verifiedDonationsPathOf({ sort: 'newest' }), FIRST_SCREEN); a test checks that they agree).
 */
export const VISITOR_FIRST_SCREEN = '/donations/verified?sort=newest&limit=24';

import { CommunityStories } from './community-stories';
import { FeaturedDonations } from './featured-donations';
import { HeroCarousel } from './hero-carousel';
import { LatestCharityRequests } from './latest-charity-requests';
import { PlatformImpact } from './platform-impact';

export function HomePage() {
  return (
    <>
      {/* The visible headings rotate with the carousel, so the page's own title stays put for screen readers. */}
      <h1 className="sr-only">FoodBridge: surplus food from restaurants to the charities that need it</h1>
      <HeroCarousel />
      <FeaturedDonations />
      <LatestCharityRequests />
      <PlatformImpact />
      <CommunityStories />
    </>
  );
}

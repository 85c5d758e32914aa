import { CommunityStories } from './community-stories';
import { FeaturedDonations } from './featured-donations';
import { HeroCarousel } from './hero-carousel';
import { LatestCharityRequests } from './latest-charity-requests';
import { PlatformImpact } from './platform-impact';
import { useI18n } from '@/lib/i18n/i18n';

export function HomePage() {
  const i18n = useI18n();
  return (
    <>
      {/* The visible headings rotate with the carousel, so the page's own title stays put for screen readers. */}
      <h1 className="sr-only">{i18n._('home.title')}</h1>
      <HeroCarousel />
      <FeaturedDonations />
      <LatestCharityRequests />
      <PlatformImpact />
      <CommunityStories />
    </>
  );
}

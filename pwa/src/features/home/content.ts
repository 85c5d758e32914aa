// Fixed copy of the home page (spec: Home; impact figures and testimonials are not fetched).

export interface Slide {
  id: string;
  title: string;
  description: string;
  background: string;
}

export const SLIDES: Slide[] = [
  {
    id: 'surplus',
    title: 'Turn Surplus into Service',
    description: 'Restaurants donate their extra food to feed the community instead of wasting it.',
    background: '/home/hero-surplus.svg',
  },
  {
    id: 'charities',
    title: 'Charities Empowered',
    description: 'Verified charities request and pick up donations to help those in need.',
    background: '/home/hero-charities.svg',
  },
  {
    id: 'planet',
    title: 'Reduce Waste, Save the Planet',
    description: 'Every donation cuts food waste and lowers our environmental impact.',
    background: '/home/hero-planet.svg',
  },
];

export interface Testimonial {
  name: string;
  role: 'Charity' | 'Restaurant';
  organization: string;
  image: string;
  story: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Grace Mensah',
    role: 'Charity',
    organization: 'Harvest Hope Kitchen',
    image: '/home/story-charity.svg',
    story:
      'FoodBridge changed how we work. With verified donations arriving every week, we now serve hot meals to over 1,000 families a month.',
  },
  {
    name: 'Luca Romano',
    role: 'Restaurant',
    organization: 'Trattoria Romano',
    image: '/home/story-restaurant.svg',
    story:
      'We used to throw away good food at closing time. Now we donate our leftovers daily, and it takes two minutes to list them.',
  },
];

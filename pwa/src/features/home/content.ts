// Fixed copy of the home page (spec: Home; impact figures and testimonials are not fetched). Words are catalogue ids
// (src/locales/*/messages.po), shown through i18n._(); names of people and places are not translated.

export interface Slide {
  id: string;
  title: string;
  description: string;
  background: string;
}

export const SLIDES: Slide[] = [
  {
    id: 'surplus',
    title: /*i18n*/ 'home.slide.surplus.title',
    description: /*i18n*/ 'home.slide.surplus.description',
    background: '/home/hero-surplus.svg',
  },
  {
    id: 'charities',
    title: /*i18n*/ 'home.slide.charities.title',
    description: /*i18n*/ 'home.slide.charities.description',
    background: '/home/hero-charities.svg',
  },
  {
    id: 'planet',
    title: /*i18n*/ 'home.slide.planet.title',
    description: /*i18n*/ 'home.slide.planet.description',
    background: '/home/hero-planet.svg',
  },
];

export interface Testimonial {
  name: string;
  /** Catalogue id of the role's name. */
  role: string;
  organization: string;
  image: string;
  story: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Grace Mensah',
    role: /*i18n*/ 'home.stories.role.charity',
    organization: 'Harvest Hope Kitchen',
    image: '/home/story-charity.svg',
    story: /*i18n*/ 'home.stories.grace',
  },
  {
    name: 'Luca Romano',
    role: /*i18n*/ 'home.stories.role.restaurant',
    organization: 'Trattoria Romano',
    image: '/home/story-restaurant.svg',
    story: /*i18n*/ 'home.stories.luca',
  },
];
